// list_revisions: a diagram's kept revisions, newest first, with who made each (the door: the
// editor, the collaboration server, MCP, an import, a restore, a chat client's diagram view; and
// the access token's name when one was used), when, and how big: what restore_revision can go back
// to.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { DIAGRAM_SOURCES } from "../../service/diagrams.ts";
import { madeBy } from "../../service/history.ts";
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
      "Where these contents came from: web (the editor, or the REST API with a token), collab " +
        "(live editing), mcp (an agent), import, restore, app (the chat client's diagram view), " +
        "or mermaid (a chart on the gallery's New from Mermaid page).",
    ),
  withToken: z.string().nullable()
    .describe("The name of the access token they were written with; null without one."),
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

/** Registers list_revisions: a diagram's saved revisions, newest first. */
export function registerListRevisions(server: McpServer, context: ToolContext): void {
  server.registerTool("list_revisions", {
    title: "List revisions",
    description:
      "A diagram's history, newest first: every kept revision with who made it (web, collab, " +
      "mcp, import, restore, app, mermaid, and the access token's name when one was used), when, " +
      "and its element count. Any of them can be brought back with restore_revision; the " +
      "current contents are not in the list (they are currentRevision).",
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
          madeBy(revision.source, revision.withToken)
        }  ${revision.elementCount} element(s)`
      );
      const { diagram } = page;
      const text = `${JSON.stringify(diagram.name)} is at revision ${diagram.revision} (by ` +
        `${madeBy(diagram.changedVia, diagram.changedWithToken)}, ${diagram.savedAt}).\n` +
        (lines.length === 0 ? "No earlier revisions are kept." : lines.join("\n"));
      return structuredResult(text, {
        id: diagram.id,
        currentRevision: diagram.revision,
        revisions,
        more: page.nextBefore !== null,
      });
    } catch (error) {
      return toolFailure("list_revisions", error);
    }
  });
}
