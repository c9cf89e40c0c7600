// Refuses, before any layout starts, the specs that ELK cannot lay out within the service's
// budget (5 s and 600 MB on two cores, see bench/layout_budget_bench.ts). Pure and fast: it
// reads the spec and our layering, never ELK. Each problem is written for the AI agent that
// sent the spec: where, what, the limit, and what to change.
import type { DiagramSpec } from "../spec.ts";
import { longestPathLayers } from "./layering.ts";
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
  /**
   * Edges between one pair of nodes (either way round; a self-loop pairs a node with itself).
   * ELK routes a bundle once, but every labelled one needs its own spot between the same two
   * nodes: 2000 labelled parallel edges took over 5 s to place, and no one can read them.
   */
  maxEdgesBetweenTwoNodes: 100,
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
  problems.push(...crowdedPairProblems(spec));
  return problems;
}

function crowdedPairProblems(spec: DiagramSpec): string[] {
  const edgesOfPair = new Map<string, number[]>();
  spec.edges.forEach(({ from, to }, index) => {
    // JSON of the sorted ends: ids are free text, so no separator could be trusted.
    const pair = JSON.stringify(from < to ? [from, to] : [to, from]);
    const indices = edgesOfPair.get(pair) ?? [];
    indices.push(index);
    edgesOfPair.set(pair, indices);
  });
  const limit = LAYOUT_BUDGET.maxEdgesBetweenTwoNodes;
  return [...edgesOfPair].filter(([, indices]) => indices.length > limit).map(([pair, indices]) => {
    const [a, b] = JSON.parse(pair) as string[];
    const between = a === b ? `on node ${JSON.stringify(a)}` : `between ${JSON.stringify(a)} and ` +
      JSON.stringify(b);
    return `spec.edges[${indices[limit]}]: ${indices.length} edges ${between} (limit ${limit}): ` +
      "merge them into fewer edges with combined labels, or add intermediate nodes.";
  });
}
