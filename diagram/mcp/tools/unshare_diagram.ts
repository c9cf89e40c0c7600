// unshare_diagram: revokes one of a diagram's share links, or all of them. Whoever holds a revoked
// link finds nothing there from then on; a revoke cannot be undone (share_diagram makes a new link).
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { NotFoundError } from "../../service/errors.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { diagramIdArgument } from "./ids.ts";
import { shareLinkOutput } from "./share_diagram.ts";

const inputSchema = z.object({
  id: diagramIdArgument.describe("The diagram's id."),
  link: z.string().trim().min(1).max(100).nullish().describe(
    "The id of the link to revoke (from share_diagram or get_diagram); every live link of the " +
      "diagram when omitted.",
  ),
});

const outputSchema = z.object({
  diagramId: z.string(),
  revoked: z.array(shareLinkOutput).describe("The links revoked; empty when there were none."),
});

const publishedInput = toolSchema(inputSchema);
const publishedOutput = toolSchema(outputSchema);

/** Registers unshare_diagram: revokes one of a diagram's share links, or all of them. */
export function registerUnshareDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("unshare_diagram", {
    title: "Unshare diagram",
    description:
      "Revoke a diagram's share links: the one named by link, or every one when link is " +
      "omitted. Whoever holds a revoked link loses access at once. It cannot be undone; " +
      "share_diagram makes a new link.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const { userId } = context.actor;
      // Also the check that the diagram is there and this account's.
      await context.diagrams.details(userId, input.id);
      const live = await context.shares.list(userId, input.id);
      const chosen = input.link ? live.filter((link) => link.id === input.link) : live;
      if (input.link && chosen.length === 0) {
        throw new NotFoundError(
          `no live share link ${input.link} on this diagram (get_diagram lists its links)`,
        );
      }
      for (const link of chosen) await context.shares.revoke(userId, link.id);
      const revoked = chosen.map(({ id, access, label, expiresAt, history }) => ({
        id,
        access,
        label,
        expiresAt,
        history,
      }));
      const text = revoked.length === 0
        ? "The diagram had no live share links; nothing was revoked."
        : `Revoked ${revoked.length} link${revoked.length === 1 ? "" : "s"}: ${
          revoked.map((link) => `${link.id} (${link.access}${link.label ? `, ${link.label}` : ""})`)
            .join(", ")
        }. Whoever holds ${revoked.length === 1 ? "it" : "them"} finds nothing there now.`;
      return structuredResult(text, { diagramId: input.id, revoked });
    } catch (error) {
      return toolFailure("unshare_diagram", error);
    }
  });
}
