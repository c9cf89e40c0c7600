// app_save_diagram: a person's edit in the chat client's diagram view, saved as the diagram's new
// contents over the revision the view read. The file takes the path every whole-file save takes
// (validated, images settled, thumbnail rendered by the server), the account's own diagrams only,
// kept in the history as made by "app" with the caller's token; a base that is no longer current
// saves nothing. App-only: hosts keep it from the model, but any holder of a token may call it.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import type { Actor } from "../../service/diagrams.ts";
import type { ToolContext } from "../tool_context.ts";
import { appRefusal } from "./app_refusals.ts";
import { documentedExcalidrawFile } from "./excalidraw_file_argument.ts";
import { diagramIdArgument } from "./ids.ts";
import { APP_TOOLS, appToolMeta } from "./view_meta.ts";

const shape = (file: z.ZodType) =>
  z.object({
    id: diagramIdArgument.describe("The diagram's id."),
    file,
    baseRevision: z.number().int().min(1)
      .describe("The revision the view read (app_read_diagram) and the person edited."),
  });

// Any file is taken and validated by the service, which lists every problem with its path.
const inputSchema = toolSchema(shape(z.unknown()), {
  documented: shape(documentedExcalidrawFile.describe("The whole Excalidraw file as edited.")),
});

const outputSchema = toolSchema(z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  revision: z.number().int().describe("The new current revision."),
  replacedRevision: z.number().int().describe("The revision this save replaced, kept."),
}));

/** Registers the app-only tool that saves the view's edit, refused over a newer revision. */
export function registerAppSaveDiagram(server: McpServer, context: ToolContext): void {
  const actor: Actor = { ...context.actor, via: "app" };
  server.registerTool(APP_TOOLS.save, {
    title: "Save the view's edit",
    description:
      "For the diagram view only: saves the person's edited Excalidraw file over baseRevision.",
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    _meta: appToolMeta,
  }, async (input: z.output<ReturnType<typeof shape>>) => {
    const baseRevision = input.baseRevision as number;
    try {
      const saved = await context.diagrams.replaceFile(actor, input.id as string, {
        file: input.file,
        expectedRevision: baseRevision,
      });
      // A file that draws what is stored writes nothing (same_drawing.ts): say so, not "saved".
      const text = saved.revision === baseRevision
        ? `Nothing to save: ${JSON.stringify(saved.name)} already draws this, still revision ` +
          `${saved.revision}: ${saved.url}`
        : `Saved ${JSON.stringify(saved.name)} as revision ${saved.revision} (revision ` +
          `${baseRevision} is kept in its history): ${saved.url}`;
      return structuredResult(
        text,
        {
          id: saved.id,
          name: saved.name,
          url: saved.url,
          revision: saved.revision,
          replacedRevision: baseRevision,
        },
      );
    } catch (error) {
      return appRefusal(APP_TOOLS.save, error, baseRevision);
    }
  });
}
