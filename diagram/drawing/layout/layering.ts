// Longest-path layering: each node's rank is the number of edges on the longest path that
// reaches it, so every edge points at least one rank "down". Cycles are broken by ignoring
// DFS back edges; the DFS order is fixed by the spec order, making the result reproducible.

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
  const { isBackEdge, finishOrder } = depthFirstSearch(graph.nodes.length, edgeEnds, outgoing);

  // Reverse finishing order is a topological order once back edges and self-loops are gone,
  // so each node's rank is final before any of its successors is relaxed.
  const rank = new Array<number>(graph.nodes.length).fill(0);
  for (let i = finishOrder.length - 1; i >= 0; i--) {
    const node = finishOrder[i];
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
