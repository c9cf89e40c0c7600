// create_diagram: a new diagram from a structural spec or a Mermaid flowchart; the server owns the
// layout.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import { InvalidInputError } from "../../service/errors.ts";
import { nameSchema } from "../../service/schemas.ts";
import { collectionIdArgument } from "./ids.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { viewToolMeta } from "./view_meta.ts";
import { documentedSpec, lenientSpec } from "./spec_argument.ts";
import { documentedMermaid, lenientMermaid, sentArguments } from "./mermaid_argument.ts";
import { createdResult, savedDiagramOutput } from "./saved_diagram.ts";
import { previewArgument, withPreview } from "./preview_image.ts";

const shape = (spec: z.ZodType, mermaid: z.ZodType) =>
  z.object({
    name: nameSchema.describe("Title shown in the gallery."),
    spec: spec.optional(),
    mermaid: mermaid.optional(),
    collectionId: collectionIdArgument.nullish().describe(
      "Put it in this collection (see list_collections).",
    ),
    preview: previewArgument,
  });

const inputSchema = toolSchema(shape(lenientSpec, lenientMermaid), {
  documented: shape(documentedSpec, documentedMermaid),
});
const outputSchema = toolSchema(savedDiagramOutput);

/** Exactly one drawing: spec or mermaid; InvalidInputError naming what was sent otherwise. */
function drawing(input: { spec?: unknown; mermaid?: unknown }) {
  const sent = sentArguments(input, ["spec", "mermaid"]);
  if (sent.length !== 1) {
    throw new InvalidInputError(
      [
        "send exactly one of spec (nodes and edges) or mermaid (a flowchart's text); got " +
        (sent.length === 0 ? "neither" : sent.join(" and ")),
      ],
      "nothing to draw",
    );
  }
  return sent[0] === "spec" ? { spec: input.spec } : { mermaid: input.mermaid };
}

/** Registers create_diagram: a new diagram drawn from a spec or a Mermaid chart. */
export function registerCreateDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("create_diagram", {
    title: "Create diagram",
    description:
      "Create an Excalidraw diagram from nodes and edges (spec) or from a Mermaid flowchart " +
      "(mermaid). The server lays it out (layered, arrows bound to shapes, labels sized to " +
      "fit) and saves it; returns its id and URL, a PNG of the drawing, and for a chart notes " +
      "on what it ignored. " +
      "Problems come back all at once with their paths or lines; nothing is saved then.",
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false },
    _meta: viewToolMeta,
  }, async (input: z.output<ReturnType<typeof shape>>) => {
    try {
      const target = {
        name: input.name,
        collectionId: input.collectionId ?? null,
        preview: input.preview ?? true,
      };
      const sent = drawing(input);
      const write = "spec" in sent
        ? await context.diagrams.createFromSpec(context.actor, { ...target, spec: sent.spec })
        : await context.diagrams.createFromMermaid(context.actor, {
          ...target,
          mermaid: sent.mermaid,
        });
      return withPreview(createdResult(write), write.preview);
    } catch (error) {
      return toolFailure("create_diagram", error);
    }
  });
}
