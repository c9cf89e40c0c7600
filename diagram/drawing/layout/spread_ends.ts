// Arrow ends pulled apart where they came closer than an arrowhead on one side of a node. ELK
// spreads the ends of the edges it routes evenly along a side, but some ends are placed after it:
// the copies of a bundle (both edges of a two-node cycle) sit EDGE_SPACING either side of ELK's
// one route, so next to another edge's end 21 px away the nearer copy comes 12 px from it, and on
// a hub's side too short for its ends a copy came 1 px from another edge's end. Each
// crowded side's ends are moved along it as little as puts them ARROW_END_ROOM apart, in the
// same order (so no two ends swap and no crossing appears), and each moved end takes its route's
// first bend along: the first segment stays square to the side and the one after it, which runs
// along the side, takes the move. A route that is one straight segment gets a jog half way to
// move an end, so its ends weigh more and the bent routes' ends give way first.
import type { Box } from "./fold_rows.ts";
import { withoutStraightBends } from "./route_points.ts";

/** An arrowhead's length: two ends closer than this on one side pile up. */
export const ARROW_END_ROOM = 16;

type Route = [number, number][];
/** A side of a node's box. */
export type Side = "top" | "bottom" | "left" | "right";

interface End {
  route: Route;
  /** 0 for the route's first point, its last index for the last. */
  index: number;
  /** The coordinate along the side: x on top and bottom, y on left and right. */
  at: number;
  movable: boolean;
  /** The route is one straight segment: moving this end takes a jog. */
  straight: boolean;
}

/** How much more than a bent route's end a straight route's end costs to move: it takes a jog. */
const STRAIGHT_WEIGHT = 3;
/** A straight route shorter than this has no room for a jog. */
const MIN_JOGGED_LENGTH = 8;

/**
 * `routes` (from the `from` node's border to the `to` node's) with crowded ends spread, new
 * arrays where something moved: ARROW_END_ROOM apart and from the side's corners, or, on a side
 * too short for that (a hub's), evenly over it, where ends of bundles could lie on each other.
 */
export function withEndsSpread(
  nodes: ReadonlyMap<string, Box>,
  routes: ReadonlyMap<string, { from: string; to: string; points: Route }>,
): Map<string, Route> {
  const spread = new Map([...routes].map(([id, { points }]) => [
    id,
    points.map(
      ([x, y]): [number, number] => [x, y],
    ),
  ]));
  const sides = new Map<string, End[]>();
  for (const [id, { from, to }] of routes) {
    const route = spread.get(id)!;
    if (route.length < 2) continue;
    for (const [node, index] of [[from, 0], [to, route.length - 1]] as const) {
      const box = nodes.get(node);
      if (box === undefined) continue;
      const side = nearestSide(box, route[index]);
      const along = side === "top" || side === "bottom" ? 0 : 1;
      const key = `${node}\0${side}`;
      const ends = sides.get(key) ?? sides.set(key, []).get(key)!;
      const straight = route.length === 2;
      // A loop's two ends share its few points: they stay as they are.
      const movable = from !== to && leavesSquare(route, index, along) &&
        (!straight || Math.abs(route[1][1 - along] - route[0][1 - along]) >= MIN_JOGGED_LENGTH);
      ends.push({ route, index, at: route[index][along], movable, straight });
    }
  }
  // A straight route's shift at each end, applied once all sides are done.
  const jogs = new Map<Route, { along: number; shifts: [number, number] }>();
  const bent = new Set<Route>();
  for (const [key, ends] of sides) {
    if (ends.length < 2) continue;
    const [node, side] = key.split("\0") as [string, Side];
    const box = nodes.get(node)!;
    const horizontal = side === "top" || side === "bottom";
    const [start, length] = horizontal ? [box.x, box.width] : [box.y, box.height];
    // A side too short for its ends that far apart gets them as far apart as it allows.
    const gap = Math.min(ARROW_END_ROOM, length / (ends.length + 1));
    ends.sort((a, b) => a.at - b.at);
    if (ends.every((end, i) => i === 0 || end.at - ends[i - 1].at >= gap - 0.01)) continue;
    // Kept `gap` from the corners, or no further out than the outermost end already is.
    const [low, high] = [
      Math.min(start + gap, ends[0].at),
      Math.max(start + length - gap, ends[ends.length - 1].at),
    ];
    const placed = spacedApart(
      ends.map(({ at, movable, straight }) => ({
        at,
        weight: movable ? (straight ? STRAIGHT_WEIGHT : 1) : FIXED,
      })),
      gap,
      low,
      high,
    );
    // An end that may not move can leave its neighbours crowded, or push them past a corner, and
    // a route may have no segment to take a move (moveOf): then nothing on this side moves.
    const along = horizontal ? 0 : 1;
    const planned = ends.map((end, i) => end.movable ? placed[i] : end.at);
    const moves = ends.map((end, i) => moveOf(end, planned[i] - end.at, along));
    if (moves.includes(null)) continue;
    // A move may have been rounded to close a jog (moveOf): the ends are checked as moved.
    const final = ends.map((end, i) => end.at + moves[i]!);
    const outside = final.some((at) => at < low - 0.5 || at > high + 0.5);
    const crowded = final.some((at, i) => i > 0 && at - final[i - 1] < gap - 0.5);
    if (outside || crowded) continue;
    ends.forEach((end, i) => {
      const shift = moves[i]!;
      if (Math.abs(shift) < 0.01) return;
      if (end.straight) {
        const jog = jogs.get(end.route) ?? { along, shifts: [0, 0] };
        jog.shifts[end.index === 0 ? 0 : 1] = shift;
        jogs.set(end.route, jog);
        return;
      }
      const bend = end.index === 0 ? 1 : end.route.length - 2;
      end.route[end.index][along] += shift;
      end.route[bend][along] += shift;
      bent.add(end.route);
    });
  }
  for (const [id, route] of spread) {
    const jog = jogs.get(route);
    if (jog !== undefined) spread.set(id, jogged(route, jog.along, jog.shifts));
    // A jog closed by a move leaves a point twice and bends in line: they go.
    else if (bent.has(route)) spread.set(id, withoutStraightBends(route));
  }
  return spread;
}

/**
 * A straight route with its ends moved along their sides by `shifts`: a jog half way between
 * them, or still straight when both moved alike (within a pixel, which no segment may be).
 */
function jogged(route: Route, along: number, [first, last]: [number, number]): Route {
  const [from, to] = route.map(([x, y]): [number, number] => [x, y]);
  if (Math.abs(last - first) < 1) {
    from[along] += first;
    to[along] += first;
    return [from, to];
  }
  const middle = (from[1 - along] + to[1 - along]) / 2;
  const bend = (at: number): [number, number] => along === 0 ? [at, middle] : [middle, at];
  from[along] += first;
  to[along] += last;
  return [from, bend(from[along]), bend(to[along]), to];
}

/**
 * How far `end` moves along the side for a planned `shift` (that, or a little more), or null
 * when it may not. The end and its first bend move, so the first segment stays square to the
 * side, and the segment after them, which runs along the side, takes the move: grows, shrinks or
 * turns round, keeping a pixel at least, and its direction when it enters the route's other end.
 * A jog the move would leave under a pixel is closed instead, the move rounded by that much. A
 * straight route's end moves as planned (it gets a jog).
 */
function moveOf(end: End, shift: number, along: number): number | null {
  if (Math.abs(shift) < 0.01 || end.straight && end.movable) return shift;
  if (!end.movable) return null;
  const { route, index } = end;
  const step = index === 0 ? 1 : -1;
  const [before, from, to] = [route[index], route[index + step], route[index + 2 * step]];
  // The segment after the first bend runs along the side, the first one across it.
  if (from[1 - along] !== to[1 - along] || before[along] !== from[along]) return null;
  const length = to[along] - from[along];
  const after = length - shift;
  // Into the route's other end it may not turn round, or it would enter that node from inside.
  const intoEnd = index + 2 * step === (index === 0 ? route.length - 1 : 0);
  if (intoEnd) {
    return Math.sign(after) === Math.sign(length) && Math.abs(after) >= 1 ? shift : null;
  }
  return Math.abs(after) >= 1 ? shift : length;
}

/** The weight of an end that may not move: the others give way entirely. */
const FIXED = Infinity;

/** The side of `box` nearest to an arrow's end: the side a reader sees it meet. */
export function nearestSide(box: Box, [x, y]: readonly [number, number]): Side {
  const distances: [Side, number][] = [
    ["top", Math.abs(y - box.y)],
    ["bottom", Math.abs(y - box.y - box.height)],
    ["left", Math.abs(x - box.x)],
    ["right", Math.abs(x - box.x - box.width)],
  ];
  return distances.reduce((best, next) => next[1] < best[1] ? next : best)[0];
}

/**
 * Whether the route's end segment runs square to the side (`along` is the side's axis): only
 * then does moving the end and its bend along the side keep the route's other segments as they
 * run. A segment along the side, or none at all, and the end stays.
 */
function leavesSquare(route: Route, index: number, along: 0 | 1): boolean {
  const [end, bend] = [route[index], route[index === 0 ? 1 : index - 1]];
  return end[along] === bend[along] && end[1 - along] !== bend[1 - along];
}

/**
 * Positions for sorted points, `gap` apart at least, in the same order, moved as little as
 * possible (least squares, each move weighted; an infinite weight does not move), within
 * [low, high] when they fit there. The classic reduction: subtract i × gap from the i-th point,
 * make that sequence non-decreasing by pooling adjacent violators into their weighted mean, add
 * i × gap back.
 */
export function spacedApart(
  points: readonly { at: number; weight: number }[],
  gap: number,
  low: number,
  high: number,
): number[] {
  const pools: { value: number; weight: number; count: number }[] = [];
  points.forEach(({ at, weight }, i) => {
    pools.push({ value: at - i * gap, weight, count: 1 });
    while (pools.length > 1 && pools[pools.length - 2].value > pools[pools.length - 1].value) {
      const last = pools.pop()!;
      const before = pools[pools.length - 1];
      before.value = pooledValue(before, last);
      before.weight += last.weight;
      before.count += last.count;
    }
  });
  const placed = pools.flatMap(({ value, count }) => Array.from({ length: count }, () => value))
    .map((value, i) => value + i * gap);
  // Past a corner: each point is brought into the range it can hold with the others `gap` apart
  // inside [low, high] (the i-th from low + i × gap); the ranges move with the index by `gap`,
  // so the points stay that far apart.
  const last = points.length - 1;
  return placed.map((value, i) =>
    Math.min(Math.max(value, low + i * gap), Math.max(low + i * gap, high - (last - i) * gap))
  );
}

/** Where a pool of points settles: their weighted mean, or where its unmovable points are. */
function pooledValue(
  a: { value: number; weight: number },
  b: { value: number; weight: number },
): number {
  const [aFixed, bFixed] = [a.weight === Infinity, b.weight === Infinity];
  if (aFixed !== bFixed) return aFixed ? a.value : b.value;
  if (aFixed) return (a.value + b.value) / 2;
  return (a.value * a.weight + b.value * b.weight) / (a.weight + b.weight);
}
