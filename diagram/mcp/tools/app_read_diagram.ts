// app_read_diagram: what the chat client's diagram view (ui://diagram/view.html) draws and edits:
// the diagram's SVG (our renderer, at natural size), its whole Excalidraw file for full-screen
// editing, and its name, URL and revision, the base a save from the view names. App-only: hosts
// keep it from the model, which never pays for a scene.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import type { ToolContext } from "../tool_context.ts";
import { appRefusal } from "./app_refusals.ts";
import { documentedExcalidrawFile } from "./excalidraw_file_argument.ts";
import { diagramIdArgument } from "./ids.ts";
import { APP_TOOLS, appToolMeta } from "./view_meta.ts";

const inputSchema = z.object({
  id: diagramIdArgument.describe("The diagram's id."),
  include: z.array(z.enum(["svg", "file"])).min(1).default(["svg", "file"])
    .describe("What to answer: the SVG to show, the file to edit, or both (the default)."),
});

const output = (file: z.ZodType) =>
  z.object({
    id: z.string(),
    name: z.string(),
    url: z.string().describe("The diagram's page in the gallery."),
    revision: z.number().int().describe("What a save from the view names as its baseRevision."),
    svg: z.string().optional().describe("The drawing as SVG, one unit per scene pixel."),
    file: file.optional().describe("The whole Excalidraw file, images included."),
  });

const publishedInput = toolSchema(inputSchema);
// The file was validated when it was stored: checked loosely here, published in full.
const publishedOutput = toolSchema(output(z.record(z.string(), z.unknown())), {
  documented: output(documentedExcalidrawFile),
});

/** Registers the app-only tool the diagram view reads a diagram with (SVG, file, revision). */
export function registerAppReadDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool(APP_TOOLS.read, {
    title: "Read a diagram for the view",
    description:
      "For the diagram view only: a diagram's SVG to show, its Excalidraw file to edit, its " +
      "name, URL and revision.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true },
    _meta: appToolMeta,
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const drawing = await context.diagrams.drawing(context.actor.userId, input.id, {
        svg: input.include.includes("svg"),
        file: input.include.includes("file"),
      });
      return structuredResult(
        `${JSON.stringify(drawing.name)} at revision ${drawing.revision}: ${drawing.url}`,
        {
          id: drawing.id,
          name: drawing.name,
          url: drawing.url,
          revision: drawing.revision,
          ...(drawing.svg === undefined ? {} : { svg: drawing.svg }),
          ...(drawing.file === undefined ? {} : { file: drawing.file }),
        },
      );
    } catch (error) {
      return appRefusal(APP_TOOLS.read, error);
    }
  });
}
