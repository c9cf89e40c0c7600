// Parallel edges and repeated self-loops, bundled: ELK routes one edge per pair of nodes and
// the others follow it at a fixed offset. ELK gives every parallel edge its own port and route,
// which costs time and, with hundreds of them, pushes ports off the node so that arrows miss
// the outline; an offset copy of one route cannot.

/** An edge in the direction ELK lays it out (after cycle breaking). */
export interface DirectedEnds {
  source: string;
  target: string;
}

/**
 * Edge indices grouped by their ELK source and target, in input order: the first index of each
 * group is the one ELK routes. The groups come in the order of their first edge.
 */
export function bundleEdges(edges: readonly DirectedEnds[]): number[][] {
  const groups = new Map<string, number[]>();
  edges.forEach(({ source, target }, index) => {
    // JSON keeps any two ids apart, whatever characters they contain.
    const key = JSON.stringify([source, target]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [index]);
    else group.push(index);
  });
  return [...groups.values()];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Wanted distance between neighbouring copies; it shrinks when the copies would not fit. */
export interface BundleSpacing {
  spacing: number;
}

/** End segments shorter than this would leave no room to back the arrow off the outline. */
const MIN_END_SEGMENT = 20;
/** Inner segments of a copy keep at least this length (or their own, if shorter). */
const MIN_INNER_SEGMENT = 4;
/** Copies end at least this share of a side away from its corners, where outlines curve away. */
const CORNER_SHARE = 0.1;
/** Halvings of the spacing tried before the copies are laid on the route itself. */
const MAX_HALVINGS = 24;

/**
 * `count` routes following `route` (orthogonal, from the `source` box's border to the `target`
 * box's border): each segment moved sideways by the copy's offset, offsets centred on the
 * original. Ends slide along the sides they sit on and stay on them; when the copies do not fit
 * at `spacing`, they move closer (down to lying on the route itself).
 */
export function offsetCopies(
  route: readonly [number, number][],
  count: number,
  source: Box,
  target: Box,
  { spacing }: BundleSpacing,
): [number, number][][] {
  const centre = (count - 1) / 2;
  let step = spacing;
  for (let halvings = 0; count > 1 && halvings <= MAX_HALVINGS; halvings++) {
    const extremes = [-centre * step, centre * step];
    if (extremes.every((offset) => isGoodCopy(route, offsetRoute(route, offset), source, target))) {
      return Array.from({ length: count }, (_, i) => offsetRoute(route, (i - centre) * step)!);
    }
    step /= 2;
  }
  return Array.from({ length: count }, () => route.map(([x, y]): [number, number] => [x, y]));
}

/**
 * The route with every segment moved by `offset` to its left (right when negative); null when
 * a segment is not axis-aligned or turns back, where "moving sideways" has no meaning.
 */
function offsetRoute(
  route: readonly [number, number][],
  offset: number,
): [number, number][] | null {
  const normals: [number, number][] = [];
  for (let i = 1; i < route.length; i++) {
    const [dx, dy] = [route[i][0] - route[i - 1][0], route[i][1] - route[i - 1][1]];
    if ((dx !== 0) === (dy !== 0)) return null;
    // The left of the direction of travel: (dx, dy) turned a quarter.
    normals.push([Math.sign(dy), -Math.sign(dx)]);
  }
  for (let i = 1; i < normals.length; i++) {
    const [a, b] = [normals[i - 1], normals[i]];
    if (a[0] === -b[0] && a[1] === -b[1]) return null;
  }
  return route.map(([x, y], i): [number, number] => {
    const before = normals[i - 1];
    const after = normals[i];
    // At a bend both segments move; each moves the point along its own normal, and
    // perpendicular normals add up to the corner of the two moved lines.
    const [nx, ny] = before === undefined
      ? after
      : after === undefined || (before[0] === after[0] && before[1] === after[1])
      ? before
      : [before[0] + after[0], before[1] + after[1]];
    return [x + nx * offset, y + ny * offset];
  });
}

function isGoodCopy(
  route: readonly [number, number][],
  copy: [number, number][] | null,
  source: Box,
  target: Box,
): boolean {
  if (copy === null) return false;
  const last = route.length - 1;
  for (let i = 1; i <= last; i++) {
    const original = segmentVector(route, i);
    const moved = segmentVector(copy, i);
    const length = Math.abs(original[0] + original[1]);
    // Same direction (the dot product), and long enough.
    const along = (moved[0] * original[0] + moved[1] * original[1]) / length;
    const isEnd = i === 1 || i === last;
    if (along < Math.min(length, isEnd ? MIN_END_SEGMENT : MIN_INNER_SEGMENT)) return false;
  }
  return endStaysOnSide(route[0], copy[0], source) &&
    endStaysOnSide(route[last], copy[last], target);
}

function segmentVector(points: readonly [number, number][], i: number): [number, number] {
  return [points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]];
}

/**
 * The end moved along the side the original end sits on, and stays off its corners: by the
 * corner share of the side, or by as much as the original end did if it was closer.
 */
function endStaysOnSide(
  original: readonly [number, number],
  moved: readonly [number, number],
  box: Box,
): boolean {
  const movesAlongX = moved[1] === original[1];
  const [position, start, length] = movesAlongX
    ? [moved[0], box.x, box.width]
    : [moved[1], box.y, box.height];
  const originalPosition = movesAlongX ? original[0] : original[1];
  const margin = Math.min(
    length * CORNER_SHARE,
    originalPosition - start,
    start + length - originalPosition,
  );
  return position >= start + margin && position <= start + length - margin;
}
