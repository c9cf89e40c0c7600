// get_diagram: a diagram as the exact spec update_diagram accepts (layout, node ids, labels,
// shapes, colours, edge ids and labels), plus what that spec cannot express.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { diagramIdArgument } from "./ids.ts";
import { diagramSummaryOutput, summaryOf } from "./list_diagrams.ts";

const inputSchema = z.object({ id: diagramIdArgument.describe("The diagram's id.") });

const specOutput = z.object({
  layout: z.enum(["TB", "LR"]),
  nodes: z.array(z.object({
    id: z.string(),
    label: z.string(),
    shape: z.string(),
    color: z.string().optional(),
  })),
  edges: z.array(z.object({
    id: z.string(),
    from: z.string(),
    to: z.string(),
    label: z.string().optional(),
  })),
});

const outputSchema = diagramSummaryOutput.extend({
  spec: specOutput.optional().describe("Absent when the diagram has no labelled shapes yet."),
  notExpressed: z.array(z.string())
    .describe("What the spec cannot say; update_diagram keeps those elements in place."),
});

const publishedInput = toolSchema(inputSchema);
const publishedOutput = toolSchema(outputSchema);

export function registerGetDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("get_diagram", {
    title: "Get diagram",
    description:
      "Read a diagram back as the spec update_diagram accepts: layout, every node (id, label, " +
      "shape, colour) and edge (id, from, to, label). Send it back unchanged and you get the same " +
      "drawing; edit it, or patch nodes and edges by these ids. Also lists what the spec cannot " +
      "express (free text, sketches, images), which updates keep in place.",
    inputSchema: publishedInput,
    outputSchema: publishedOutput,
    annotations: { readOnlyHint: true },
  }, async (input: z.output<typeof inputSchema>) => {
    try {
      const { diagram, spec, notExpressed } = await context.diagrams.readSpec(
        context.actor.userId,
        input.id,
      );
      const header = `${JSON.stringify(diagram.name)} (revision ${diagram.revision}, updated ` +
        `${diagram.updatedAt}): ${diagram.url}`;
      const specText = spec === null
        ? "No labelled shapes yet: create the contents with update_diagram and a whole spec."
        : `spec:\n${JSON.stringify(spec)}`;
      const missing = notExpressed.length === 0
        ? ""
        : `\nnot expressed by the spec (kept in place by updates):\n${
          notExpressed.map((line) => `- ${line}`).join("\n")
        }`;
      return structuredResult(`${header}\n${specText}${missing}`, {
        ...summaryOf(diagram),
        ...(spec === null ? {} : { spec }),
        notExpressed,
      });
    } catch (error) {
      return toolFailure("get_diagram", error);
    }
  });
}
