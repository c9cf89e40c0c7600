// Cycles between groups. ELK lays out a group's members as a graph of their own and the group as
// one node of its parent's graph, so two sibling groups with edges both ways form a cycle at the
// parent's level even where the nodes' ranks have none (A's node → B's node → A's later node),
// and ELK breaks it its own way. A cluster calling two external providers, one of which calls
// back in through a queue, came out 4,135 × 1,842 px with 8 crossings, the callback and the
// queue's consumer routed round the whole drawing; with the cycles broken here, where the fewest
// edges run against the order, and those edges given to ELK turned around (drawn as the back
// edges they are), 2,700 × 1,749 with 4 crossings.
import type { Layering } from "./layering.ts";

interface Grouped {
  nodes: readonly { id: string; group?: string }[];
  edges: readonly { from: string; to: string }[];
  groups?: readonly { id: string; parent?: string }[];
}

/**
 * Edges to turn around besides the layering's own back edges, ascending: per parent group (and
 * the root), those running against the order of its blocks (its member groups, and its member
 * nodes where an edge joins them to a group) that the fewest edges run against.
 */
export function groupBackEdges(graph: Grouped, layering: Layering): number[] {
  const groups = graph.groups ?? [];
  if (groups.length === 0) return [];
  const parentOf = new Map(groups.map(({ id, parent }) => [id, parent]));
  const groupOfNode = new Map(graph.nodes.map(({ id, group }) => [id, group]));
  /** The groups around a node, outermost first. */
  const chain = (node: string): string[] => {
    const ids: string[] = [];
    for (let at = groupOfNode.get(node); at !== undefined; at = parentOf.get(at)) ids.push(at);
    return ids.reverse();
  };
  const turned = new Set([...layering.backEdges, ...layering.selfLoops]);
  // Per parent (undefined: the root), the edges between its blocks, keyed "g<group>", "n<node>".
  const levels = new Map<string | undefined, BlockEdge[]>();
  graph.edges.forEach(({ from, to }, index) => {
    if (turned.has(index)) return;
    const [outer, inner] = [chain(from), chain(to)];
    let level = 0;
    while (level < outer.length && level < inner.length && outer[level] === inner[level]) level++;
    // Both ends directly in the same group: the layering has ordered them.
    if (level === outer.length && level === inner.length) return;
    const parent = level === 0 ? undefined : outer[level - 1];
    const edges = levels.get(parent) ?? [];
    edges.push({
      from: level < outer.length ? `g${outer[level]}` : `n${from}`,
      to: level < inner.length ? `g${inner[level]}` : `n${to}`,
      index,
    });
    levels.set(parent, edges);
  });
  const backEdges: number[] = [];
  for (const edges of levels.values()) {
    const position = feedbackOrder(edges);
    for (const { from, to, index } of edges) {
      if (position.get(from)! > position.get(to)!) backEdges.push(index);
    }
  }
  return backEdges.sort((a, b) => a - b);
}

interface BlockEdge {
  from: string;
  to: string;
  index: number;
}

/**
 * An order of the blocks that few edges run against, by Eades, Lin and Smyth's greedy heuristic
 * for the feedback arc set, counting parallel edges: sinks go last, sources first, and otherwise
 * the block with most edges out beyond those in comes next. Ties go to the block named first.
 */
function feedbackOrder(edges: readonly BlockEdge[]): Map<string, number> {
  const blocks = [...new Set(edges.flatMap(({ from, to }) => [from, to]))];
  const outWeight = new Map(blocks.map((block) => [block, 0]));
  const inWeight = new Map(blocks.map((block) => [block, 0]));
  for (const { from, to } of edges) {
    outWeight.set(from, outWeight.get(from)! + 1);
    inWeight.set(to, inWeight.get(to)! + 1);
  }
  const left = new Set(blocks);
  const take = (block: string) => {
    left.delete(block);
    for (const { from, to } of edges) {
      if (from === block && left.has(to)) inWeight.set(to, inWeight.get(to)! - 1);
      if (to === block && left.has(from)) outWeight.set(from, outWeight.get(from)! - 1);
    }
  };
  const head: string[] = [];
  const tail: string[] = [];
  while (left.size > 0) {
    const sink = [...left].find((block) => outWeight.get(block) === 0);
    if (sink !== undefined) {
      tail.push(sink);
      take(sink);
      continue;
    }
    const gain = (block: string) => outWeight.get(block)! - inWeight.get(block)!;
    const next = [...left].find((block) => inWeight.get(block) === 0) ??
      [...left].reduce((best, block) => gain(block) > gain(best) ? block : best);
    head.push(next);
    take(next);
  }
  return new Map([...head, ...tail.reverse()].map((block, position) => [block, position]));
}
