// list_revisions: a diagram's kept revisions, newest first, with who made each (a person in the
// editor, the collaboration server, an agent, an import, a restore, a person in a chat client's
// view), when, and how big: what
// restore_revision can go back to.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { DIAGRAM_SOURCES } from "../../service/diagrams.ts";
import { MADE_BY } from "../../service/history.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { diagramIdArgument } from "./ids.ts";

const inputSchema = z.object({
  id: diagramIdArgument.describe("The diagram's id."),
  limit: z.number().int().min(1).max(100).default(20)
    .describe("How many revisions, newest first (default 20)."),
});

const revisionOutput = z.object({
  revision: z.number().int(),
  source: z.enum(DIAGRAM_SOURCES)
    .describe(
      "Who made these contents: web (a person), collab (live editing), mcp (an agent), " +
        "import, restore, or app (a person editing in the chat client's diagram view).",
    ),
  savedAt: z.string(),
  elementCount: z.number().int(),
  byteSize: z.number().int(),
});

const outputSchema = z.object({
  id: z.string(),
  currentRevision: z.number().int(),
  revisions: z.array(revisionOutput),
  more: z.boolean().describe("Older revisions exist beyond this list."),
});

const publishedInput = toolSchema(inputSchema);
const publishedOutput = toolSchema(outputSchema);

export function registerListRevisions(server: McpServer, context: ToolContext): void {
  server.registerTool("list_revisions", {
    title: "List revisions",
    description:
      "A diagram's history, newest first: every kept revision with who made it (web, collab, " +
      "mcp, import, restore, app), when, and its element count. Any of them can be brought back with " +
      "restore_revision; the current contents are not in the list (they are currentRevision).",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true },
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const page = await context.history.list(context.actor.userId, input.id, {
        limit: input.limit,
      });
      const revisions = page.revisions.map(({ keptAt: _, ...revision }) => revision);
      const lines = revisions.map((revision) =>
        `revision ${revision.revision}  ${revision.savedAt}  by ${
          MADE_BY[revision.source]
        }  ${revision.elementCount} element(s)`
      );
      const text = `${JSON.stringify(page.diagram.name)} is at revision ${page.diagram.revision} ` +
        `(by ${MADE_BY[page.diagram.changedVia]}, ${page.diagram.savedAt}).\n` +
        (lines.length === 0 ? "No earlier revisions are kept." : lines.join("\n"));
      return structuredResult(text, {
        id: page.diagram.id,
        currentRevision: page.diagram.revision,
        revisions,
        more: page.nextBefore !== null,
      });
    } catch (error) {
      return toolFailure("list_revisions", error);
    }
  });
}
