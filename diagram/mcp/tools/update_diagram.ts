// update_diagram: redraws a diagram from a whole new spec, a patch of its current one or a Mermaid
// flowchart (revision + 1). Hand-made elements the spec does not own stay where they are.
import type { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
import { toolSchema } from "../../../runtime/mcp/tool_schema.ts";
import {
  documentedSpecPatchSchema,
  isEmptyPatch,
  specPatchSchema,
} from "../../drawing/spec_patch.ts";
import type { SpecChange } from "../../service/spec_diagrams.ts";
import { InvalidInputError } from "../../service/errors.ts";
import { nameSchema, parseOrThrow } from "../../service/schemas.ts";
import { diagramIdArgument } from "./ids.ts";
import { type ToolContext, toolFailure } from "../tool_context.ts";
import { viewToolMeta } from "./view_meta.ts";
import { documentedSpec, lenientSpec } from "./spec_argument.ts";
import { documentedMermaid, lenientMermaid, sentArguments } from "./mermaid_argument.ts";
import { updatedDiagramOutput, updatedResult } from "./saved_diagram.ts";
import { previewArgument, withPreview } from "./preview_image.ts";

const shape = (spec: z.ZodType, patch: z.ZodType, mermaid: z.ZodType) =>
  z.object({
    id: diagramIdArgument.describe(
      "The diagram to change (from create_diagram or list_diagrams).",
    ),
    spec: spec.optional(),
    patch: patch.optional().describe(
      "Instead of spec: change nodes and edges by id (ids as get_diagram returns them). " +
        'Example: {"updateNodes":[{"id":"db","label":"Postgres"}],"addEdges":[{"from":"api",' +
        '"to":"cache"}],"removeNodes":["old"]}.',
    ),
    mermaid: mermaid.optional(),
    name: nameSchema.optional().describe("A new title; omit to keep the current one."),
    preview: previewArgument,
  });

const inputSchema = toolSchema(shape(lenientSpec, z.unknown(), lenientMermaid), {
  documented: shape(documentedSpec, documentedSpecPatchSchema, documentedMermaid),
});
const outputSchema = toolSchema(updatedDiagramOutput);
const patchArgument = z.object({ patch: specPatchSchema });

/** The one change sent: a whole spec, a patch, or a chart; InvalidInputError naming what was sent. */
function change(
  input: { spec?: unknown; patch?: unknown; mermaid?: unknown },
): SpecChange | { mermaid: unknown } {
  const sent = sentArguments(input, ["spec", "patch", "mermaid"]);
  if (sent.length !== 1) {
    throw new InvalidInputError(
      [
        "send exactly one of spec (the whole new diagram), patch (changes by id) or mermaid (the " +
        `whole new diagram as a flowchart); got ${sent.length === 0 ? "none" : sent.join(" and ")}`,
      ],
      "nothing to draw",
    );
  }
  if (input.spec !== undefined) return { spec: input.spec };
  if (input.mermaid !== undefined) return { mermaid: input.mermaid };
  const { patch } = parseOrThrow(patchArgument, { patch: input.patch }, "arguments");
  if (isEmptyPatch(patch)) {
    throw new InvalidInputError(
      ["patch: changes nothing; name at least one change"],
      "empty patch",
    );
  }
  return { patch };
}

/** Registers update_diagram: a diagram redrawn from a new spec, a patch or a Mermaid chart. */
export function registerUpdateDiagram(server: McpServer, context: ToolContext): void {
  server.registerTool("update_diagram", {
    title: "Update diagram",
    description:
      "Redraw a diagram: send the whole new spec (get_diagram returns the current one, ready to " +
      "edit), a patch that adds, changes or removes nodes and edges by id, or the whole new " +
      "diagram as a Mermaid flowchart (get_diagram returns that too). The server lays it out " +
      "again; nodes and edges keep their element ids. Elements the spec cannot express " +
      "(free text, sketches, images drawn by hand) are kept in place. The answer names the " +
      "revision it replaced and shows the new drawing as a PNG.",
    inputSchema,
    outputSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    _meta: viewToolMeta,
  }, async (input: z.output<ReturnType<typeof shape>>) => {
    try {
      const sent = change(input);
      const preview = input.preview ?? true;
      const update = "mermaid" in sent
        ? await context.diagrams.updateFromMermaid(context.actor, input.id, {
          mermaid: sent.mermaid,
          name: input.name,
          preview,
        })
        : await context.diagrams.updateFromSpec(context.actor, input.id, {
          ...sent,
          name: input.name,
          preview,
        });
      return withPreview(updatedResult(update), update.preview);
    } catch (error) {
      return toolFailure("update_diagram", error);
    }
  });
}
