// Refuses, before any layout starts, the specs that ELK cannot lay out within the service's
// budget (5 s and 600 MB on two cores, see bench/layout_budget_bench.ts). Pure and fast: it
// reads the spec and our layering, never ELK. Each problem is written for the AI agent that
// sent the spec: where, what, the limit, and what to change.
import type { DiagramSpec } from "../spec.ts";
import { longestPathLayers } from "../layering.ts";
import { layoutWorkload } from "./layout_workload.ts";

export const LAYOUT_BUDGET = {
  /**
   * Dummy nodes ELK places for edges that skip layers (the sum over edges of the layers each
   * crosses without ending there). They drive ELK's time and memory: a 1000-node ring with
   * 1000 random chords has 300,000 of them and ran out of memory after 68 s; 90 nodes with
   * 2000 random edges (55,000) took 17 s and 825 MB. At this limit the worst measured specs
   * (a 1000-node ring with chords, 90 nodes with random edges) take 1.9 s and 0.9 s through the
   * pool, and two of them at once peak at 520 MiB for the whole process (the bench).
   */
  maxLongEdgeSegments: 10_000,
} as const;

/** Edges named as examples in a problem. */
const EXAMPLES = 3;

/** Empty when the spec fits the budget. Expects a spec the schema accepted. */
export function layoutBudgetProblems(spec: DiagramSpec): string[] {
  const layering = longestPathLayers(spec);
  const workload = layoutWorkload(spec, layering);
  const problems: string[] = [];
  if (workload.longEdgeSegments > LAYOUT_BUDGET.maxLongEdgeSegments) {
    const longest = spec.edges
      .map((edge, index) => ({ ...edge, index, span: workload.spans[index] }))
      .sort((a, b) => b.span - a.span || a.index - b.index)
      .slice(0, EXAMPLES)
      .map(({ from, to, index, span }) =>
        `spec.edges[${index}] ${JSON.stringify(from)} → ${JSON.stringify(to)} spans ${span} layers`
      );
    const backEdges = layering.backEdges.length;
    problems.push(
      `spec.edges: edges skip ${workload.longEdgeSegments} layers in total ` +
        `(limit ${LAYOUT_BUDGET.maxLongEdgeSegments}): ` +
        `every node sits one layer below its deepest predecessor (${workload.layers} layers here), ` +
        `and an edge between distant layers is drawn through every layer in between. ` +
        `Remove or shorten the longest edges (${longest.join("; ")}), ` +
        (backEdges > 0
          ? `break long cycles (${backEdges} edges close a cycle and run back up the whole cycle), `
          : "") +
        `or split the diagram into several smaller ones.`,
    );
  }
  return problems;
}
