// Shortens the detours a fold leaves in its routes. An edge keeps, inside the row it ends in, the
// bends ELK gave it in the drawing before the fold: one that ran round the far side of a wide group
// to reach its target still goes out that far and comes back, though its target now sits in a
// narrow row of its own (the nested microservices chart: 130 px past its last frame). And every
// edge crossing a cut leaves its row past the row's end and enters the next row before its start,
// though there may be room to turn sooner: that alone took the same chart 90 px higher than its
// frames. Both are U-turns — out along one line, across, back along a parallel one — and the
// crossing is moved back towards where the route turned out as far as it stays clear of every
// box and every other route; when it gets there the U-turn becomes a corner.
import type { Box } from "./fold_rows.ts";
import { withoutStraightBends } from "./route_points.ts";

type Point = [number, number];

export interface DetourObstacles {
  /** Boxes no new segment may come within `margin` of: nodes. */
  solid: Box[];
  margin: number;
  /**
   * Group borders: no new segment runs along one closer than `spacing`, and a route crosses each
   * no more often than it did.
   */
  borders: Box[];
  /** The bands above frames where their names are drawn: no new segment runs through one. */
  bands: Box[];
  /** Room kept from a border, and from another route's segment running beside the new one. */
  spacing: number;
}

/**
 * A U-turn a → b → c → d: out along `axis` on a → b, across on b → c, back along `axis` on
 * c → d. Its crossing may move back towards a and d as far as `limit`, the nearer of the two
 * along `axis`; that far only when `reachable` (that end is not an end of the route, which must
 * keep leaving its source and entering its target as it did).
 */
export interface UTurn {
  points: [Point, Point, Point, Point];
  axis: 0 | 1;
  limit: number;
  reachable: boolean;
  /** Whether a is the route's first point, and d its last. */
  routeEnds: [boolean, boolean];
}

/**
 * The routes with their U-turns shortened wherever the shorter way is clear; ids kept. Each look
 * at a U-turn, and each level tried for it, scans every route: a drawing with many edges gets as
 * many scans as CHECKED_SEGMENTS allows, in route order, and keeps its other routes as they are.
 */
export function withoutDetours(
  routes: Map<string, Point[]>,
  obstacles: DetourObstacles,
): Map<string, Point[]> {
  const ids = [...routes.keys()];
  const current = [...routes.values()];
  const segments = current.reduce((sum, route) => sum + route.length, 0);
  const budget = { scans: Math.floor(CHECKED_SEGMENTS / Math.max(1, segments)) };
  // A route shortened later may clear the way for one tried before it: passes until none
  // changes (each change shortens a route).
  for (let pass = 0, changed = true; changed && pass < MAX_PASSES; pass++) {
    changed = false;
    current.forEach((route, index) => {
      const shorter = shortened(route, index, current, obstacles, budget);
      const same = shorter.length === route.length &&
        shorter.every(([x, y], i) => x === route[i][0] && y === route[i][1]);
      if (!same) changed = true;
      current[index] = shorter;
    });
  }
  return new Map(ids.map((id, index) => [id, current[index]]));
}
const MAX_PASSES = 3;
/**
 * Route segments scanned at most: half as much again as the corpus's charts use (the most, order
 * states: 39,000; none changes with 200,000), a few ms on the 2-core machine. Unbounded, the
 * 90-node spec with 2,000 random edges took 350 s, a random 100-node chart 100 ms.
 */
const CHECKED_SEGMENTS = 60_000;

/** `routes[index]` with its U-turns shortened where the shorter way is clear, within `budget`. */
function shortened(
  route: Point[],
  index: number,
  routes: Point[][],
  obstacles: DetourObstacles,
  budget: { scans: number },
): Point[] {
  const others = {
    length: routes.length - 1,
    at: (j: number) => routes[j < index ? j : j + 1],
  };
  return straightened(route, (turn) => {
    // Finding the levels is one scan, the crossings before one, each level tried two.
    if (budget.scans < 4) return null;
    budget.scans -= 2;
    const was = turn.points;
    let crossedBefore: number | undefined;
    for (const level of candidateLevels(turn, obstacles, others)) {
      const path = movedCrossing(turn, level);
      // A leg between two bends goes, or keeps `margin`: a shorter one is a jog. Legs to a node
      // keep theirs by the node's margin.
      const legs = [[was[0], path[1]], [path[2], was[3]]];
      const jog = legs.some(([p, q], end) => {
        const length = Math.abs(p[turn.axis] - q[turn.axis]);
        return !turn.routeEnds[end] && length > 0 && length < obstacles.margin;
      });
      if (jog) continue;
      if (budget.scans < 2) return null;
      budget.scans -= 2;
      crossedBefore ??= crossings(was, others);
      if (
        isClear(path[1], path[2], obstacles, others) &&
        crossings(path, others) <= crossedBefore &&
        obstacles.borders.every((box) => borderCrossings(path, box) <= borderCrossings(was, box))
      ) return level;
    }
    return null;
  });
}

/** The routes besides the one being straightened, without copying them for each. */
interface OtherRoutes {
  length: number;
  at(index: number): Point[];
}

/**
 * `route` with the crossing of each U-turn moved to the level `choose` gives (along the U-turn's
 * axis, strictly between the crossing's level and its limit, or the limit itself when reachable);
 * null leaves it. The route leaves its source and enters its target along the same lines as
 * before.
 */
export function straightened(route: Point[], choose: (turn: UTurn) => number | null): Point[] {
  let points = withoutStraightBends(route.map(([x, y]): Point => [x, y]));
  // Each move shortens the route; the bound only guards against a `choose` that goes back.
  for (let moves = 0, i = 0; i + 3 < points.length && moves < 4 * route.length; i++) {
    const turn = uTurnAt(points, i);
    if (turn === null) continue;
    const level = choose(turn);
    if (level === null) continue;
    const from = turn.points[1][turn.axis];
    if (!between(level, from, turn.limit) && !(turn.reachable && level === turn.limit)) continue;
    points = withoutStraightBends([
      ...points.slice(0, i + 1),
      ...movedCrossing(turn, level).slice(1, 3),
      ...points.slice(i + 3),
    ]);
    moves++;
    i = -1;
  }
  return points;
}

/** The U-turn starting at `points[i]`, or null when the four points there are not one. */
function uTurnAt(points: Point[], i: number): UTurn | null {
  const [a, b, c, d] = points.slice(i, i + 4);
  for (const axis of [0, 1] as const) {
    const other = 1 - axis;
    // a→b and c→d run along `axis`, b→c across it.
    if (a[other] !== b[other] || c[other] !== d[other] || b[axis] !== c[axis]) continue;
    const out = b[axis] - a[axis];
    const back = d[axis] - c[axis];
    if (out === 0 || back === 0 || Math.sign(out) === Math.sign(back)) continue;
    const nearerIsA = Math.abs(out) <= Math.abs(back);
    const nearerIsD = Math.abs(back) <= Math.abs(out);
    const routeEnds: [boolean, boolean] = [i === 0, i + 3 === points.length - 1];
    // The whole route is the U-turn: a loop on one node, or round to a neighbour on purpose.
    if (routeEnds[0] && routeEnds[1]) return null;
    return {
      points: [a, b, c, d],
      axis,
      limit: nearerIsA ? a[axis] : d[axis],
      reachable: !(nearerIsA && routeEnds[0]) && !(nearerIsD && routeEnds[1]),
      routeEnds,
    };
  }
  return null;
}

/** The U-turn's four points with its crossing at `level` along its axis. */
function movedCrossing({ points: [a, b, c, d], axis }: UTurn, level: number): Point[] {
  const at = (point: Point): Point => {
    const moved: Point = [point[0], point[1]];
    moved[axis] = level;
    return moved;
  };
  return [a, at(b), at(c), d];
}

/**
 * Levels the crossing of `turn` may move to, nearest its limit first: the limit (or `spacing`
 * short of it), and the edges of the bands along the axis that the crossing may not lie in — near
 * a node, along a border or another route's segment, in a frame's name band. At most a few: each
 * is checked against every route.
 */
function candidateLevels(
  turn: UTurn,
  obstacles: DetourObstacles,
  others: OtherRoutes,
): number[] {
  const { axis, points: [a, b, , d] } = turn;
  const other = 1 - axis;
  const [low, high] = [Math.min(a[other], d[other]), Math.max(a[other], d[other])];
  const from = b[axis];
  const toward = Math.sign(turn.limit - from);
  const far = turn.reachable ? turn.limit : turn.limit - toward * obstacles.spacing;
  const blocked: [number, number][] = [];
  const spanAcross = (box: Box) =>
    axis === 0 ? [box.y, box.y + box.height] : [box.x, box.x + box.width];
  const spanAlong = (box: Box) =>
    axis === 0 ? [box.x, box.x + box.width] : [box.y, box.y + box.height];
  const beside = (box: Box, room: number) => {
    const [start, end] = spanAcross(box);
    return start < high + room && low - room < end;
  };
  const { margin, spacing } = obstacles;
  for (const box of obstacles.solid) {
    if (!beside(box, margin)) continue;
    const [start, end] = spanAlong(box);
    blocked.push([start - margin, end + margin]);
  }
  for (const box of obstacles.borders) {
    if (!beside(box, spacing)) continue;
    for (const side of spanAlong(box)) blocked.push([side - spacing, side + spacing]);
  }
  // A crossing along x (axis 1) runs the way a name band does.
  for (const band of axis === 1 ? obstacles.bands : []) {
    if (!beside(band, spacing)) continue;
    const [start, end] = spanAlong(band);
    blocked.push([start - spacing, end + spacing]);
  }
  for (let r = 0; r < others.length; r++) {
    const route = others.at(r);
    for (let j = 1; j < route.length; j++) {
      const [p, q] = [route[j - 1], route[j]];
      if (p[axis] !== q[axis]) continue;
      if (
        Math.min(p[other], q[other]) < high + spacing &&
        low - spacing < Math.max(p[other], q[other])
      ) {
        blocked.push([p[axis] - spacing, p[axis] + spacing]);
      }
    }
  }
  // Merged, the bands' edges are the free levels nearest each band.
  blocked.sort((p, q) => p[0] - q[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of blocked) {
    const last = merged[merged.length - 1];
    if (last !== undefined && start < last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const free = (level: number) => !merged.some(([start, end]) => start < level && level < end);
  const inRange = (level: number) => level === far || between(level, from, far);
  return [...(free(far) ? [far] : []), ...merged.flat()]
    .filter(inRange)
    .sort((p, q) => Math.abs(q - from) - Math.abs(p - from))
    .filter((level, index, sorted) => index === 0 || level !== sorted[index - 1])
    .slice(0, MAX_TRIES);
}
/** Candidate levels checked per U-turn, nearest the limit first. */
const MAX_TRIES = 12;

function between(value: number, p: number, q: number): boolean {
  return Math.min(p, q) < value && value < Math.max(p, q);
}

/**
 * Whether the axis-parallel segment a–b keeps `margin` from every solid box, `spacing` from every
 * border it runs along and from every other route's segment parallel to it, and stays out of the
 * name bands it runs along.
 */
function isClear(a: Point, b: Point, obstacles: DetourObstacles, others: OtherRoutes): boolean {
  const { margin, spacing } = obstacles;
  if (obstacles.solid.some((box) => overlaps(boxAround(a, b, margin), box))) return false;
  const own = boxAround(a, b, spacing);
  const vertical = a[0] === b[0];
  const sides = (box: Box): [Point, Point][] => {
    const [x2, y2] = [box.x + box.width, box.y + box.height];
    return vertical
      ? [[[box.x, box.y], [box.x, y2]], [[x2, box.y], [x2, y2]]]
      : [[[box.x, box.y], [x2, box.y]], [[box.x, y2], [x2, y2]]];
  };
  for (const box of obstacles.borders) {
    if (sides(box).some(([p, q]) => overlaps(own, boxAround(p, q, 0)))) return false;
  }
  if (!vertical && obstacles.bands.some((band) => overlaps(own, band))) return false;
  for (let i = 0; i < others.length; i++) {
    const route = others.at(i);
    for (let j = 1; j < route.length; j++) {
      // Crossing another route is counted apart (orthogonal routes cross); running beside it
      // is not allowed.
      const parallel = vertical === (route[j - 1][0] === route[j][0]);
      if (parallel && overlaps(own, boxAround(route[j - 1], route[j], 0))) return false;
    }
  }
  return true;
}

/** How often `path` crosses the segments of `routes` (at right angles, inside both). */
function crossings(path: Point[], routes: OtherRoutes): number {
  let count = 0;
  for (let r = 0; r < routes.length; r++) count += crossingsWith(path, routes.at(r));
  return count;
}

/** How often `path` crosses the outline of `box`. */
function borderCrossings(path: Point[], box: Box): number {
  const [x2, y2] = [box.x + box.width, box.y + box.height];
  return crossingsWith(path, [[box.x, box.y], [x2, box.y], [x2, y2], [box.x, y2], [box.x, box.y]]);
}

function crossingsWith(path: Point[], route: Point[]): number {
  let count = 0;
  for (let i = 1; i < path.length; i++) {
    for (let j = 1; j < route.length; j++) {
      if (crosses(path[i - 1], path[i], route[j - 1], route[j])) count++;
    }
  }
  return count;
}

function crosses(a: Point, b: Point, c: Point, d: Point): boolean {
  if (a[0] === b[0] && c[1] === d[1]) {
    return between(a[0], c[0], d[0]) && between(c[1], a[1], b[1]);
  }
  if (a[1] === b[1] && c[0] === d[0]) {
    return between(c[0], a[0], b[0]) && between(a[1], c[1], d[1]);
  }
  return false;
}

function boxAround(a: Point, b: Point, margin: number): Box {
  const [x, y] = [Math.min(a[0], b[0]), Math.min(a[1], b[1])];
  return {
    x: x - margin,
    y: y - margin,
    width: Math.abs(a[0] - b[0]) + 2 * margin,
    height: Math.abs(a[1] - b[1]) + 2 * margin,
  };
}

function overlaps(p: Box, q: Box): boolean {
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}
