// How readable a drawn diagram is, measured the same way for our scenes and for Graphviz dot's
// layouts (bench/dot_layout.ts): both become a DrawnGraph of boxes and polylines first.
//
// The figures (../shared/reference/layout-quality.md): size and aspect; the smallest node label
// in px when the drawing is fitted into the editor at 1,280 × 800 (the editor's own fit,
// diagram/drawing/screen_fit.ts); edge crossings; edges through nodes that are not their ends;
// crowded arrow ends (two ends on one side of a node closer than an arrowhead, where the side
// has room for them); label overlaps (edge labels on nodes, group titles or each other).
import type { ExcalidrawFile, Point } from "../../diagram/drawing/excalidraw/types.ts";
import { sceneBounds } from "../../diagram/drawing/png/render_png.ts";
import type { Rect } from "../../diagram/drawing/scene/node_boxes.ts";
import { FONT_FAMILY, measureLineWidth } from "../../diagram/drawing/scene/text_metrics.ts";
import { EDITOR_CANVAS_1280x800, fitZoom } from "../../diagram/drawing/screen_fit.ts";
import {
  ARROW_END_ROOM,
  nearestSide,
  type Side,
} from "../../diagram/drawing/layout/spread_ends.ts";

export interface DrawnNode extends Rect {
  id: string;
  /** Its label's font size at 100 %. */
  fontSize: number;
}

export interface DrawnEdge {
  from: string;
  to: string;
  /** Absolute, from the `from` end to the `to` end. */
  points: Point[];
}

export interface DrawnGraph {
  nodes: DrawnNode[];
  edges: DrawnEdge[];
  edgeLabels: Rect[];
  /** Nested groups' titles and outermost groups' names. */
  groupTitles: Rect[];
  /** Everything drawn. */
  bounds: Rect;
}

export interface Readability {
  width: number;
  height: number;
  /** Long side over short side. */
  aspect: number;
  /** The smallest node label's size in px at the editor's fitted zoom. */
  fitLabelPx: number;
  crossings: number;
  throughNodes: number;
  crowdedEnds: number;
  labelOverlaps: number;
}

/** Excalidraw draws a frame's name 14 px high this far above the frame. */
const FRAME_NAME = { fontSize: 14, height: 17, gap: 3 };
/** Touching is not overlapping: float noise and shared borders do not count. */
const EPSILON = 0.5;

export function readability(drawn: DrawnGraph): Readability {
  const { width, height } = drawn.bounds;
  const zoom = fitZoom(drawn.bounds, EDITOR_CANVAS_1280x800);
  return {
    width: Math.round(width),
    height: Math.round(height),
    aspect: Math.max(width, height) / Math.min(width, height),
    fitLabelPx: smallestFont(drawn) * zoom,
    crossings: crossings(drawn),
    throughNodes: throughNodes(drawn),
    crowdedEnds: crowdedEnds(drawn),
    labelOverlaps: labelOverlaps(drawn),
  };
}

export function smallestFont({ nodes }: DrawnGraph): number {
  return Math.min(...nodes.map(({ fontSize }) => fontSize));
}

type AnyElement = Record<string, unknown> & {
  id: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
};

/** What a generated scene draws, read from the file alone. */
export function drawnFromScene(file: ExcalidrawFile): DrawnGraph {
  const elements = (file.elements as AnyElement[]).filter(({ isDeleted }) => isDeleted !== true);
  const byId = new Map(elements.map((element) => [element.id, element]));
  const nodeOfShape = new Map<string, string>();
  for (const element of elements) {
    const nodeId = (element.customData as { nodeId?: unknown } | undefined)?.nodeId;
    if (typeof nodeId === "string") nodeOfShape.set(element.id, nodeId);
  }
  const nodes: DrawnNode[] = [];
  const edgeLabels: Rect[] = [];
  const groupTitles: Rect[] = [];
  for (const text of elements.filter(({ type }) => type === "text")) {
    const container = byId.get(String(text.containerId));
    if (container === undefined) continue;
    if (nodeOfShape.has(container.id)) {
      nodes.push({
        ...rectOf(container),
        id: nodeOfShape.get(container.id)!,
        fontSize: Number(text.fontSize),
      });
    } else if (container.type === "arrow") edgeLabels.push(rectOf(text));
    else groupTitles.push(rectOf(text));
  }
  for (const frame of elements.filter(({ type }) => type === "frame")) {
    groupTitles.push({
      x: frame.x,
      y: frame.y - FRAME_NAME.gap - FRAME_NAME.height,
      width: measureLineWidth(String(frame.name ?? ""), {
        fontFamily: FONT_FAMILY.Helvetica,
        fontSize: FRAME_NAME.fontSize,
      }),
      height: FRAME_NAME.height,
    });
  }
  const edges = elements.filter(({ type }) => type === "arrow").map((arrow): DrawnEdge => {
    const end = (key: string) =>
      nodeOfShape.get(String((arrow[key] as { elementId?: unknown } | null)?.elementId)) ?? "";
    return {
      from: end("startBinding"),
      to: end("endBinding"),
      points: (arrow.points as Point[]).map(([x, y]): Point => [arrow.x + x, arrow.y + y]),
    };
  });
  const bounds = sceneBounds(elements) ?? { x: 0, y: 0, width: 1, height: 1 };
  return { nodes, edges, edgeLabels, groupTitles, bounds };
}

function rectOf({ x, y, width, height }: Rect): Rect {
  return { x, y, width, height };
}

function segments(points: Point[]): [Point, Point][] {
  return points.slice(1).map((point, index) => [points[index], point]);
}

/** Which side of the line a → b the point c is on: +1, −1, or 0 within float noise. */
function orientation(a: Point, b: Point, c: Point): number {
  const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  return Math.abs(cross) < 1e-6 ? 0 : Math.sign(cross);
}

/**
 * Places where two different edges cross. Crossing points of one pair closer than an arrowhead
 * are one place (dot's splines running side by side cross back and forth), and a crossing that
 * close to a node both edges end at is where they meet, not a crossing.
 */
export function crossings(
  drawn: { edges: DrawnEdge[]; nodes: (Rect & { id: string })[] },
): number {
  const { edges } = drawn;
  const nodeById = new Map(drawn.nodes.map((node) => [node.id, node]));
  const pieces = edges.map(({ points }) => segments(points));
  const boxes = edges.map(({ points }) => boundsOfPoints(points));
  let count = 0;
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      if (!rectsOverlap(boxes[i], boxes[j], -EPSILON)) continue;
      const shared = [edges[i].from, edges[i].to]
        .filter((id) => id === edges[j].from || id === edges[j].to)
        .flatMap((id) => nodeById.get(id) ?? []);
      const places: Point[] = [];
      for (const a of pieces[i]) {
        for (const b of pieces[j]) {
          const point = crossingPoint(a, b);
          if (point === null) continue;
          if (shared.some((node) => distanceToBox(node, point) < ARROW_END_ROOM)) continue;
          if (places.some((place) => distance(place, point) < ARROW_END_ROOM)) continue;
          places.push(point);
        }
      }
      count += places.length;
    }
  }
  return count;
}

/** Where the segments cross at one point inside both; null when they touch or run along. */
function crossingPoint([a, b]: [Point, Point], [c, d]: [Point, Point]): Point | null {
  const crosses = orientation(a, b, c) * orientation(a, b, d) < 0 &&
    orientation(c, d, a) * orientation(c, d, b) < 0;
  if (!crosses) return null;
  const [r, s] = [[b[0] - a[0], b[1] - a[1]], [d[0] - c[0], d[1] - c[1]]];
  const t = ((c[0] - a[0]) * s[1] - (c[1] - a[1]) * s[0]) / (r[0] * s[1] - r[1] * s[0]);
  return [a[0] + t * r[0], a[1] + t * r[1]];
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

function distanceToBox({ x, y, width, height }: Rect, [px, py]: Point): number {
  const dx = Math.max(x - px, 0, px - x - width);
  const dy = Math.max(y - py, 0, py - y - height);
  return Math.hypot(dx, dy);
}

function boundsOfPoints(points: Point[]): Rect {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** Pairs of an edge and a node it passes through that is neither of its ends. */
function throughNodes({ nodes, edges }: DrawnGraph): number {
  let count = 0;
  for (const edge of edges) {
    const pieces = segments(edge.points);
    for (const node of nodes) {
      if (node.id === edge.from || node.id === edge.to) continue;
      const inner = shrunk(node, EPSILON);
      if (pieces.some(([a, b]) => segmentMeetsRect(a, b, inner))) count++;
    }
  }
  return count;
}

function shrunk({ x, y, width, height }: Rect, by: number): Rect {
  return { x: x + by, y: y + by, width: width - 2 * by, height: height - 2 * by };
}

/** Liang–Barsky: does the segment a → b have a point inside the rectangle? */
function segmentMeetsRect(a: Point, b: Point, rect: Rect): boolean {
  let [t0, t1] = [0, 1];
  const delta = [b[0] - a[0], b[1] - a[1]];
  const bounds = [[rect.x, rect.x + rect.width], [rect.y, rect.y + rect.height]];
  for (const axis of [0, 1]) {
    const [low, high] = bounds[axis];
    if (delta[axis] === 0) {
      if (a[axis] <= low || a[axis] >= high) return false;
      continue;
    }
    let [enter, leave] = [(low - a[axis]) / delta[axis], (high - a[axis]) / delta[axis]];
    if (enter > leave) [enter, leave] = [leave, enter];
    [t0, t1] = [Math.max(t0, enter), Math.min(t1, leave)];
    if (t0 >= t1) return false;
  }
  return true;
}

/**
 * Pairs of arrow ends on one side of one node closer than ARROW_END_ROOM, on sides long enough
 * to hold all their ends that far apart.
 */
function crowdedEnds({ nodes, edges }: DrawnGraph): number {
  const endsOf = new Map<string, Point[]>(nodes.map(({ id }) => [id, []]));
  for (const { from, to, points } of edges) {
    endsOf.get(from)?.push(points[0]);
    endsOf.get(to)?.push(points[points.length - 1]);
  }
  let count = 0;
  for (const node of nodes) {
    const bySide = new Map<Side, Point[]>();
    for (const end of endsOf.get(node.id)!) {
      const side = nearestSide(node, end);
      bySide.set(side, [...bySide.get(side) ?? [], end]);
    }
    for (const [side, ends] of bySide) {
      const length = side === "top" || side === "bottom" ? node.width : node.height;
      if (length < ARROW_END_ROOM * (ends.length + 1)) continue;
      for (let i = 0; i < ends.length; i++) {
        for (let j = i + 1; j < ends.length; j++) {
          const [a, b] = [ends[i], ends[j]];
          if (distance(a, b) < ARROW_END_ROOM - EPSILON) count++;
        }
      }
    }
  }
  return count;
}

/** Edge labels overlapping a node, a group title or another edge label. */
function labelOverlaps({ nodes, edgeLabels, groupTitles }: DrawnGraph): number {
  let count = 0;
  edgeLabels.forEach((label, index) => {
    const others = [...nodes, ...groupTitles, ...edgeLabels.slice(index + 1)];
    count += others.filter((other) => rectsOverlap(label, other, EPSILON)).length;
  });
  return count;
}

/** Overlapping by more than `tolerance` on both axes (a negative one counts near misses). */
function rectsOverlap(a: Rect, b: Rect, tolerance: number): boolean {
  return Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > tolerance &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > tolerance;
}
