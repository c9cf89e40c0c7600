import assert from "node:assert/strict";
import { longestPathLayers } from "./layering.ts";
import { stackedLayering, type StackGraph, stackingEdges } from "./stack_sinks.ts";

/** Nodes from ids ("id@group" puts one in a group), edges from "from>to" strings. */
function graph(ids: string[], edges: string[]): StackGraph {
  return {
    nodes: ids.map((spec) => {
      const [id, group] = spec.split("@");
      return group === undefined ? { id } : { id, group };
    }),
    edges: edges.map((edge) => {
      const [from, to] = edge.split(">");
      return { from, to };
    }),
  };
}

const arrows = (edges: { from: string; to: string }[]) =>
  edges.map(({ from, to }) => `${from}>${to}`);

Deno.test("the end nodes of one parent are stacked in columns of the given depth, in spec order", () => {
  const fan = graph(["p", "a", "b", "c", "d", "e"], ["p>a", "p>b", "p>c", "p>d", "p>e"]);
  const layering = longestPathLayers(fan);
  assert.deepEqual(arrows(stackingEdges(fan, layering, 1)), []);
  assert.deepEqual(arrows(stackingEdges(fan, layering, 2)), ["a>b", "c>d"]);
  assert.deepEqual(arrows(stackingEdges(fan, layering, 3)), ["a>b", "b>c", "d>e"]);
});

Deno.test("only end nodes are stacked, and only with end nodes of the same parent in the same group", () => {
  const tree = graph(
    ["p", "q", "a", "b", "c", "x@g", "y@g", "z", "w"],
    ["p>a", "p>b", "p>c", "c>z", "p>x", "p>y", "q>w", "p>w"],
  );
  // c has an edge leaving it; x and y are in group g; w's parent is q or p, whichever is later:
  // both are in layer 0, so the first edge's q.
  assert.deepEqual(arrows(stackingEdges(tree, longestPathLayers(tree), 4)), ["a>b", "x>y"]);
});

Deno.test("the stacked layering keeps the cycles broken where they were and puts each stacked node after the one before", () => {
  const looped = graph(["s", "t", "a", "b", "c"], ["s>t", "t>s", "t>a", "t>b", "t>c", "a>a"]);
  const layering = longestPathLayers(looped);
  const stacking = stackingEdges(looped, layering, 3);
  assert.deepEqual(arrows(stacking), ["a>b", "b>c"]);
  const stacked = stackedLayering(looped, layering, stacking);
  assert.deepEqual(stacked.backEdges, layering.backEdges);
  assert.deepEqual(stacked.selfLoops, layering.selfLoops);
  assert.deepEqual(Object.fromEntries(stacked.ranks), { s: 0, t: 1, a: 2, b: 3, c: 4 });
});

Deno.test("with heads, a parent's heads of teams are stacked too, each below the last team of the one before", () => {
  const org = graph(
    ["cto", "em1", "t1", "t2", "em2", "t3", "em3", "t4", "lead", "shared", "ops"],
    [
      "cto>em1",
      "em1>t1",
      "em1>t2",
      "cto>em2",
      "em2>t3",
      "cto>em3",
      "em3>t4",
      "cto>lead",
      "lead>shared",
      "ops>shared",
    ],
  );
  const layering = longestPathLayers(org);
  // Without heads only the teams of one head are stacked.
  assert.deepEqual(arrows(stackingEdges(org, layering, 3)), ["t1>t2"]);
  // lead's team member has a second parent (ops): lead is no head of a team of its own.
  assert.deepEqual(arrows(stackingEdges(org, layering, 3, true)), [
    "t1>em2",
    "t2>em2",
    "t3>em3",
    "t1>t2",
  ]);
  const stacked = stackedLayering(org, layering, stackingEdges(org, layering, 3, true));
  assert.ok(stacked.ranks.get("em2")! > stacked.ranks.get("t2")!, "em2 below em1's last team");
  assert.ok(stacked.ranks.get("em3")! > stacked.ranks.get("t3")!, "em3 below em2's team");
});
