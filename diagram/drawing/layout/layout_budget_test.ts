import assert from "node:assert/strict";
import type { DiagramSpec } from "../spec.ts";
import { LAYOUT_BUDGET, layoutBudgetProblems } from "./layout_budget.ts";
import { randomDag } from "../../../tests/helpers/layout_quality.ts";

function spec(nodeCount: number, ends: [number, number][]): DiagramSpec {
  return {
    layout: "TB",
    nodes: Array.from({ length: nodeCount }, (_, i) => ({
      id: `n${i}`,
      label: `Node ${i}`,
      shape: "rectangle" as const,
    })),
    edges: ends.map(([from, to]) => ({ from: `n${from}`, to: `n${to}` })),
  };
}

/** A chain of `length` nodes: node i is in layer i. */
function chainEnds(length: number): [number, number][] {
  return Array.from({ length: length - 1 }, (_, i): [number, number] => [i, i + 1]);
}

Deno.test("ordinary specs, big ones included, fit the budget", () => {
  for (const nodes of [10, 100, 300, 1000]) {
    assert.deepEqual(layoutBudgetProblems(randomDag(nodes, 1)), [], `${nodes} nodes`);
  }
  assert.deepEqual(layoutBudgetProblems(spec(1000, chainEnds(1000))), []);
});

Deno.test("up to the limit, parallel edges both ways and self-loops pass: ELK routes them once", () => {
  const limit = LAYOUT_BUDGET.maxEdgesBetweenTwoNodes;
  const parallel = Array.from(
    { length: limit },
    (_, i): [number, number] => i % 2 ? [0, 1] : [1, 0],
  );
  const loops = Array.from({ length: 10 * limit }, (_, i): [number, number] => [i % 10, i % 10]);
  assert.deepEqual(layoutBudgetProblems(spec(2, parallel)), []);
  assert.deepEqual(layoutBudgetProblems(spec(10, loops)), []);
});

Deno.test("more edges than the limit between one pair, or on one node, are refused with where", () => {
  const limit = LAYOUT_BUDGET.maxEdgesBetweenTwoNodes;
  const parallel = Array.from(
    { length: 2000 },
    (_, i): [number, number] => i % 2 ? [0, 1] : [1, 0],
  );
  assert.deepEqual(layoutBudgetProblems(spec(2, parallel)), [
    `spec.edges[${limit}]: 2000 edges between "n0" and "n1" (limit ${limit}): merge them into ` +
    "fewer edges with combined labels, or add intermediate nodes.",
  ]);
  const loops = Array.from({ length: limit + 1 }, (): [number, number] => [3, 3]);
  assert.match(
    layoutBudgetProblems(spec(4, loops))[0],
    /^spec\.edges\[100\]: 101 edges on node "n3"/,
  );
});

Deno.test("edges skipping too many layers in total are refused with the longest named", () => {
  // Each edge from the head of a 1000-node chain to its tail skips 998 layers.
  const count = Math.floor(LAYOUT_BUDGET.maxLongEdgeSegments / 998) + 1;
  const ends = [
    ...chainEnds(1000),
    ...Array.from({ length: count }, (): [number, number] => [0, 999]),
  ];
  // Bundled, the parallel long edges would be routed once: make them distinct pairs instead.
  const distinct = ends.map(([from, to], i): [number, number] =>
    i < 999 ? [from, to] : [i - 999, 999 - (i - 999)]
  );
  const problems = layoutBudgetProblems(spec(1000, distinct));
  assert.equal(problems.length, 1);
  assert.match(
    problems[0],
    new RegExp(
      `^spec\\.edges: edges skip \\d+ layers in total \\(limit ${LAYOUT_BUDGET.maxLongEdgeSegments}\\): `,
    ),
  );
  assert.match(problems[0], /spec\.edges\[999\] "n0" → "n999" spans 999 layers/);
  assert.doesNotMatch(problems[0], /cycle/);
});

Deno.test("a long cycle's closing edges are named as the thing to break", () => {
  // A 1000-node ring with random chords: chords against the ring close cycles.
  const ends = chainEnds(1000);
  ends.push([999, 0]);
  for (let i = 0; i < 100; i++) ends.push([(i * 397) % 1000, (i * 211 + 500) % 1000]);
  const problems = layoutBudgetProblems(spec(1000, ends));
  assert.equal(problems.length, 1);
  assert.match(problems[0], /break long cycles \(\d+ edges close a cycle/);
});

Deno.test("the check takes milliseconds on the biggest spec the schema accepts", () => {
  const ends = chainEnds(1000);
  for (let i = 0; i < 1001; i++) ends.push([(i * 397) % 1000, (i * 211 + 500) % 1000]);
  const started = performance.now();
  layoutBudgetProblems(spec(1000, ends));
  assert.ok(performance.now() - started < 200);
});
