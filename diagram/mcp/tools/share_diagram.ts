// share_diagram: a link that shows one diagram to whoever has it, without an account, live and
// always at its current revision; view-only unless asked otherwise. The address is in this answer
// only (the service keeps a hash), so the agent hands it on as it is.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { createShareSchema } from "../../service/schemas.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { diagramIdArgument } from "./ids.ts";

const inputSchema = z.object({
  id: diagramIdArgument.describe("The diagram's id."),
  access: createShareSchema.shape.access.unwrap().nullish().describe(
    '"view" (the default): the person sees the diagram and its changes live. "edit": they may ' +
      "also change it, as a guest; every change is kept in its history, credited to the link.",
  ),
  expires: createShareSchema.shape.expires.unwrap().nullish()
    .describe('How long the link works: 1h, 1d, 7d, 30d, or "never" (the default) until revoked.'),
  label: createShareSchema.shape.label.unwrap().nullish().describe(
    "Who the link is for, up to 100 characters; the owner's lists show it, and the history " +
      "credits a guest's changes to it.",
  ),
  history: createShareSchema.shape.history.unwrap().nullish().describe(
    "true: the person may also see the diagram's history (every kept earlier version, as a " +
      "picture, and who made it). false (the default): only the diagram as it is now.",
  ),
});

/** What a share link is, without its secret; unshare_diagram and get_diagram say the same. */
export const shareLinkOutput = z.object({
  id: z.string().describe("The link's id, for unshare_diagram."),
  access: z.enum(["view", "edit"]),
  label: z.string(),
  expiresAt: z.string().nullable().describe("null: until revoked."),
  history: z.boolean().describe("Whether the link shows the diagram's history."),
});

const outputSchema = shareLinkOutput.extend({
  url: z.string().describe("The link to hand over; it is not shown again."),
  diagramId: z.string(),
});

const publishedInput = toolSchema(inputSchema);
const publishedOutput = toolSchema(outputSchema);

/** Registers share_diagram: a live link that shows (or lets edit) a diagram without an account. */
export function registerShareDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("share_diagram", {
    title: "Share diagram",
    description:
      "Make a link that shows a diagram to anyone who has it, without an account: live, always " +
      "the current drawing, with downloads of SVG, PNG and .excalidraw. View-only unless access " +
      "is edit. Returns the link, which is shown only this once: give it to the person. Revoke " +
      "it with unshare_diagram.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const { link, url } = await context.shares.create(context.actor.userId, {
        diagramId: input.id,
      }, {
        access: input.access ?? "view",
        expires: input.expires ?? "never",
        label: input.label ?? "",
        downloads: true,
        history: input.history ?? false,
      });
      const until = link.expiresAt === null ? "until revoked" : `until ${link.expiresAt}`;
      return structuredResult(
        `${link.access === "edit" ? "Edit" : "View"} link to ${
          JSON.stringify(link.target.name)
        }, ${until} (link id ${link.id}): ${url}\nIt is shown only this once. To revoke it: ` +
          `unshare_diagram {"id": ${JSON.stringify(input.id)}, "link": ${
            JSON.stringify(link.id)
          }}.`,
        {
          url,
          id: link.id,
          diagramId: link.target.id,
          access: link.access,
          label: link.label,
          expiresAt: link.expiresAt,
          history: link.history,
        },
      );
    } catch (error) {
      return toolFailure("share_diagram", error);
    }
  });
}
