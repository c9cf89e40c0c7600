import assert from "node:assert/strict";
import { type DetourObstacles, straightened, type UTurn, withoutDetours } from "./detours.ts";

type Point = [number, number];
/** Moves each crossing all the way back, where the route's ends allow it. */
const toLimit = (turn: UTurn) => turn.reachable ? turn.limit : null;

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
  assert.deepEqual(straightened(OVERSHOOT, toLimit), [
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
  assert.deepEqual(straightened(PAST, toLimit), [[0, 0], [0, 100], [200, 100], [200, 200]]);
});

Deno.test("a U-turn is kept when no level is chosen for it", () => {
  assert.deepEqual(straightened(OVERSHOOT, () => null), OVERSHOOT);
});

Deno.test("a route still leaves its source and enters its target along the same lines", () => {
  // The way back is the last segment: its end cannot be reached, only come nearer to.
  const route: Point[] = [[0, -20], [0, 0], [100, 0], [100, 50], [40, 50]];
  assert.deepEqual(straightened(route, (turn) => turn.limit), route);
  assert.deepEqual(straightened(route, () => 70), [[0, -20], [0, 0], [70, 0], [70, 50], [40, 50]]);
  // A level beyond the limit, or back past the crossing, is refused.
  assert.deepEqual(straightened(route, () => 20), route);
  assert.deepEqual(straightened(route, () => 120), route);
});

Deno.test("a route that is one U-turn, a loop on a node, is left as it is", () => {
  const loop: Point[] = [[0, 0], [0, -30], [50, -30], [50, 0]];
  assert.deepEqual(straightened(loop, () => -10), loop);
});

Deno.test("a way back that passes where the route went out is cut where it went out", () => {
  const route: Point[] = [[0, 0], [0, 10], [100, 10], [100, 60], [-20, 60], [-20, 90]];
  assert.deepEqual(straightened(route, toLimit), [[0, 0], [0, 60], [-20, 60], [-20, 90]]);
});

Deno.test("vertical U-turns are straightened as horizontal ones are", () => {
  const route: Point[] = [[0, 0], [10, 0], [10, 200], [60, 200], [60, 120], [90, 120]];
  assert.deepEqual(straightened(route, toLimit), [[0, 0], [10, 0], [10, 120], [90, 120]]);
});

const obstacles: DetourObstacles = { solid: [], margin: 24, borders: [], bands: [], spacing: 10 };

// An edge crossing a fold: down out of its source past the row's end (y 300), across, up the
// channel past the next row's start (y -50), across, down into its target. Its ends are 8 px off
// its nodes, as the layout leaves them.
const SOURCE = { x: -40, y: -64, width: 80, height: 56 };
const TARGET = { x: 460, y: 28, width: 80, height: 40 };
/** The edge turning across at `first` after leaving its source, at `second` before its target. */
const turningAt = (first: number, second: number): Point[] => [
  [0, 0],
  [0, first],
  [200, first],
  [200, second],
  [500, second],
  [500, 20],
];
const ROUND = turningAt(300, -50);

function shortened(extra: Partial<DetourObstacles>, others: Point[][] = []): Point[] {
  const routes = new Map<string, Point[]>([["e", ROUND]]);
  others.forEach((route, index) => routes.set(`f${index}`, route));
  const solid = [SOURCE, TARGET, ...(extra.solid ?? [])];
  return withoutDetours(routes, { ...obstacles, ...extra, solid }).get("e")!;
}

Deno.test("an edge crossing a fold turns as soon as it has cleared its source", () => {
  // The source's bottom (-8) and its margin: 16. Turning into the target at 4 would leave a
  // 12 px jog: the way in stays.
  assert.deepEqual(shortened({}), turningAt(16, -50));
});

Deno.test("the turn keeps clear of another route running beside it and of a group's border", () => {
  // Beside the route at 25: the first turn at 35, and the second then turns at the target's
  // margin (4) without a jog.
  const beside: Point[] = [[50, 25], [150, 25]];
  assert.deepEqual(shortened({}, [beside]), turningAt(35, 4));
  const group = { x: -100, y: 40, width: 500, height: 400 };
  assert.deepEqual(shortened({ borders: [group] }, [beside]), turningAt(50, 4));
});

Deno.test("the turn does not run through a frame's name band", () => {
  const band = { x: -100, y: 15, width: 400, height: 20 };
  assert.deepEqual(shortened({ bands: [band] }), turningAt(45, 4));
});

Deno.test("the turn crosses no more routes than the way round did", () => {
  // Crossed by the turn at 16 only: the first turn stays.
  const short: Point[] = [[100, -20], [100, 150]];
  assert.deepEqual(shortened({}, [short]), turningAt(300, 4));
  // Crossed by the way round (at y 300) as by the turn (at y 16): no crossing is added.
  const long: Point[] = [[100, -20], [100, 400]];
  assert.deepEqual(shortened({}, [long]), turningAt(16, -50));
});

Deno.test("the turn enters no group the way round did not", () => {
  // Turning at 20 or 90 would run through this group; at 110, below it, the route enters none.
  const group = { x: 50, y: 10, width: 100, height: 90 };
  assert.deepEqual(shortened({ borders: [group] }), turningAt(110, 4));
});

Deno.test("a route shortened later can clear the way for one tried before it", () => {
  // The nested microservices chart's two edges into its load balancer after the fold, from the
  // mobile app (tried first) and the CDN, up the channel left of the cluster and over its frame.
  // The app's edge cannot turn at the balancer until the CDN's way up at x 550 is gone.
  const mobile: Point[] = [[452, 234], [452, 364], [540, 364], [540, 32], [1014, 32], [1014, 151]];
  const cdn: Point[] = [
    [283, 324],
    [283, 340],
    [361, 340],
    [361, 374],
    [550, 374],
    [550, 42],
    [923, 42],
    [923, 151],
  ];
  const frame = { x: 574, y: 66, width: 1626, height: 1152 };
  const result = withoutDetours(new Map([["mobile", mobile], ["cdn", cdn]]), {
    ...obstacles,
    solid: [
      { x: 388, y: 98, width: 128, height: 128 },
      { x: 173, y: 256, width: 219, height: 60 },
      { x: 831, y: 159, width: 275, height: 60 },
    ],
    borders: [frame],
    bands: [{ ...frame, y: 46, height: 20 }],
  });
  assert.deepEqual(result.get("cdn"), [[283, 324], [283, 340], [550, 340], [550, 135], [923, 135], [
    923,
    151,
  ]]);
  assert.deepEqual(result.get("mobile"), [[452, 234], [452, 250], [540, 250], [540, 125], [
    1014,
    125,
  ], [1014, 151]]);
});

Deno.test("a drawing with more routes than the pass may scan keeps them as they are", () => {
  // 20,000 short routes far away: one scan would read 60,000 points, the pass's whole budget.
  const routes = new Map<string, Point[]>([["e", ROUND]]);
  for (let i = 0; i < 20_000; i++) routes.set(`far${i}`, [[5000, i * 20], [6000, i * 20]]);
  const kept = withoutDetours(routes, { ...obstacles, solid: [SOURCE, TARGET] });
  assert.deepEqual(kept.get("e"), ROUND);
  routes.forEach((_, id) => id === "e" || id === "far0" || routes.delete(id));
  const few = withoutDetours(routes, { ...obstacles, solid: [SOURCE, TARGET] });
  assert.deepEqual(few.get("e"), turningAt(16, -50));
});
