// create_diagram: a new diagram from a structural spec; the server owns the layout.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { nameSchema } from "../../service/schemas.ts";
import { collectionIdArgument } from "./ids.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { documentedSpec, lenientSpec } from "./spec_argument.ts";
import { createdResult, savedDiagramOutput } from "./saved_diagram.ts";

const shape = (spec: z.ZodType) =>
  z.object({
    name: nameSchema.describe("Title shown in the gallery."),
    spec,
    collectionId: collectionIdArgument.nullish().describe(
      "Put it in this collection (see list_collections).",
    ),
  });

const inputSchema = toolSchema(shape(lenientSpec), { documented: shape(documentedSpec) });
const outputSchema = toolSchema(savedDiagramOutput);

export function registerCreateDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("create_diagram", {
    title: "Create diagram",
    description:
      "Create an Excalidraw diagram from nodes and edges. The server lays it out (layered, " +
      "arrows bound to shapes, labels sized to fit) and saves it; returns its id and URL. " +
      "Spec problems come back all at once with their paths; nothing is saved then.",
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
  }, async (input: z.output<ReturnType<typeof shape>>) => {
    try {
      return createdResult(
        await context.diagrams.createFromSpec(context.actor, {
          name: input.name,
          collectionId: input.collectionId ?? null,
          spec: input.spec,
        }),
      );
    } catch (error) {
      return toolFailure("create_diagram", error);
    }
  });
}
