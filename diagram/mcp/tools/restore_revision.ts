// restore_revision: brings an earlier revision's contents back as a new revision. What it replaces
// is kept, so a restore is undone by restoring the revision it names.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { diagramIdArgument } from "./ids.ts";

const inputSchema = z.object({
  id: diagramIdArgument.describe("The diagram's id."),
  revision: z.number().int().min(1)
    .describe("The revision to bring back, from list_revisions or update_diagram's answer."),
});

const outputSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  revision: z.number().int().describe("The new current revision."),
  restoredRevision: z.number().int(),
  replacedRevision: z.number().int()
    .describe("The revision this restore replaced: restore it to undo the restore."),
});

const publishedInput = toolSchema(inputSchema);
const publishedOutput = toolSchema(outputSchema);

/** Registers restore_revision: an earlier revision brought back as the current contents. */
export function registerRestoreRevision(server: McpServer, context: ToolContext): void {
  server.registerTool("restore_revision", {
    title: "Restore revision",
    description:
      "Bring back an earlier revision of a diagram (see list_revisions, or the replacedRevision " +
      "update_diagram answered) as its new current contents. Nothing is lost: the contents it " +
      "replaces become a revision too, named in the answer.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const restored = await context.history.restore(context.actor, input.id, {
        revision: input.revision,
      });
      const { diagram } = restored;
      return structuredResult(
        `Restored revision ${restored.restoredRevision} of ${JSON.stringify(diagram.name)} as ` +
          `revision ${diagram.revision}: ${diagram.url}\nTo undo: restore_revision {"id": ` +
          `${JSON.stringify(diagram.id)}, "revision": ${restored.replacedRevision}}.`,
        {
          id: diagram.id,
          name: diagram.name,
          url: diagram.url,
          revision: diagram.revision,
          restoredRevision: restored.restoredRevision,
          replacedRevision: restored.replacedRevision,
        },
      );
    } catch (error) {
      return toolFailure("restore_revision", error);
    }
  });
}
