// The answer of create_diagram and update_diagram: where the diagram is and what it holds.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import type { SpecUpdate, SpecWrite } from "../../service/spec_diagrams.ts";

export const savedDiagramOutput = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  revision: z.number().int(),
  nodes: z.number().int(),
  edges: z.number().int(),
});

export const updatedDiagramOutput = savedDiagramOutput.extend({
  replacedRevision: z.number().int()
    .describe("The revision this update replaced (what an undo would go back to)."),
  keptElements: z.number().int()
    .describe("Hand-made elements the spec does not own, kept in place."),
  removedEdges: z.number().int().describe("Edges removed with the nodes a patch removed."),
});

function summary({ diagram, nodes, edges }: SpecWrite) {
  return {
    id: diagram.id,
    name: diagram.name,
    url: diagram.url,
    revision: diagram.revision,
    nodes,
    edges,
  };
}

export function createdResult(write: SpecWrite): CallToolResult {
  const output = summary(write);
  return structuredResult(
    `Created ${JSON.stringify(output.name)} (${output.nodes} nodes, ${output.edges} edges, ` +
      `revision ${output.revision}, id ${output.id}): ${output.url}`,
    output,
  );
}

export function updatedResult(update: SpecUpdate): CallToolResult {
  const output = {
    ...summary(update),
    replacedRevision: update.replacedRevision,
    keptElements: update.keptElements,
    removedEdges: update.removedEdges,
  };
  const extras = [
    update.keptElements > 0 ? `${update.keptElements} hand-made element(s) kept in place` : "",
    update.removedEdges > 0 ? `${update.removedEdges} edge(s) removed with their nodes` : "",
  ].filter(Boolean);
  return structuredResult(
    `Updated ${JSON.stringify(output.name)} to revision ${output.revision} (replaced revision ` +
      `${output.replacedRevision}; ${output.nodes} nodes, ${output.edges} edges` +
      `${extras.length ? `; ${extras.join("; ")}` : ""}): ${output.url}\n` +
      `To undo this change: restore_revision {"id": ${JSON.stringify(output.id)}, "revision": ` +
      `${output.replacedRevision}} (the user can also restore it from the diagram's history page, ` +
      `${output.url}/history).`,
    output,
  );
}
