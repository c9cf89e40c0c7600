// Straightens the detours a fold leaves in its routes. An edge keeps, inside the row it ends in,
// the bends ELK gave it in the drawing before the fold: one that ran round the far side of a wide
// group to reach its target still goes out that far and comes back, though its target now sits in
// a narrow row of its own, and that overshoot alone can widen the whole drawing (the nested
// microservices chart: 130 px past its last frame). A U-turn — out along one line, across, back
// along a parallel one — becomes a corner at the point where the route comes back, when the new
// segment keeps clear of every box and every other route.
import type { Box } from "./fold_rows.ts";
import { withoutStraightBends } from "./route_points.ts";

type Point = [number, number];

export interface DetourObstacles {
  /** Boxes no new segment may come within `margin` of: nodes. */
  solid: Box[];
  margin: number;
  /**
   * Boxes a new segment must lie wholly inside or wholly outside of, `spacing` from their border:
   * group borders, and the band above a frame where its name is drawn.
   */
  borders: Box[];
  /** Room kept from a border, and from another route's segment running beside the new one. */
  spacing: number;
}

/** The routes with their U-turns cut short wherever the shortcut is clear; ids kept. */
export function withoutDetours(
  routes: Map<string, Point[]>,
  obstacles: DetourObstacles,
): Map<string, Point[]> {
  const ids = [...routes.keys()];
  const current = [...routes.values()];
  current.forEach((route, index) => {
    const others = {
      length: current.length - 1,
      at: (j: number) => current[j < index ? j : j + 1],
    };
    current[index] = straightened(route, (shortcut, replaced) => {
      const end = replaced[replaced.length - 1];
      return isClear(shortcut, end, obstacles, others) &&
        crossings([shortcut, end], others) <= crossings([shortcut, ...replaced], others);
    });
  });
  return new Map(ids.map((id, index) => [id, current[index]]));
}

/** The routes besides the one being straightened, without copying them for each. */
interface OtherRoutes {
  length: number;
  at(index: number): Point[];
}

/**
 * `route` with each U-turn a → b → c → d (a→b and c→d parallel and opposite, d back between a
 * and b) replaced by a → b' → d, b' on a→b level with d, when `better(b', [b, c, d])` (the
 * shortcut b' → d against the way round b' → b → c → d). The last segment is never changed, so
 * the route enters its target as before; the first keeps its direction.
 */
export function straightened(
  route: Point[],
  better: (shortcut: Point, replaced: Point[]) => boolean,
): Point[] {
  const points = route.map(([x, y]): Point => [x, y]);
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i + 3 < points.length - 1 && !changed; i++) {
      const [a, b, c, d] = points.slice(i, i + 4);
      const shortcut = uTurnShortcut(a, b, c, d);
      if (shortcut === null || !better(shortcut, [b, c, d])) continue;
      points.splice(i + 1, 2, shortcut);
      changed = true;
    }
  }
  return withoutStraightBends(points);
}

/** b' for the U-turn a → b → c → d, or null when these four points are not one. */
function uTurnShortcut(a: Point, b: Point, c: Point, d: Point): Point | null {
  for (const axis of [0, 1] as const) {
    const other = 1 - axis;
    // a→b and c→d run along `axis`, b→c across it.
    if (a[other] !== b[other] || c[other] !== d[other] || b[axis] !== c[axis]) continue;
    const out = b[axis] - a[axis];
    const back = d[axis] - c[axis];
    if (out === 0 || back === 0 || Math.sign(out) === Math.sign(back)) continue;
    // d must come back to between a and b: then the stretch past d was only a way round.
    const [low, high] = out > 0 ? [a[axis], b[axis]] : [b[axis], a[axis]];
    if (d[axis] <= low || d[axis] >= high) continue;
    const shortcut: Point = [0, 0];
    shortcut[axis] = d[axis];
    shortcut[other] = a[other];
    return shortcut;
  }
  return null;
}

/**
 * Whether the axis-parallel segment a–b keeps `margin` from every solid box, stays on one side of
 * every border, and keeps `spacing` from every other route's segment parallel to it.
 */
function isClear(a: Point, b: Point, obstacles: DetourObstacles, others: OtherRoutes): boolean {
  const { margin, spacing } = obstacles;
  if (obstacles.solid.some((box) => overlaps(boxAround(a, b, margin), box))) return false;
  const own = boxAround(a, b, spacing);
  const onOneSide = (border: Box) => !overlaps(own, border) || contains(border, own);
  if (!obstacles.borders.every(onOneSide)) return false;
  const vertical = a[0] === b[0];
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
  for (let i = 1; i < path.length; i++) {
    for (let r = 0; r < routes.length; r++) {
      const route = routes.at(r);
      for (let j = 1; j < route.length; j++) {
        if (crosses(path[i - 1], path[i], route[j - 1], route[j])) count++;
      }
    }
  }
  return count;
}

function crosses(a: Point, b: Point, c: Point, d: Point): boolean {
  const between = (value: number, p: number, q: number) =>
    Math.min(p, q) < value && value < Math.max(p, q);
  if (a[0] === b[0] && c[1] === d[1]) return between(a[0], c[0], d[0]) && between(c[1], a[1], b[1]);
  if (a[1] === b[1] && c[0] === d[0]) return between(c[0], a[0], b[0]) && between(a[1], c[1], d[1]);
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

function contains(outer: Box, inner: Box): boolean {
  return outer.x <= inner.x && outer.y <= inner.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height;
}

function overlaps(p: Box, q: Box): boolean {
  return p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;
}
