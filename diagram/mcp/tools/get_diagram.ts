// get_diagram: a diagram as the exact spec update_diagram accepts (layout, node ids, labels,
// shapes, colours, groups, edge ids, labels and styles) and as a Mermaid flowchart, plus what that
// spec cannot express and the live share links that show it.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { diagramSpecSchema } from "../../drawing/spec.ts";
import { mermaidOf } from "../../service/mermaid_diagrams.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { viewToolMeta } from "./view_meta.ts";
import { diagramIdArgument } from "./ids.ts";
import { linksShowing } from "../../service/share_links.ts";
import { diagramSummaryOutput, sharedNote, summaryOf } from "./list_diagrams.ts";
import { shareLinkOutput } from "./share_diagram.ts";
import { readPreviewArgument, withPreview } from "./preview_image.ts";

const inputSchema = z.object({
  id: diagramIdArgument.describe("The diagram's id."),
  preview: readPreviewArgument,
});

const output = (spec: z.ZodType) =>
  diagramSummaryOutput.extend({
    spec: spec.optional().describe("Absent when the diagram has no labelled shapes yet."),
    mermaid: z.string().nullable().describe(
      "The same diagram as a Mermaid flowchart (update_diagram takes it as mermaid); null when " +
        "there is no spec.",
    ),
    notExpressed: z.array(z.string())
      .describe("What the spec cannot say; update_diagram keeps those elements in place."),
    shareLinks: z.array(shareLinkOutput.extend({
      collectionId: z.string().nullable().describe(
        "The collection whose link shows it; null for a link to the diagram itself (the links " +
          "unshare_diagram revokes).",
      ),
    })).describe("The live share links that show it (never their address), newest first."),
  });

const publishedInput = toolSchema(inputSchema);
// The spec's own schema is published, so every field it may hold reads as update_diagram takes
// it; the answer is checked loosely, as the spec was read back from a stored scene.
const publishedOutput = toolSchema(output(z.record(z.string(), z.unknown())), {
  documented: output(diagramSpecSchema),
});

/** Registers get_diagram: a diagram as its spec, Mermaid text and optionally a PNG. */
export function registerGetDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("get_diagram", {
    title: "Get diagram",
    description:
      "Read a diagram back as the spec update_diagram accepts: layout, every node (id, label, " +
      "shape, colours, group), group and edge (id, from, to, label, line and heads), and the " +
      "same as Mermaid flowchart text. Send either back unchanged and you get the same " +
      "drawing; edit it, or patch nodes and edges by these ids. Also lists what the spec cannot " +
      "express (free text, sketches, images), which updates keep in place, the live share " +
      "links (share_diagram, unshare_diagram), and shows the diagram as it is saved as a PNG.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true },
    _meta: viewToolMeta,
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const { diagram, spec, notExpressed, preview } = await context.diagrams.readSpec(
        context.actor.userId,
        input.id,
        { preview: input.preview ?? true },
      );
      const mermaid = mermaidOf(spec);
      const { userId } = context.actor;
      const showing = linksShowing(
        await context.shares.list(userId),
        diagram,
        await context.collections.list(userId),
      );
      const shareLinks = showing.map(({ id, access, label, expiresAt, history, target }) => ({
        id,
        access,
        label,
        expiresAt,
        history,
        collectionId: target.type === "collection" ? target.id : null,
      }));
      const header = `${JSON.stringify(diagram.name)} (revision ${diagram.revision}, updated ` +
        `${diagram.updatedAt}): ${diagram.url}${sharedNote(shareLinks.length)}${
          shareLinks.map((link) =>
            `\n- share link ${link.id}${
              link.collectionId === null ? "" : ` (to its collection ${link.collectionId})`
            }: ${link.access}${link.label ? `, ${JSON.stringify(link.label)}` : ""}, ${
              link.expiresAt === null ? "until revoked" : `until ${link.expiresAt}`
            }${link.history ? ", with its history" : ""}`
          ).join("")
        }`;
      const specText = spec === null
        ? "No labelled shapes yet: create the contents with update_diagram and a whole spec or " +
          "a Mermaid chart."
        : `spec:\n${JSON.stringify(spec)}\nmermaid:\n${mermaid}`;
      const missing = notExpressed.length === 0
        ? ""
        : `\nnot expressed by the spec (kept in place by updates):\n${
          notExpressed.map((line) => `- ${line}`).join("\n")
        }`;
      const result = structuredResult(`${header}\n${specText}${missing}`, {
        ...summaryOf(diagram, shareLinks.length),
        ...(spec === null ? {} : { spec }),
        mermaid,
        notExpressed,
        shareLinks,
      });
      return withPreview(result, preview);
    } catch (error) {
      return toolFailure("get_diagram", error);
    }
  });
}
