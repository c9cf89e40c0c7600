// The answer of create_diagram and update_diagram: where the diagram is and what it holds.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { z } from "zod";
import { structuredResult } from "../../../runtime/mcp/results.ts";
import type { DiagramSpec } from "../../../shared/spec.ts";
import type { DiagramView } from "../../core/diagram_service.ts";

export const savedDiagramOutput = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  revision: z.number().int(),
  nodes: z.number().int(),
  edges: z.number().int(),
});

export function savedDiagramResult(
  verb: "Created" | "Updated",
  diagram: DiagramView,
  spec: DiagramSpec,
): CallToolResult {
  const output = {
    id: diagram.id,
    name: diagram.name,
    url: diagram.url,
    revision: diagram.revision,
    nodes: spec.nodes.length,
    edges: spec.edges.length,
  };
  return structuredResult(
    `${verb} ${JSON.stringify(diagram.name)} (${output.nodes} nodes, ${output.edges} edges, ` +
      `revision ${diagram.revision}, id ${diagram.id}): ${diagram.url}`,
    output,
  );
}
