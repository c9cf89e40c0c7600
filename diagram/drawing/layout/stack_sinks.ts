// Stacks wide fan-outs: the end nodes (sinks) hanging off one parent, which a layered layout puts
// side by side in one layer (an org chart's 19 team leads in a row 4,600 px wide), are put in
// columns of a few under their parent instead, as org charts are drawn. Done by invisible edges
// from each stacked sink to the next: the layering then puts them one layer apart, the layout
// places each under the one before, and the edges are dropped from the drawing. A sink has no
// edge leaving it, so moving it further along the flow turns no edge against the direction.
import type { Layering } from "./layering.ts";

export interface StackGraph {
  nodes: readonly { id: string; group?: string }[];
  edges: readonly { from: string; to: string }[];
}

/**
 * Invisible edges stacking the sinks of each parent into columns of at most `depth`, in spec
 * order; none when depth is 1. A sink's parent is its predecessor in the highest layer; sinks
 * are stacked only with sinks of the same parent in the same group.
 */
export function stackingEdges(
  graph: StackGraph,
  layering: Layering,
  depth: number,
): { from: string; to: string }[] {
  if (depth <= 1) return [];
  const ignored = new Set([...layering.backEdges, ...layering.selfLoops]);
  const hasOutgoing = new Set<string>();
  const parentOf = new Map<string, string>();
  graph.edges.forEach(({ from, to }, index) => {
    if (ignored.has(index)) return;
    hasOutgoing.add(from);
    const parent = parentOf.get(to);
    if (parent === undefined || layering.ranks.get(from)! > layering.ranks.get(parent)!) {
      parentOf.set(to, from);
    }
  });
  const siblings = new Map<string, string[]>();
  for (const { id, group } of graph.nodes) {
    const parent = parentOf.get(id);
    if (parent === undefined || hasOutgoing.has(id)) continue;
    // JSON keeps any two ids apart, whatever characters they contain.
    const key = JSON.stringify([parent, group ?? null]);
    siblings.set(key, [...siblings.get(key) ?? [], id]);
  }
  const edges: { from: string; to: string }[] = [];
  for (const sinks of siblings.values()) {
    for (let i = 1; i < sinks.length; i++) {
      if (i % depth !== 0) edges.push({ from: sinks[i - 1], to: sinks[i] });
    }
  }
  return edges;
}

/**
 * The layering with the stacking edges appended to the graph's edges: the same edges broken to
 * undo cycles (the stacking edges run between sinks, so they close none), and ranks again the
 * longest paths, now through the stacks. Laying the graph out afresh would search for cycles
 * again, and the new edges could make that search break other edges than before.
 */
export function stackedLayering(
  graph: StackGraph,
  layering: Layering,
  stacking: readonly { from: string; to: string }[],
): Layering {
  const ignored = new Set([...layering.backEdges, ...layering.selfLoops]);
  const forward = [...graph.edges.filter((_, index) => !ignored.has(index)), ...stacking];
  const outgoing = new Map<string, string[]>(graph.nodes.map(({ id }) => [id, []]));
  const waiting = new Map<string, number>(graph.nodes.map(({ id }) => [id, 0]));
  for (const { from, to } of forward) {
    outgoing.get(from)!.push(to);
    waiting.set(to, waiting.get(to)! + 1);
  }
  const ranks = new Map<string, number>(graph.nodes.map(({ id }) => [id, 0]));
  const ready = graph.nodes.filter(({ id }) => waiting.get(id) === 0).map(({ id }) => id);
  while (ready.length > 0) {
    const node = ready.pop()!;
    for (const next of outgoing.get(node)!) {
      ranks.set(next, Math.max(ranks.get(next)!, ranks.get(node)! + 1));
      waiting.set(next, waiting.get(next)! - 1);
      if (waiting.get(next) === 0) ready.push(next);
    }
  }
  return { ...layering, ranks };
}
