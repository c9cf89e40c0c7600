// update_diagram: replaces a diagram's contents with a new spec (revision + 1).
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { publishedSchema } from "../../../runtime/mcp/published_schema.ts";
import { nameSchema } from "../../http/schemas.ts";
import { diagramIdArgument } from "./ids.ts";
import { specOrProblems, type ToolContext, toolFailure } from "../tool_context.ts";
import { documentedSpec, lenientSpec } from "./spec_argument.ts";
import { savedDiagramOutput, savedDiagramResult } from "./saved_diagram.ts";

const shape = (spec: z.ZodType) =>
  z.object({
    id: diagramIdArgument.describe(
      "The diagram to replace (from create_diagram or list_diagrams).",
    ),
    spec,
    name: nameSchema.optional().describe("A new title; omit to keep the current one."),
  });

const inputSchema = publishedSchema(shape(lenientSpec), shape(documentedSpec));

export function registerUpdateDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("update_diagram", {
    title: "Update diagram",
    description:
      "Replace a diagram's contents with a new spec; the server lays it out again. Send the " +
      "whole spec (use get_diagram to read the current nodes and edges). Hand edits made in the " +
      "editor since are replaced.",
    inputSchema,
    outputSchema: savedDiagramOutput,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
  }, async (input: z.output<ReturnType<typeof shape>>) => {
    const checked = specOrProblems(input.spec);
    if ("result" in checked) return checked.result;
    try {
      const updated = await context.diagrams.replaceFromSpec(context.userId, input.id, {
        spec: checked.spec,
        name: input.name,
      });
      return savedDiagramResult("Updated", updated, checked.spec);
    } catch (error) {
      return toolFailure("update_diagram", error);
    }
  });
}
