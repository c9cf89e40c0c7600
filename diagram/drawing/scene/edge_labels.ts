// Where each edge label goes on its arrow. Excalidraw (0.18) decides where an arrow's label is
// drawn from the arrow's points alone: with an odd number of points, centred on the middle point;
// with an even number, on the middle of the middle segment (`getBoundTextElementPosition` in
// LinearElementEditor). So we choose a spot on the route that clears the nodes and the labels
// already placed, then add points on the route's own lines (invisible, since our arrows have sharp
// corners) until that spot is the middle point of an odd count.
//
// Decisions:
// - Always an odd count: the even rule reads a midpoint cache in the editor that is keyed by the
//   element's version only, so another arrow of the same version can leak into it; the odd rule
//   reads the point itself.
// - The ends stay put: the first and last points are bound and backed off to the outline, and
//   the pieces that touch them keep at least half of what they had, so arrowheads keep their size.
// - Costs, from the heaviest: overlapping a node or a placed label; coming within NODE_MARGIN of
//   a node or LABEL_MARGIN of a label (dense layouts leave some arrows closer than two labels
//   plus margins); another arrow running through it or within ARROW_MARGIN; sitting on the
//   first or last segment or on a bend;
//   leaving the middle of the route. A label that still overlaps something goes where it
//   overlaps least, so it always goes somewhere.
// - Short routes first: they have the fewest spots to choose from.
import type { Point } from "../excalidraw/types.ts";
import type { Rect } from "./node_boxes.ts";

/** Clear space kept between an edge label and any node's box. */
export const NODE_MARGIN = 8;
/** Clear space kept between two edge labels. */
export const LABEL_MARGIN = 4;
/** Another arrow this close to a label counts as running through it: its stroke would touch. */
const ARROW_MARGIN = 4;
/** Spacing of the spots tried along each segment. */
const STEP = 4;
/**
 * Spots tried per label at most: a long route is sampled more coarsely, so a star of a thousand
 * long arrows costs thousands of spots, not millions.
 */
const MAX_SPOTS = 400;
/** Shortest piece an inserted point may leave; Excalidraw shows shorter ones as one point. */
const MIN_PIECE = 2;
/** Room kept clear for the end arrowhead (Excalidraw draws it at most 15 px long, plus a little). */
const ARROWHEAD_ROOM = 18;

const COST_CROSSING = 400;
/**
 * Crossings counted per spot at most: past a few, a spot is simply crowded, and in a dense fan
 * counting every arrow would make each spot cost as much as there are arrows.
 */
const MAX_COUNTED_CROSSINGS = 3;
const COST_END_SEGMENT = 150;
const COST_BEND = 60;
const COST_CROWDING = 1e3;
const COST_OVERLAP = 1e6;

export interface LabelSize {
  width: number;
  height: number;
}

/** One arrow: its absolute route (ends already on the outlines) and its label, if any. */
export interface ArrowRoute {
  route: Point[];
  label: LabelSize | null;
}

export interface LabelPlacement {
  /** The arrow's new absolute points: the route plus collinear points. */
  points: Point[];
  /** Where the label's centre is, and Excalidraw will draw it: the middle point. */
  centre: Point;
}

interface Spot {
  centre: Point;
  /** Segment it lies on, or the index of the bend it sits on with `atBend`. */
  segment: number;
  atBend: boolean;
  cost: number;
}

/** Per arrow, in input order: where its label goes, or null for an arrow without one. */
export function placeEdgeLabels(arrows: ArrowRoute[], nodes: Rect[]): (LabelPlacement | null)[] {
  const placer = new Placer(arrows, nodes);
  const order = arrows.map((_, index) => index)
    .filter((index) => arrows[index].label !== null && arrows[index].route.length >= 2)
    .sort((a, b) => routeLength(arrows[a].route) - routeLength(arrows[b].route) || a - b);
  const blocked: number[] = [];
  for (const index of order) {
    const spot = placer.best(index);
    placer.place(index, spot);
    if (spot === null || spot.overlap > 0 || spot.crowding > 0) blocked.push(index);
  }
  // Greedy placement can box a label in with a neighbour's (two close parallel arrows whose
  // labels both want the middle): move the pair together.
  for (const index of blocked) placer.repair(index);
  return arrows.map((arrow, index) => {
    const spot = placer.placed.get(index);
    if (spot === undefined) return null;
    // A route too short for any spot: Excalidraw's own middle.
    const chosen = spot.spot ?? pointAlong(arrow.route, routeLength(arrow.route) / 2);
    const points = withMiddleAt(arrow.route, chosen.centre, chosen.segment);
    return { points, centre: points[(points.length - 1) / 2] };
  });
}

interface Segment {
  arrow: number;
  from: Point;
  to: Point;
}

interface ScoredSpot extends Spot {
  /** Area shared with nodes and placed labels: 0 when free. */
  overlap: number;
  /** The same with the label grown by the margins: 0 when it keeps its distance too. */
  crowding: number;
}

/** The obstacles and the labels placed so far. */
class Placer {
  readonly #nodes = new RectGrid<Rect>();
  readonly #segments = new RectGrid<Segment>();
  readonly #labels = new RectGrid<Rect>();
  readonly placed = new Map<number, { spot: ScoredSpot | null; box: Rect | null }>();

  constructor(readonly arrows: ArrowRoute[], nodes: Rect[]) {
    for (const node of nodes) this.#nodes.add(node, node);
    arrows.forEach(({ route }, arrow) => {
      for (let i = 0; i + 1 < route.length; i++) {
        const [from, to] = [route[i], route[i + 1]];
        this.#segments.add({ arrow, from, to }, rectAround(from, to));
      }
    });
  }

  /** The cheapest spot for the label of arrow `index` among what is placed now. */
  best(index: number): ScoredSpot | null {
    const { route, label } = this.arrows[index];
    let best: ScoredSpot | null = null;
    for (const spot of spotsAlong(route, label!)) {
      // Spots come cheapest first and obstacles only add cost.
      if (best !== null && spot.cost >= best.cost) break;
      const scored = this.#score(index, spot, best?.cost ?? Infinity);
      if (scored !== null && (best === null || scored.cost < best.cost)) best = scored;
    }
    return best;
  }

  place(index: number, spot: ScoredSpot | null): void {
    const box = spot === null ? null : centredRect(spot.centre, this.arrows[index].label!);
    if (box !== null) this.#labels.add(box, box);
    this.placed.set(index, { spot, box });
  }

  unplace(index: number): void {
    const box = this.placed.get(index)?.box;
    if (box !== null && box !== undefined) this.#labels.remove(box, box);
    this.placed.delete(index);
  }

  /**
   * For a label that overlaps or crowds one placed label: the cheapest pair of spots for both
   * that overlap nothing, found by trying each such spot of this one and the best spot of the
   * other around it. Kept only when it costs less than the pair as it is.
   */
  repair(index: number): void {
    const mine = this.placed.get(index);
    if (mine?.box == null) return;
    const grown = grow(mine.box, LABEL_MARGIN);
    const others = [...this.#labels.near(grown)].filter((box) =>
      box !== mine.box && overlapArea(grown, [box]) > 0
    );
    const neighbour = [...this.placed].find(([, { box }]) => box === others[0]);
    if (others.length !== 1 || neighbour === undefined) return;
    const [other, before] = neighbour;
    this.unplace(index);
    this.unplace(other);
    let best: { mine: ScoredSpot; theirs: ScoredSpot; cost: number } | null = null;
    for (const spot of spotsAlong(this.arrows[index].route, this.arrows[index].label!)) {
      if (best !== null && spot.cost >= best.cost) break;
      const scored = this.#score(index, spot, Infinity);
      if (scored === null || scored.overlap > 0) continue;
      if (best !== null && scored.cost >= best.cost) continue;
      this.place(index, scored);
      const theirs = this.best(other);
      this.unplace(index);
      if (theirs === null || theirs.overlap > 0) continue;
      const cost = scored.cost + theirs.cost;
      if (best === null || cost < best.cost) best = { mine: scored, theirs, cost };
    }
    const keep = best === null || best.cost >= mine.spot!.cost + (before.spot?.cost ?? 0);
    this.place(index, keep ? mine.spot : best!.mine);
    this.place(other, keep ? before.spot : best!.theirs);
  }

  /** Null when it costs at least `bound` (the caller has a cheaper spot already). */
  #score(index: number, spot: Spot, bound: number): ScoredSpot | null {
    const box = centredRect(spot.centre, this.arrows[index].label!);
    const nearNodes = grow(box, NODE_MARGIN);
    const nearLabels = grow(box, LABEL_MARGIN);
    const nodes = this.#nodes.near(nearNodes);
    const labels = this.#labels.near(nearLabels);
    const overlap = overlapArea(box, nodes) + overlapArea(box, labels);
    const crowding = overlapArea(nearNodes, nodes) + overlapArea(nearLabels, labels);
    let cost = spot.cost + overlap * COST_OVERLAP + crowding * COST_CROWDING;
    if (cost >= bound) return null;
    const nearArrows = grow(box, ARROW_MARGIN);
    let crossings = 0;
    for (const segment of this.#segments.near(nearArrows)) {
      if (segment.arrow !== index && segmentCrossesRect(segment.from, segment.to, nearArrows)) {
        cost += COST_CROSSING;
        // Already dearer than a spot we have: the rest of the crossings cannot help it.
        if (cost >= bound) return null;
        if (++crossings === MAX_COUNTED_CROSSINGS) break;
      }
    }
    return { ...spot, cost, overlap, crowding };
  }
}

/**
 * Candidate spots: every STEP px (more on long routes) along each segment and each bend, far enough from both ends that
 * the label leaves the start and the end arrowhead visible; cheapest first, by their cost before
 * any obstacle is known (ties keep route order, so the choice is deterministic).
 */
function spotsAlong(route: Point[], size: LabelSize): Spot[] {
  const spots: Spot[] = [];
  const total = routeLength(route);
  const step = Math.max(STEP, total / MAX_SPOTS);
  const last = route.length - 2;
  let travelled = 0;
  for (let segment = 0; segment <= last; segment++) {
    const [from, to] = [route[segment], route[segment + 1]];
    const length = distance(from, to);
    if (length === 0) continue;
    const direction: Point = [(to[0] - from[0]) / length, (to[1] - from[1]) / length];
    // Half the label's extent along this segment: how far its box reaches back and forward.
    const reach = Math.abs(direction[0]) * size.width / 2 +
      Math.abs(direction[1]) * size.height / 2;
    const endSegment = last > 0 && (segment === 0 || segment === last);
    const offsets = new Set<number>([length / 2]);
    for (let along = 0; along <= length; along += step) offsets.add(along);
    for (const along of offsets) {
      const atBend = along === 0;
      if (atBend && segment === 0) continue;
      if (!atBend && (along < MIN_PIECE || length - along < MIN_PIECE)) continue;
      const fromStart = travelled + along;
      if (fromStart < reach + MIN_PIECE || total - fromStart < reach + ARROWHEAD_ROOM) continue;
      spots.push({
        centre: [from[0] + direction[0] * along, from[1] + direction[1] * along],
        segment,
        atBend,
        cost: Math.abs(fromStart - total / 2) + (endSegment ? COST_END_SEGMENT : 0) +
          (atBend ? COST_BEND : 0),
      });
    }
    travelled += length;
  }
  return spots.sort((a, b) => a.cost - b.cost);
}

/**
 * The route with `centre` (on segment `segment`, or the bend `segment` when it is one) as its
 * middle point of an odd count: `centre` is inserted, then the side with fewer points gets more,
 * each splitting the longest piece on that side, an end piece only when no other piece is long
 * enough, and then at a quarter from its inner end.
 */
export function withMiddleAt(route: Point[], centre: Point, segment: number): Point[] {
  const points = route.map(([x, y]): Point => [x, y]);
  let middle = points.findIndex((point) => point[0] === centre[0] && point[1] === centre[1]);
  if (middle <= 0 || middle === points.length - 1) {
    points.splice(segment + 1, 0, [centre[0], centre[1]]);
    middle = segment + 1;
  }
  for (;;) {
    const before = middle;
    const after = points.length - 1 - middle;
    if (before === after) return points;
    // Pieces on the short side, by the index of their first point.
    const [first, end] = before < after ? [0, middle] : [middle, points.length - 1];
    const pieces = [];
    for (let i = first; i < end; i++) {
      const touchesEnd = i === 0 || i + 1 === points.length - 1;
      pieces.push({ i, length: distance(points[i], points[i + 1]), touchesEnd });
    }
    const inner = pieces.filter(({ touchesEnd, length }) => !touchesEnd && length >= 2 * MIN_PIECE)
      .sort((a, b) => b.length - a.length || a.i - b.i)[0];
    let at: Point;
    let index: number;
    if (inner !== undefined) {
      index = inner.i;
      at = pointBetween(points[index], points[index + 1], 0.5);
    } else {
      const piece = pieces.sort((a, b) => b.length - a.length || a.i - b.i)[0];
      index = piece.i;
      // The end piece keeps three quarters, next to the end; the new inner quarter is split later.
      const fraction = !piece.touchesEnd ? 0.5 : index === 0 ? 0.75 : 0.25;
      at = pointBetween(points[index], points[index + 1], fraction);
    }
    points.splice(index + 1, 0, at);
    if (index < middle) middle++;
  }
}

function pointBetween(a: Point, b: Point, fraction: number): Point {
  return [a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction];
}

/** The point `along` the route from its start, and the segment it lies on. */
function pointAlong(route: Point[], along: number): { centre: Point; segment: number } {
  let left = along;
  for (let i = 0; i + 1 < route.length; i++) {
    const length = distance(route[i], route[i + 1]);
    if (left <= length && length > 0) {
      return { centre: pointBetween(route[i], route[i + 1], left / length), segment: i };
    }
    left -= length;
  }
  return { centre: route[route.length - 1], segment: Math.max(0, route.length - 2) };
}

function routeLength(route: Point[]): number {
  let total = 0;
  for (let i = 0; i + 1 < route.length; i++) total += distance(route[i], route[i + 1]);
  return total;
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

export function centredRect([x, y]: Point, { width, height }: LabelSize): Rect {
  return { x: x - width / 2, y: y - height / 2, width, height };
}

function grow(rect: Rect, by: number): Rect {
  return {
    x: rect.x - by,
    y: rect.y - by,
    width: rect.width + 2 * by,
    height: rect.height + 2 * by,
  };
}

function rectAround(a: Point, b: Point): Rect {
  const [x, y] = [Math.min(a[0], b[0]), Math.min(a[1], b[1])];
  return { x, y, width: Math.abs(a[0] - b[0]), height: Math.abs(a[1] - b[1]) };
}

/** Area shared with each rect, summed; touching edges share nothing. */
function overlapArea(box: Rect, others: Iterable<Rect>): number {
  let total = 0;
  for (const other of others) {
    const width = Math.min(box.x + box.width, other.x + other.width) - Math.max(box.x, other.x);
    const height = Math.min(box.y + box.height, other.y + other.height) -
      Math.max(box.y, other.y);
    if (width > 0 && height > 0) total += width * height;
  }
  return total;
}

/** Liang–Barsky clipping: does any part of the segment lie strictly inside the rect? */
export function segmentCrossesRect(a: Point, b: Point, rect: Rect): boolean {
  let [low, high] = [0, 1];
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const sides: [number, number][] = [
    [-dx, a[0] - rect.x],
    [dx, rect.x + rect.width - a[0]],
    [-dy, a[1] - rect.y],
    [dy, rect.y + rect.height - a[1]],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q <= 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) low = Math.max(low, t);
    else high = Math.min(high, t);
    if (low >= high) return false;
  }
  return true;
}

/** Rects bucketed in a uniform grid, so a query looks only at what is near. */
class RectGrid<T> {
  static readonly CELL = 128;
  readonly #cells = new Map<number, T[]>();

  add(item: T, rect: Rect): void {
    this.#forCells(rect, (key) => {
      const cell = this.#cells.get(key);
      if (cell === undefined) this.#cells.set(key, [item]);
      else cell.push(item);
    });
  }

  remove(item: T, rect: Rect): void {
    this.#forCells(rect, (key) => {
      const cell = this.#cells.get(key);
      const at = cell?.indexOf(item) ?? -1;
      if (at >= 0) cell!.splice(at, 1);
    });
  }

  /** Each item whose cells meet the rect's, once. */
  near(rect: Rect): Set<T> {
    const found = new Set<T>();
    this.#forCells(rect, (key) => {
      for (const item of this.#cells.get(key) ?? []) found.add(item);
    });
    return found;
  }

  /** Cell keys are numbers: cell column and row, offset to be positive, in one integer. */
  #forCells({ x, y, width, height }: Rect, visit: (key: number) => void): void {
    const cell = RectGrid.CELL;
    const [left, right] = [Math.floor(x / cell), Math.floor((x + width) / cell)];
    const [top, bottom] = [Math.floor(y / cell), Math.floor((y + height) / cell)];
    for (let column = left; column <= right; column++) {
      for (let row = top; row <= bottom; row++) visit((column + 0x8000) * 0x10000 + row + 0x8000);
    }
  }
}
