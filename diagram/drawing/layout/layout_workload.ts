// How much work a graph is for ELK's layered algorithm, computed from our own layering in a few
// milliseconds. ELK's time and memory grow with the nodes it places, and it places one dummy
// node in every layer a long edge crosses: an edge from layer 2 to layer 600 costs 597 of
// them. The layout picks its effort from these numbers and the budget refuses graphs by them.
import { type Layering, type LayeringGraph, longestPathLayers } from "./layering.ts";
import { bundleEdges, type DirectedEnds } from "./edge_bundles.ts";

/** The edges as ELK gets them: turned around where they close a cycle, parallels bundled. */
export interface EdgePlan {
  /** Per input edge, its ends in layout direction. */
  directed: DirectedEnds[];
  /** Input edge indices per bundle; ELK routes the first of each. */
  bundles: number[][];
}

export interface LayoutWorkload {
  nodes: number;
  layers: number;
  /** Edges ELK routes: one per bundle. */
  routedEdges: number;
  /** Dummy nodes: over the routed edges, the layers each crosses without ending there. */
  longEdgeSegments: number;
  /** Routed edges (or their segments) passing between the busiest pair of adjacent layers. */
  widestGap: number;
  /** Per input edge, how many layers apart its ends are (0 for a self-loop). */
  spans: number[];
}

export function planEdges(edges: LayeringGraph["edges"], layering: Layering): EdgePlan {
  const reversed = new Set(layering.backEdges);
  const directed = edges.map(({ from, to }, index): DirectedEnds =>
    reversed.has(index) ? { source: to, target: from } : { source: from, target: to }
  );
  return { directed, bundles: bundleEdges(directed) };
}

export function layoutWorkload(
  graph: LayeringGraph,
  layering: Layering = longestPathLayers(graph),
  plan: EdgePlan = planEdges(graph.edges, layering),
): LayoutWorkload {
  const rank = (id: string) => layering.ranks.get(id)!;
  const spans = graph.edges.map(({ from, to }) => Math.abs(rank(to) - rank(from)));
  const layers = graph.nodes.length === 0 ? 0 : Math.max(...layering.ranks.values()) + 1;

  let longEdgeSegments = 0;
  // Edges entering and leaving each gap (gap g lies between layers g and g + 1), summed below.
  const gapChange = new Array<number>(layers + 1).fill(0);
  for (const [first] of plan.bundles) {
    const span = spans[first];
    if (span === 0) continue;
    longEdgeSegments += span - 1;
    const low = Math.min(rank(graph.edges[first].from), rank(graph.edges[first].to));
    gapChange[low]++;
    gapChange[low + span]--;
  }
  let widestGap = 0;
  let running = 0;
  for (const change of gapChange) {
    running += change;
    widestGap = Math.max(widestGap, running);
  }
  return {
    nodes: graph.nodes.length,
    layers,
    routedEdges: plan.bundles.length,
    longEdgeSegments,
    widestGap,
    spans,
  };
}
