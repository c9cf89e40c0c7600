// How much room along the flow edge labels take. Edges between the same two nodes run side by
// side through one gap between layers, so their labels take turns along it: their extents add up,
// with room between each two for the label placer's margins and the arrowheads. One clearance
// between them was a few pixels short: labels of 152 and 159 px on two parallel arrows 333 px
// long ended on each other.

/** Room kept before and after the labels along the flow, and twice that between two of them. */
export const LABEL_CLEARANCE = 12;

/** The key of the pair of nodes an edge joins, whichever way it runs. */
export function pairKey(from: string, to: string): string {
  // JSON keeps any two ids apart, whatever characters they contain.
  return JSON.stringify([from, to].sort());
}

/** Per pair of nodes, the room along the flow that the labels of its edges take side by side. */
export function labelsAlongByPair(
  edges: readonly { from: string; to: string; extent: number | null }[],
): Map<string, number> {
  const extents = new Map<string, number[]>();
  for (const { from, to, extent } of edges) {
    if (extent === null) continue;
    const key = pairKey(from, to);
    extents.set(key, [...extents.get(key) ?? [], extent]);
  }
  return new Map([...extents].map(([key, list]) => [
    key,
    list.reduce((sum, extent) => sum + extent, 0) + 2 * LABEL_CLEARANCE * (list.length - 1),
  ]));
}
