import assert from "node:assert/strict";
import { straightened, withoutDetours } from "./detours.ts";

type Point = [number, number];
const always = () => true;

// The nested microservices chart's edge into Stripe after the fold: up the channel, right past
// the target, down, back left, down into it.
const OVERSHOOT: Point[] = [
  [2064, 888],
  [2064, 1242],
  [2224, 1242],
  [2224, 22],
  [2770, 22],
  [2770, 66],
  [2586, 66],
  [2586, 103],
];

Deno.test("a U-turn past the target becomes a corner where the route comes back", () => {
  // Up the channel to 22, right, down to 66 is a U-turn too: the route turns right at 66.
  assert.deepEqual(straightened(OVERSHOOT, always), [
    [2064, 888],
    [2064, 1242],
    [2224, 1242],
    [2224, 66],
    [2586, 66],
    [2586, 103],
  ]);
});

// One U-turn only: right past x 200, down, back to 200, down into the target.
const PAST: Point[] = [[0, 0], [0, 100], [300, 100], [300, 140], [200, 140], [200, 200]];

Deno.test("a single U-turn is cut at the point it comes back to", () => {
  assert.deepEqual(straightened(PAST, always), [[0, 0], [0, 100], [200, 100], [200, 200]]);
});

Deno.test("a U-turn is kept when the shortcut is not better", () => {
  assert.deepEqual(straightened(OVERSHOOT, () => false), OVERSHOOT);
});

Deno.test("the last segment, into the target, is never changed", () => {
  // A U-turn whose return is the route's last segment: straightening it would enter the
  // target from another side.
  const route: Point[] = [[0, 0], [100, 0], [100, 50], [40, 50]];
  assert.deepEqual(straightened(route, always), route);
});

Deno.test("a route that comes back beyond where it started is no detour", () => {
  const route: Point[] = [[0, 0], [0, 10], [100, 10], [100, 60], [-20, 60], [-20, 90]];
  assert.deepEqual(straightened(route, always), route);
});

Deno.test("vertical U-turns are straightened as horizontal ones are", () => {
  const route: Point[] = [[0, 0], [10, 0], [10, 200], [60, 200], [60, 120], [90, 120]];
  assert.deepEqual(straightened(route, always), [[0, 0], [10, 0], [10, 120], [90, 120]]);
});

const obstacles = { solid: [], margin: 24, borders: [], spacing: 10 };

Deno.test("the shortcut keeps its margin from nodes", () => {
  const routes = new Map([["e", OVERSHOOT]]);
  const node = { x: 2560, y: 60, width: 60, height: 20 };
  assert.deepEqual(
    withoutDetours(routes, { ...obstacles, solid: [node] }).get("e"),
    OVERSHOOT,
  );
  const far = { ...node, x: 2700 };
  assert.notDeepEqual(withoutDetours(routes, { ...obstacles, solid: [far] }).get("e"), OVERSHOOT);
});

Deno.test("the shortcut may lie inside or outside a group's border, never across it", () => {
  const routes = new Map([["e", OVERSHOOT]]);
  const across = { x: 2500, y: 40, width: 200, height: 200 };
  assert.deepEqual(withoutDetours(routes, { ...obstacles, borders: [across] }).get("e"), OVERSHOOT);
  const around = { x: 2000, y: 0, width: 1000, height: 2000 };
  const outside = { x: 2268, y: 99, width: 370, height: 84 };
  for (const border of [around, outside]) {
    assert.notDeepEqual(
      withoutDetours(routes, { ...obstacles, borders: [border] }).get("e"),
      OVERSHOOT,
    );
  }
});

Deno.test("the shortcut does not run along another route, nor cross more routes than the way round did", () => {
  const alongside: Point[] = [[205, 90], [205, 150]];
  const crossing: Point[] = [[150, 120], [320, 120]];
  const blocked = withoutDetours(new Map([["e", PAST], ["f", alongside]]), obstacles);
  assert.deepEqual(blocked.get("e"), PAST);
  assert.deepEqual(blocked.get("f"), alongside);
  // Crossed by the way round (at x 300) as by the shortcut (at x 200): no crossing is added.
  const crossed = withoutDetours(new Map([["e", PAST], ["f", crossing]]), obstacles);
  assert.deepEqual(crossed.get("e"), [[0, 0], [0, 100], [200, 100], [200, 200]]);
  // Crossed by the shortcut only: kept.
  const added = withoutDetours(new Map([["e", PAST], ["f", [[150, 120], [240, 120]]]]), obstacles);
  assert.deepEqual(added.get("e"), PAST);
});
