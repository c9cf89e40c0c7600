// The answer of create_diagram and update_diagram: where the diagram is and what it holds, and,
// for a Mermaid chart, what of it was not drawn.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import type { SpecUpdate, SpecWrite } from "../../service/spec_diagrams.ts";

/** create_diagram's structured answer: where the diagram is and what it holds. */
export const savedDiagramOutput = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  revision: z.number().int(),
  nodes: z.number().int(),
  edges: z.number().int(),
  notes: z.array(z.string()).optional().describe(
    "What the Mermaid chart held that is not drawn (only when there is something to say).",
  ),
});

/** update_diagram's structured answer: the saved one's fields and the revision it replaced. */
export const updatedDiagramOutput = savedDiagramOutput.extend({
  replacedRevision: z.number().int()
    .describe("The revision this update replaced (what an undo would go back to)."),
  keptElements: z.number().int()
    .describe("Hand-made elements the spec does not own, kept in place."),
  removedEdges: z.number().int().describe("Edges removed with the nodes a patch removed."),
});

/** What a Mermaid chart held that was not drawn, when the write came from one. */
type Notes = { notes?: string[] };

function summary({ diagram, nodes, edges, notes }: SpecWrite & Notes) {
  return {
    id: diagram.id,
    name: diagram.name,
    url: diagram.url,
    revision: diagram.revision,
    nodes,
    edges,
    ...(notes === undefined || notes.length === 0 ? {} : { notes }),
  };
}

/** The notes as lines after the summary; nothing when there are none. */
function notesText(notes: string[] | undefined): string {
  return notes === undefined || notes.length === 0
    ? ""
    : `\nNot drawn from the Mermaid chart:\n${notes.map((note) => `- ${note}`).join("\n")}`;
}

/** create_diagram's answer for a diagram just written. */
export function createdResult(write: SpecWrite & Notes): CallToolResult {
  const output = summary(write);
  return structuredResult(
    `Created ${JSON.stringify(output.name)} (${output.nodes} nodes, ${output.edges} edges, ` +
      `revision ${output.revision}, id ${output.id}): ${output.url}${notesText(write.notes)}`,
    output,
  );
}

/** update_diagram's answer for a diagram just rewritten. */
export function updatedResult(update: SpecUpdate & Notes): CallToolResult {
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
      `${output.url}/history).${notesText(update.notes)}`,
    output,
  );
}
