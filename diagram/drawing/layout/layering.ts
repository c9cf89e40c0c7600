// Longest-path layering: each node's rank is the number of edges on the longest path that
// reaches it, so every edge points at least one rank "down". Cycles are broken by ignoring
// DFS back edges; the DFS order is fixed by the spec order, making the result reproducible.
// Where the spec order leads the DFS to turn many edges round for one cycle (a CI run whose
// gate, reached first through a lint job, leads back to the matrix setup: the nine jobs' edges
// into the gate turned instead of the one rerun edge), Eades, Lin and Smyth's greedy order is
// taken instead when it turns at least three edges fewer and at most half as many: every edge
// turned is one drawn against the way the chart says its edges run. Charts the search turns
// fewer than three edges of (most) never need the greedy order worked out.

export interface LayeringGraph {
  nodes: readonly { id: string }[];
  edges: readonly { from: string; to: string }[];
}

export interface Layering {
  /** Rank per node id, iterating in spec node order. */
  ranks: Map<string, number>;
  /** Indices of edges ignored to break cycles, ascending. */
  backEdges: number[];
  /** Indices of edges whose ends are the same node, ascending. */
  selfLoops: number[];
}

/** How many fewer edges the greedy order must turn than the search for its choice to be taken. */
const MIN_TURNED_SAVED = 3;

const UNVISITED = 0;
const ON_STACK = 1;
const FINISHED = 2;

/** Throws if an edge names an unknown node or an id repeats; callers validate specs first. */
export function longestPathLayers(graph: LayeringGraph): Layering {
  const indexById = indexNodes(graph.nodes);
  const edgeEnds = graph.edges.map(({ from, to }, edgeIndex) => ({
    from: nodeIndexOf(indexById, from, edgeIndex),
    to: nodeIndexOf(indexById, to, edgeIndex),
  }));
  const selfLoops = indicesWhere(edgeEnds, ({ from, to }) => from === to);
  const outgoing = outgoingEdgesInSpecOrder(graph.nodes.length, edgeEnds);
  const searched = depthFirstSearch(graph.nodes.length, edgeEnds, outgoing);
  const turnedBySearch = count(searched.isBackEdge);
  const greedy = turnedBySearch >= MIN_TURNED_SAVED
    ? greedyOrder(graph.nodes.length, edgeEnds, outgoing)
    : null;
  const turnedByOrder = greedy === null ? turnedBySearch : count(greedy.isBackEdge);
  const { isBackEdge, topological } = greedy !== null && turnedByOrder * 2 <= turnedBySearch &&
      turnedBySearch - turnedByOrder >= MIN_TURNED_SAVED
    ? greedy
    : { isBackEdge: searched.isBackEdge, topological: searched.finishOrder.toReversed() };

  // Each node's rank is final before any of its successors is relaxed.
  const rank = new Array<number>(graph.nodes.length).fill(0);
  for (const node of topological) {
    for (const edgeIndex of outgoing[node]) {
      const { to } = edgeEnds[edgeIndex];
      if (to !== node && !isBackEdge[edgeIndex]) rank[to] = Math.max(rank[to], rank[node] + 1);
    }
  }

  return {
    ranks: new Map(graph.nodes.map(({ id }, node) => [id, rank[node]])),
    backEdges: indicesWhere(edgeEnds, (_, edgeIndex) => isBackEdge[edgeIndex]),
    selfLoops,
  };
}

function indexNodes(nodes: readonly { id: string }[]): Map<string, number> {
  const indexById = new Map<string, number>();
  nodes.forEach(({ id }, index) => {
    if (indexById.has(id)) throw new Error(`layering: duplicate node id ${JSON.stringify(id)}`);
    indexById.set(id, index);
  });
  return indexById;
}

function nodeIndexOf(indexById: Map<string, number>, id: string, edgeIndex: number): number {
  const index = indexById.get(id);
  if (index === undefined) {
    throw new Error(`layering: edge ${edgeIndex} names unknown node ${JSON.stringify(id)}`);
  }
  return index;
}

function indicesWhere<T>(
  items: readonly T[],
  predicate: (item: T, index: number) => boolean,
): number[] {
  const indices: number[] = [];
  items.forEach((item, index) => {
    if (predicate(item, index)) indices.push(index);
  });
  return indices;
}

function outgoingEdgesInSpecOrder(
  nodeCount: number,
  edgeEnds: readonly { from: number }[],
): number[][] {
  const outgoing = Array.from({ length: nodeCount }, (): number[] => []);
  edgeEnds.forEach(({ from }, edgeIndex) => outgoing[from].push(edgeIndex));
  return outgoing;
}

/**
 * Iterative DFS (an explicit stack, so long chains cannot overflow the call stack) rooted at
 * each unvisited node in spec order, following outgoing edges in spec order.
 */
function depthFirstSearch(
  nodeCount: number,
  edgeEnds: readonly { to: number }[],
  outgoing: readonly number[][],
): { isBackEdge: boolean[]; finishOrder: number[] } {
  const state = new Array<number>(nodeCount).fill(UNVISITED);
  const isBackEdge = new Array<boolean>(edgeEnds.length).fill(false);
  const finishOrder: number[] = [];
  // Each frame is a node plus how many of its outgoing edges have been followed.
  const stack: { node: number; nextEdge: number }[] = [];

  for (let root = 0; root < nodeCount; root++) {
    if (state[root] !== UNVISITED) continue;
    state[root] = ON_STACK;
    stack.push({ node: root, nextEdge: 0 });
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const edges = outgoing[frame.node];
      if (frame.nextEdge === edges.length) {
        state[frame.node] = FINISHED;
        finishOrder.push(frame.node);
        stack.pop();
        continue;
      }
      const edgeIndex = edges[frame.nextEdge++];
      const { to } = edgeEnds[edgeIndex];
      if (state[to] === UNVISITED) {
        state[to] = ON_STACK;
        stack.push({ node: to, nextEdge: 0 });
      } else if (state[to] === ON_STACK && to !== frame.node) {
        isBackEdge[edgeIndex] = true;
      }
    }
  }
  return { isBackEdge, finishOrder };
}

function count(flags: readonly boolean[]): number {
  return flags.reduce((total, flag) => total + (flag ? 1 : 0), 0);
}

/**
 * Eades, Lin and Smyth's order for a small feedback arc set: end nodes (no edge out among those
 * left) go to the back, start nodes (no edge in) to the front, and when neither is left the node
 * whose edges out outnumber its edges in the most goes to the front (the first in spec order on a
 * tie). Edges running back in that order are the ones turned; the order itself is topological
 * without them. Which end or start node goes first changes neither. Linear but for the picks,
 * each a scan of the nodes, one per cycle left after the rest came off.
 */
function greedyOrder(
  nodeCount: number,
  edgeEnds: readonly { from: number; to: number }[],
  outgoing: readonly number[][],
): { isBackEdge: boolean[]; topological: number[] } {
  const incoming = Array.from({ length: nodeCount }, (): number[] => []);
  edgeEnds.forEach(({ to }, edgeIndex) => incoming[to].push(edgeIndex));
  const [inDegree, outDegree] = [new Array<number>(nodeCount), new Array<number>(nodeCount)];
  const [ends, starts]: number[][] = [[], []];
  for (let node = 0; node < nodeCount; node++) {
    inDegree[node] = incoming[node].filter((edge) => edgeEnds[edge].from !== node).length;
    outDegree[node] = outgoing[node].filter((edge) => edgeEnds[edge].to !== node).length;
    if (outDegree[node] === 0) ends.push(node);
    else if (inDegree[node] === 0) starts.push(node);
  }
  const removed = new Array<boolean>(nodeCount).fill(false);
  const [front, back]: number[][] = [[], []];
  const take = (node: number, into: number[]) => {
    into.push(node);
    removed[node] = true;
    for (const edge of outgoing[node]) {
      const { to } = edgeEnds[edge];
      if (to !== node && !removed[to] && --inDegree[to] === 0) starts.push(to);
    }
    for (const edge of incoming[node]) {
      const { from } = edgeEnds[edge];
      if (from !== node && !removed[from] && --outDegree[from] === 0) ends.push(from);
    }
  };
  let next = 0;
  while (front.length + back.length < nodeCount) {
    const end = ends.pop();
    if (end !== undefined) {
      if (!removed[end]) take(end, back);
      continue;
    }
    const start = starts.pop();
    if (start !== undefined) {
      if (!removed[start]) take(start, front);
      continue;
    }
    while (removed[next]) next++;
    let chosen = next;
    for (let node = next + 1; node < nodeCount; node++) {
      if (
        !removed[node] && outDegree[node] - inDegree[node] > outDegree[chosen] - inDegree[chosen]
      ) {
        chosen = node;
      }
    }
    take(chosen, front);
  }
  const topological = [...front, ...back.reverse()];
  const position = new Array<number>(nodeCount);
  topological.forEach((node, index) => position[node] = index);
  const isBackEdge = edgeEnds.map(({ from, to }) => from !== to && position[from] > position[to]);
  return { isBackEdge, topological };
}
