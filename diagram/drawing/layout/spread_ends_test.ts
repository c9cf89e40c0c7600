import assert from "node:assert/strict";
import { ARROW_END_ROOM, spacedApart, withEndsSpread } from "./spread_ends.ts";

type Route = [number, number][];

/** A node 200 × 84 at the origin: its right side runs from y 0 to 84 at x 200. */
const NODE = { x: 0, y: 0, width: 200, height: 84 };

/** A route leaving the node's right side at `y`, bending down to a node far below. */
function outRight(y: number): Route {
  return [[200, y], [260 + y, y], [260 + y, 400]];
}

function spread(routes: Record<string, Route>, nodes = new Map([["a", NODE]])) {
  const named = new Map(
    Object.entries(routes).map(([id, points]) => [id, { from: "a", to: "z", points }]),
  );
  return withEndsSpread(nodes, named);
}

Deno.test("ends closer than an arrowhead on a side with room are moved apart, in order, as little as needed", () => {
  // A bundle's copy at 30 beside another edge's end at 42 (12 px), a third end at 63.
  const result = spread({ a: outRight(30), b: outRight(42), c: outRight(63) });
  const ends = ["a", "b", "c"].map((id) => result.get(id)![0][1]);
  assert.deepEqual(ends, [28, 44, 63]);
  for (const id of ["a", "b"]) {
    const [start, bend] = result.get(id)!;
    assert.equal(bend[1], start[1], `${id}'s first segment stays square to the side`);
  }
  assert.deepEqual(result.get("c"), outRight(63), "an end with room keeps its route");
});

Deno.test("ends far enough apart are left as ELK placed them", () => {
  const routes = { a: outRight(21), b: outRight(42), c: outRight(63) };
  const result = spread(routes);
  for (const [id, route] of Object.entries(routes)) assert.deepEqual(result.get(id), route);
});

Deno.test("a straight route's end moves a third as far as a bent one's, by a jog half way", () => {
  const straight: Route = [[200, 40], [600, 40]];
  const result = spread({ s: straight, a: outRight(44) });
  assert.deepEqual(result.get("s"), [[200, 37], [400, 37], [400, 40], [600, 40]]);
  assert.equal(result.get("a")![0][1], 37 + ARROW_END_ROOM);
});

Deno.test("a side too short for its ends that far apart gets them as far apart as it allows", () => {
  const hub = { x: 0, y: 0, width: 200, height: 60 };
  const result = spread(
    { a: outRight(50), b: outRight(51), c: outRight(52) },
    new Map([["a", hub]]),
  );
  assert.deepEqual(["a", "b", "c"].map((id) => result.get(id)![0][1]), [22, 37, 52]);
});

Deno.test("the end of an edge's last point is spread on the node it enters", () => {
  const into = (y: number): Route => [[-300, 400], [-60 - y, 400], [-60 - y, y], [0, y]];
  const named = new Map([
    ["p", { from: "far", to: "a", points: into(40) }],
    ["q", { from: "far", to: "a", points: into(46) }],
  ]);
  const result = withEndsSpread(new Map([["a", NODE]]), named);
  const [p, q] = ["p", "q"].map((id) => result.get(id)!);
  assert.equal(q.at(-1)![1] - p.at(-1)![1], ARROW_END_ROOM);
  assert.equal(p.at(-2)![1], p.at(-1)![1]);
});

Deno.test("ends crowded at a corner are brought in, never past it", () => {
  const result = spread({ a: outRight(5), b: outRight(75), c: outRight(80) });
  assert.deepEqual(["a", "b", "c"].map((id) => result.get(id)![0][1]), [5, 64, 80]);
});

Deno.test("points are spaced apart with least movement and slid back inside the side", () => {
  const even = (at: number[]) => at.map((value) => ({ at: value, weight: 1 }));
  assert.deepEqual(spacedApart(even([10, 12, 50]), 16, 0, 100), [3, 19, 50]);
  assert.deepEqual(spacedApart(even([1, 2]), 16, 16, 100), [16, 32]);
  const fixed = [{ at: 10, weight: Infinity }, { at: 12, weight: 1 }, { at: 20, weight: 1 }];
  assert.deepEqual(spacedApart(fixed, 16, 0, 100), [10, 26, 42]);
});

Deno.test("a jog the move would shrink to nothing is closed, the move rounded to it", () => {
  // a's route steps down 5 px after its first bend: moving a 5 px down leaves it straight.
  const stepped: Route = [[200, 36], [260, 36], [260, 41], [500, 41], [500, 400]];
  const result = spread({ a: stepped, b: outRight(30) });
  assert.deepEqual(result.get("a"), [[200, 41], [500, 41], [500, 400]]);
  assert.deepEqual(result.get("b"), [[200, 25], [290, 25], [290, 400]]);
});

Deno.test("a jog between two segments square to the side turns round rather than stop a move", () => {
  const stepped: Route = [[200, 36], [260, 36], [260, 38], [500, 38], [500, 400]];
  const result = spread({ a: stepped, b: outRight(30) });
  assert.deepEqual(result.get("a"), [[200, 41], [260, 41], [260, 38], [500, 38], [500, 400]]);
});
