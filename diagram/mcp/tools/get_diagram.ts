// get_diagram: a diagram's name, URL, revision and its nodes and edges as compact text.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { outlineScene, outlineText } from "../../core/describe_scene.ts";
import { getDiagram } from "../../store/diagrams.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { diagramIdArgument } from "./ids.ts";
import { diagramSummaryOutput } from "./list_diagrams.ts";

const inputSchema = z.object({ id: diagramIdArgument.describe("The diagram's id.") });

const outputSchema = diagramSummaryOutput.extend({
  nodes: z.array(z.object({ id: z.string(), label: z.string(), shape: z.string() })),
  edges: z.array(z.object({ from: z.string(), to: z.string(), label: z.string().optional() })),
  otherElements: z.number().int(),
});

export function registerGetDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("get_diagram", {
    title: "Get diagram",
    description:
      "Read a diagram back as nodes and edges (with the ids update_diagram expects), plus its " +
      "name, URL and revision. Hand-drawn shapes are named by their element id.",
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: true },
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const { file, ...meta } = await getDiagram(context.db, context.userId, input.id);
      const view = context.diagrams.view(meta);
      const outline = outlineScene(JSON.parse(file).elements);
      const header = `${JSON.stringify(view.name)} (revision ${view.revision}, updated ` +
        `${view.updatedAt}): ${view.url}`;
      return structuredResult(`${header}\n${outlineText(outline)}`, {
        id: view.id,
        name: view.name,
        url: view.url,
        revision: view.revision,
        collectionId: view.collectionId,
        updatedAt: view.updatedAt,
        ...outline,
      });
    } catch (error) {
      return toolFailure("get_diagram", error);
    }
  });
}
