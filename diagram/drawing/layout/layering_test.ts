import assert from "node:assert/strict";
import { type LayeringGraph, longestPathLayers } from "./layering.ts";
import { seededRandom } from "../../../tests/helpers/seeded_random.ts";

/** Builds a graph from ids and "from>to" edge strings to keep the cases readable. */
function graph(ids: string[], edges: string[]): LayeringGraph {
  return {
    nodes: ids.map((id) => ({ id })),
    edges: edges.map((edge) => {
      const [from, to] = edge.split(">");
      return { from, to };
    }),
  };
}

function ranksOf(input: LayeringGraph): Record<string, number> {
  return Object.fromEntries(longestPathLayers(input).ranks);
}

function randomGraph(random: () => number, nodeCount: number, edgeCount: number): LayeringGraph {
  const pick = () => `n${Math.floor(random() * nodeCount)}`;
  return {
    nodes: Array.from({ length: nodeCount }, (_, i) => ({ id: `n${i}` })),
    edges: Array.from({ length: edgeCount }, () => ({ from: pick(), to: pick() })),
  };
}

Deno.test("a chain gets consecutive ranks from its source", () => {
  assert.deepEqual(ranksOf(graph(["a", "b", "c"], ["a>b", "b>c"])), { a: 0, b: 1, c: 2 });
});

Deno.test("a node reached by a long and a short branch takes the longer one", () => {
  const diamond = graph(["a", "b", "c", "d"], ["a>d", "a>b", "b>c", "c>d"]);
  assert.deepEqual(ranksOf(diamond), { a: 0, b: 1, c: 2, d: 3 });
});

Deno.test("each disconnected component starts at rank 0", () => {
  const input = graph(["a", "b", "c", "d", "e"], ["a>b", "c>d"]);
  assert.deepEqual(ranksOf(input), { a: 0, b: 1, c: 0, d: 1, e: 0 });
});

Deno.test("a 2-cycle is broken at the edge that returns to the first node in spec order", () => {
  const result = longestPathLayers(graph(["a", "b"], ["a>b", "b>a"]));
  assert.deepEqual(result.backEdges, [1]);
  assert.deepEqual(Object.fromEntries(result.ranks), { a: 0, b: 1 });
});

Deno.test("a 3-cycle entered from outside is broken at the edge closing it", () => {
  const result = longestPathLayers(graph(["s", "a", "b", "c"], ["s>a", "a>b", "b>c", "c>a"]));
  assert.deepEqual(result.backEdges, [3]);
  assert.deepEqual(Object.fromEntries(result.ranks), { s: 0, a: 1, b: 2, c: 3 });
});

Deno.test("a 3-cycle is broken at the edge entering the node listed first in the spec", () => {
  const result = longestPathLayers(graph(["b", "a", "c"], ["a>b", "b>c", "c>a"]));
  assert.deepEqual(result.backEdges, [0]);
  assert.deepEqual(Object.fromEntries(result.ranks), { b: 0, c: 1, a: 2 });
});

/**
 * A CI run of `jobs` jobs that reaches its gate first through a lint job, the order in which the
 * search then turns every job's edge into the gate; one rerun edge from the gate to the setup
 * (index 3) closes the cycle.
 */
function ciRun(jobs: number): LayeringGraph {
  const names = Array.from({ length: jobs }, (_, i) => `j${i + 1}`);
  return graph(
    ["trigger", "lint", "gate", "setup", ...names],
    [
      "trigger>lint",
      "trigger>setup",
      "lint>gate",
      "gate>setup",
      ...names.map((job) => `setup>${job}`),
      ...names.map((job) => `${job}>gate`),
    ],
  );
}

Deno.test("a cycle the spec order would break at many edges is broken at its one closing edge", () => {
  const result = longestPathLayers(ciRun(4));
  assert.deepEqual(result.backEdges, [3]);
  const ranks = Object.fromEntries(result.ranks);
  assert.deepEqual([ranks.setup, ranks.j1, ranks.gate], [1, 2, 3]);
});

Deno.test("a search that turns only a few edges more than the fewest keeps the spec order's choice", () => {
  // Two jobs: the search turns both jobs' edges where one edge would do.
  assert.deepEqual(longestPathLayers(ciRun(2)).backEdges, [6, 7]);
});

Deno.test("self-loops are reported separately and do not affect ranks", () => {
  const result = longestPathLayers(graph(["a", "b"], ["a>a", "a>b", "b>b"]));
  assert.deepEqual(result.selfLoops, [0, 2]);
  assert.deepEqual(result.backEdges, []);
  assert.deepEqual(Object.fromEntries(result.ranks), { a: 0, b: 1 });
});

Deno.test("parallel edges count once towards the rank", () => {
  const result = longestPathLayers(graph(["a", "b", "c"], ["a>b", "a>b", "b>c", "b>c"]));
  assert.deepEqual(result.backEdges, []);
  assert.deepEqual(Object.fromEntries(result.ranks), { a: 0, b: 1, c: 2 });
});

Deno.test("the ranks map iterates in spec node order, not rank order", () => {
  const result = longestPathLayers(graph(["c", "b", "a"], ["a>b", "b>c"]));
  assert.deepEqual([...result.ranks.keys()], ["c", "b", "a"]);
  assert.deepEqual([...result.ranks.values()], [2, 1, 0]);
});

Deno.test("the same input always gives the same layering", () => {
  const input = randomGraph(seededRandom(7), 60, 150);
  const first = longestPathLayers(input);
  const second = longestPathLayers(structuredClone(input));
  assert.deepEqual([...second.ranks], [...first.ranks]);
  assert.deepEqual(second.backEdges, first.backEdges);
  assert.deepEqual(second.selfLoops, first.selfLoops);
});

Deno.test("listing the nodes in another order breaks a cycle elsewhere, as documented", () => {
  const edges = ["a>b", "b>a"];
  const aFirst = longestPathLayers(graph(["a", "b"], edges));
  const bFirst = longestPathLayers(graph(["b", "a"], edges));
  assert.deepEqual(aFirst.backEdges, [1]);
  assert.deepEqual(Object.fromEntries(aFirst.ranks), { a: 0, b: 1 });
  assert.deepEqual(bFirst.backEdges, [0]);
  assert.deepEqual(Object.fromEntries(bFirst.ranks), { b: 0, a: 1 });
});

Deno.test("an edge naming an unknown node throws", () => {
  assert.throws(() => longestPathLayers(graph(["a"], ["a>db"])), /unknown node "db"/);
  assert.throws(() => longestPathLayers(graph(["a"], ["db>a"])), /unknown node "db"/);
});

Deno.test("a repeated node id throws", () => {
  assert.throws(() => longestPathLayers(graph(["a", "a"], [])), /duplicate node id "a"/);
});

Deno.test("on random graphs every kept edge descends and every ranked node has a parent", () => {
  const random = seededRandom(20240611);
  for (let round = 0; round < 300; round++) {
    const nodeCount = 1 + Math.floor(random() * 40);
    const input = randomGraph(random, nodeCount, Math.floor(random() * nodeCount * 3));
    const { ranks, backEdges, selfLoops } = longestPathLayers(input);
    const ignored = new Set([...backEdges, ...selfLoops]);
    const rank = (id: string) => ranks.get(id)!;

    assert.deepEqual(backEdges, [...backEdges].sort((x, y) => x - y));
    assert.deepEqual(selfLoops, input.edges.flatMap((e, i) => e.from === e.to ? [i] : []));
    assert.equal(ranks.size, nodeCount);

    const keptEdges = input.edges.filter((_, i) => !ignored.has(i));
    for (const { from, to } of keptEdges) {
      assert.ok(rank(to) >= rank(from) + 1, `round ${round}: ${from}>${to}`);
    }
    for (const [id, r] of ranks) {
      if (r === 0) continue;
      const hasParent = keptEdges.some(({ from, to }) => to === id && rank(from) === r - 1);
      assert.ok(hasParent, `round ${round}: ${id} at rank ${r} has no parent at rank ${r - 1}`);
    }
  }
});

Deno.test("a 1000-node, 2000-edge graph with a spanning chain is layered across the chain's back links", () => {
  const random = seededRandom(99);
  const nodeCount = 1000;
  const chain = Array.from(
    { length: nodeCount - 1 },
    (_, i) => ({ from: `n${i}`, to: `n${i + 1}` }),
  );
  const extra = randomGraph(random, nodeCount, 2000 - chain.length).edges;
  const input = { nodes: randomGraph(random, nodeCount, 0).nodes, edges: [...chain, ...extra] };
  const { ranks, backEdges } = longestPathLayers(input);
  assert.equal(ranks.size, nodeCount);
  // Along the chain, every random link pointing back along it (about half) would be turned and
  // the drawing would be 1000 layers deep; the fewest turned make it far shallower.
  const turnedAlongChain =
    extra.filter(({ from, to }) => Number(from.slice(1)) > Number(to.slice(1))).length;
  assert.ok(backEdges.length * 2 <= turnedAlongChain, `${backEdges.length} turned`);
  assert.ok(Math.max(...ranks.values()) < 200);
  const ignored = new Set(backEdges);
  input.edges.forEach(({ from, to }, index) => {
    if (from !== to && !ignored.has(index)) assert.ok(ranks.get(to)! > ranks.get(from)!);
  });
});

Deno.test("a 100000-node chain is layered without exhausting the call stack", () => {
  const nodeCount = 100_000;
  const input = {
    nodes: Array.from({ length: nodeCount }, (_, i) => ({ id: `n${i}` })),
    edges: Array.from({ length: nodeCount - 1 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
  };
  assert.equal(longestPathLayers(input).ranks.get(`n${nodeCount - 1}`), nodeCount - 1);
});
