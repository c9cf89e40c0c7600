// Stacks wide fan-outs: the end nodes (sinks) hanging off one parent, which a layered layout puts
// side by side in one layer (an org chart's 19 team leads in a row 4,600 px wide), are put in
// columns of a few under their parent instead, as org charts are drawn. Done by invisible edges
// from each stacked sink to the next: the layering then puts them one layer apart, the layout
// places each under the one before, and the edges are dropped from the drawing. A sink has no
// edge leaving it, so moving it further along the flow turns no edge against the direction.
//
// One level up, on request: a parent's children that are the heads of teams (each with only end
// nodes under it, its own alone) are stacked the same way, each head below the last team of the
// one before, so that an org chart with thirteen managers of two teams each is not thirteen
// managers wide. Nothing leads into a head's team but the head, so moving the team along moves
// no edge against the direction either.
import type { Layering } from "./layering.ts";

export interface StackGraph {
  nodes: readonly { id: string; group?: string }[];
  edges: readonly { from: string; to: string }[];
}

/**
 * Invisible edges stacking the sinks of each parent into columns of at most `depth`, in spec
 * order; none when depth is 1. A sink's parent is its predecessor in the highest layer; sinks
 * are stacked only with sinks of the same parent in the same group. With `heads`, a parent's
 * children whose own children are all sinks with no other parent, in the child's group, are
 * stacked with them: an edge from each of the team's sinks leads to what comes next.
 */
export function stackingEdges(
  graph: StackGraph,
  layering: Layering,
  depth: number,
  heads = false,
): { from: string; to: string }[] {
  if (depth <= 1) return [];
  const ignored = new Set([...layering.backEdges, ...layering.selfLoops]);
  const children = new Map<string, string[]>();
  const parents = new Map<string, number>();
  const parentOf = new Map<string, string>();
  graph.edges.forEach(({ from, to }, index) => {
    if (ignored.has(index)) return;
    children.set(from, [...children.get(from) ?? [], to]);
    parents.set(to, (parents.get(to) ?? 0) + 1);
    const parent = parentOf.get(to);
    if (parent === undefined || layering.ranks.get(from)! > layering.ranks.get(parent)!) {
      parentOf.set(to, from);
    }
  });
  const groupOf = new Map(graph.nodes.map(({ id, group }) => [id, group ?? null]));
  // What a stacked node leaves behind it: itself, or a head's team.
  const lastOf = (id: string): string[] | null => {
    const team = children.get(id);
    if (team === undefined) return [id];
    const alone = heads &&
      team.every((member) =>
        !children.has(member) && parents.get(member) === 1 &&
        groupOf.get(member) === groupOf.get(id)
      );
    return alone ? team : null;
  };
  const siblings = new Map<string, { id: string; last: string[] }[]>();
  for (const { id, group } of graph.nodes) {
    const parent = parentOf.get(id);
    const last = lastOf(id);
    if (parent === undefined || last === null) continue;
    // JSON keeps any two ids apart, whatever characters they contain.
    const key = JSON.stringify([parent, group ?? null]);
    siblings.set(key, [...siblings.get(key) ?? [], { id, last }]);
  }
  const edges: { from: string; to: string }[] = [];
  for (const stack of siblings.values()) {
    for (let i = 1; i < stack.length; i++) {
      if (i % depth === 0) continue;
      for (const from of stack[i - 1].last) edges.push({ from, to: stack[i].id });
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
