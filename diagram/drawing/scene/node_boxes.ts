// The geometry of a node as Excalidraw sees it: how big its box must be for the wrapped label,
// the text area Excalidraw fits bound text into (its 0.18 rules, BOUND_TEXT_PADDING = 5), and
// the outline its arrow bindings measure distances to (rounded corners included).
import { type DiagramSpec, isVertical, type Shape } from "../spec.ts";
import type { Point } from "../excalidraw/types.ts";
import { FONT_FAMILY, type FontSpec, measureText, wrapText } from "./text_metrics.ts";

/** The shapes Excalidraw draws: a rounded rectangle is a rectangle with adaptive corners. */
export type NodeShape = "rectangle" | "rounded" | "ellipse" | "diamond";

/**
 * How each spec shape is drawn: Excalidraw's own shapes as themselves, flowchart shapes it has
 * no element for as the closest it has (the shape table in docs/diagrams.md). A circle is an
 * ellipse in a square box.
 */
export const DRAWN_AS: Record<Shape, NodeShape> = {
  rectangle: "rectangle",
  rounded: "rounded",
  ellipse: "ellipse",
  diamond: "diamond",
  circle: "ellipse",
  stadium: "rounded",
  subroutine: "rectangle",
  cylinder: "rounded",
  hexagon: "diamond",
  parallelogram: "rectangle",
  "parallelogram-alt": "rectangle",
  trapezoid: "rectangle",
  "trapezoid-alt": "rectangle",
  flag: "rectangle",
};

export const NODE_LABEL_FONT: FontSpec = { fontFamily: FONT_FAMILY.Excalifont, fontSize: 20 };
export const EDGE_LABEL_FONT: FontSpec = { fontFamily: FONT_FAMILY.Excalifont, fontSize: 16 };
export const GROUP_LABEL_FONT: FontSpec = { fontFamily: FONT_FAMILY.Excalifont, fontSize: 16 };
/** Excalidraw draws a frame's name above it at 14 px in its interface's sans-serif. */
const FRAME_NAME_FONT: FontSpec = { fontFamily: FONT_FAMILY.Helvetica, fontSize: 14 };
/** Room between a group's border and its members. */
const GROUP_PADDING = 24;
/** A nested group's title sits in its top-left corner, this far above the members. */
const GROUP_LABEL_GAP = 12;

/** Wider shapes lose more of their box to the text area, so their labels wrap sooner. */
const NODE_WRAP_WIDTH: Record<NodeShape, number> = {
  rectangle: 240,
  rounded: 240,
  ellipse: 200,
  diamond: 160,
};
/**
 * Excalidraw never wraps an arrow label narrower than fontSize × 11 (its minimum for any arrow
 * length), so labels wrapped at that width are never re-wrapped by the editor.
 */
const EDGE_WRAP_WIDTH = EDGE_LABEL_FONT.fontSize * 11;

/** Room left around the text area for readability, on top of Excalidraw's minimum. */
const PADDING_X = 40;
const PADDING_Y = 24;
const MIN_WIDTH = 120;
const MIN_HEIGHT = 60;
/**
 * Our advance widths can miss the browser's by a few percent (kerning, fallback fonts); the text
 * area gets this much extra width so the label still fits and Excalidraw does not re-wrap it.
 */
const WIDTH_MARGIN = 1.08;

const BOUND_TEXT_PADDING = 5;

export interface TextBlock {
  /** Wrapped: what the text element shows. */
  text: string;
  width: number;
  height: number;
}

export interface NodeBox {
  width: number;
  height: number;
  label: TextBlock;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What a group needs around its members. */
export interface GroupBox {
  padding: { top: number; right: number; bottom: number; left: number };
  minWidth: number;
  /**
   * The title drawn inside a nested group's box; null for an outermost group, which is an
   * Excalidraw frame and has its name drawn above it by Excalidraw.
   */
  label: TextBlock | null;
}

export interface DiagramBoxes {
  nodes: Map<string, NodeBox>;
  groups: Map<string, GroupBox>;
  /** Per edge, in spec order; null for an edge without a label. */
  edgeLabels: (TextBlock | null)[];
}

export function measureDiagram(spec: DiagramSpec): DiagramBoxes {
  return {
    nodes: new Map(
      spec.nodes.map((
        { id, label, shape },
      ) => [id, nodeBox(label, shape, isVertical(spec.layout))]),
    ),
    groups: new Map(
      (spec.groups ?? []).map(({ id, label, parent }) => [
        id,
        groupBox(label ?? id, parent === undefined),
      ]),
    ),
    edgeLabels: spec.edges.map(({ label }) => label === undefined ? null : edgeLabelBlock(label)),
  };
}

/** A node's box for its label and shape; `vertical` when its chart is drawn down or up. */
export function nodeBox(label: string, specShape: Shape, vertical = false): NodeBox {
  const shape = DRAWN_AS[specShape];
  if (specShape === "circle") return circleBox(label);
  let block = textBlock(label, NODE_WRAP_WIDTH[shape], NODE_LABEL_FONT);
  // A diamond is twice its text's height: in a chart drawn down, each line of a long question
  // adds to the flow's length (a 17-node decision tree was 6 px too long to read at 10 px). Three
  // lines or more are wrapped as wide as a rectangle's label; wrapping every diamond wider cost
  // charts with many short questions their width.
  if (vertical && shape === "diamond" && block.text.split("\n").length >= 3) {
    block = textBlock(label, NODE_WRAP_WIDTH.rectangle, NODE_LABEL_FONT);
  }
  const needed = minimumContainer(shape, block.width * WIDTH_MARGIN, block.height);
  return {
    width: Math.max(MIN_WIDTH, needed.width + PADDING_X),
    height: Math.max(MIN_HEIGHT, needed.height + PADDING_Y),
    label: block,
  };
}

/** Narrower wraps tried for a circle's label, in px below the ellipse's wrap width. */
const CIRCLE_WRAP_STEP = 10;

/**
 * A circle's side follows the longer side of its label's box, so its label is wrapped into the
 * squarest block: "AP warehouse" on two lines takes a circle of 191 px, on one 237. Only wraps that
 * Excalidraw keeps are taken: re-wrapped at the width the circle gives its text, the lines stay.
 */
function circleBox(label: string): NodeBox {
  const sideFor = (block: TextBlock) => {
    const needed = minimumContainer("ellipse", block.width * WIDTH_MARGIN, block.height);
    // Already round: the text's square needs less room around it than a wide box does.
    return Math.max(MIN_HEIGHT, needed.width + PADDING_Y, needed.height + PADDING_Y);
  };
  const widest = textBlock(label, NODE_WRAP_WIDTH.ellipse, NODE_LABEL_FONT);
  let best = { block: widest, side: sideFor(widest) };
  for (
    let wrap = NODE_WRAP_WIDTH.ellipse - CIRCLE_WRAP_STEP;
    wrap > 0;
    wrap -= CIRCLE_WRAP_STEP
  ) {
    const block = textBlock(label, wrap, NODE_LABEL_FONT);
    if (block.text.replaceAll("\n", " ") !== widest.text.replaceAll("\n", " ")) break;
    const side = sideFor(block);
    const kept = wrapText(label, TEXT_AREA_RULES.ellipse.extent(side), NODE_LABEL_FONT) ===
      block.text;
    if (kept && side < best.side) best = { block, side };
  }
  return { width: best.side, height: best.side, label: best.block };
}

/**
 * An outermost group is a frame: even padding, and at least as wide as its name. A nested one is
 * a box with its title bound top-left (Excalidraw puts bound text BOUND_TEXT_PADDING from the
 * corner), so its top padding holds the title.
 */
export function groupBox(title: string, framed: boolean): GroupBox {
  if (framed) {
    const name = measureText(title.replaceAll(/\s+/g, " "), FRAME_NAME_FONT);
    return {
      padding: {
        top: GROUP_PADDING,
        right: GROUP_PADDING,
        bottom: GROUP_PADDING,
        left: GROUP_PADDING,
      },
      minWidth: Math.ceil(name.width * WIDTH_MARGIN) + GROUP_PADDING,
      label: null,
    };
  }
  const label = textBlock(title, NODE_WRAP_WIDTH.rectangle, GROUP_LABEL_FONT);
  return {
    padding: {
      top: Math.ceil(BOUND_TEXT_PADDING + label.height + GROUP_LABEL_GAP),
      right: GROUP_PADDING,
      bottom: GROUP_PADDING,
      left: GROUP_PADDING,
    },
    minWidth: Math.ceil(label.width * WIDTH_MARGIN) + 2 * BOUND_TEXT_PADDING,
    label,
  };
}

/** Where Excalidraw puts a label bound top-left in a rectangle: BOUND_TEXT_PADDING in. */
export function groupLabelPosition(box: Rect): Point {
  return [box.x + BOUND_TEXT_PADDING, box.y + BOUND_TEXT_PADDING];
}

export function edgeLabelBlock(label: string): TextBlock {
  return textBlock(label, EDGE_WRAP_WIDTH, EDGE_LABEL_FONT);
}

function textBlock(label: string, wrapWidth: number, font: FontSpec): TextBlock {
  const text = wrapText(label, wrapWidth, font);
  const { width, height } = measureText(text, font);
  return { text, width, height };
}

/** Excalidraw's computeContainerDimensionForBoundText, rounded up to whole pixels. */
function minimumContainer(
  shape: NodeShape,
  textWidth: number,
  textHeight: number,
): { width: number; height: number } {
  const grow = (size: number) => {
    const padded = size + BOUND_TEXT_PADDING * 2;
    if (shape === "ellipse") return Math.ceil(padded * Math.SQRT2);
    if (shape === "diamond") return Math.ceil(2 * padded);
    return Math.ceil(padded);
  };
  return { width: grow(textWidth), height: grow(textHeight) };
}

interface AreaRule {
  /** Offset of the text area from the box's edge, per axis, from the box's size on that axis. */
  inset: (size: number) => number;
  extent: (size: number) => number;
}

const RECTANGLE_AREA: AreaRule = {
  inset: () => BOUND_TEXT_PADDING,
  extent: (size) => size - 2 * BOUND_TEXT_PADDING,
};

const TEXT_AREA_RULES: Record<NodeShape, AreaRule> = {
  rectangle: RECTANGLE_AREA,
  rounded: RECTANGLE_AREA,
  ellipse: {
    inset: (size) => BOUND_TEXT_PADDING + (size / 2) * (1 - Math.SQRT2 / 2),
    extent: (size) => Math.round((size / 2) * Math.SQRT2) - 2 * BOUND_TEXT_PADDING,
  },
  diamond: {
    inset: (size) => BOUND_TEXT_PADDING + size / 4,
    extent: (size) => Math.round(size / 2) - 2 * BOUND_TEXT_PADDING,
  },
};

/**
 * The area Excalidraw centres bound text in (getContainerCoords plus getBoundTextMaxWidth and
 * getBoundTextMaxHeight); a label wider or taller than this is re-wrapped by the editor.
 */
export function textArea(shape: NodeShape, box: Rect): Rect {
  const { inset, extent } = TEXT_AREA_RULES[shape];
  return {
    x: box.x + inset(box.width),
    y: box.y + inset(box.height),
    width: extent(box.width),
    height: extent(box.height),
  };
}

/** Excalidraw's centring of a text block in the text area (computeBoundTextPosition). */
export function labelPosition(shape: NodeShape, box: Rect, label: TextBlock): Point {
  const area = textArea(shape, box);
  return [
    area.x + (area.width - label.width) / 2,
    area.y + (area.height - label.height) / 2,
  ];
}

// Outlines are polygons: straight sides plus flattened curves. Flattening an arc of radius r
// into n chords misses it by at most r·(1 − cos(π/2n)) for a quarter: under 0.1 px here.
const CORNER_CHORDS = 16;
const ELLIPSE_CHORDS = 256;

/** Excalidraw's DEFAULT_ADAPTIVE_RADIUS and DEFAULT_PROPORTIONAL_RADIUS. */
const ADAPTIVE_RADIUS = 32;
const PROPORTIONAL_RADIUS = 0.25;

/**
 * The outline Excalidraw measures binding gaps against (distanceToBindableElement): rectangles
 * sharp; rounded rectangles with adaptive corners; diamonds with proportional corners, on its
 * getDiamondPoints (which put the top and side vertices one pixel past the middle); ellipses.
 * A closed polygon, first vertex not repeated.
 */
export function shapeOutline(shape: NodeShape, box: Rect): Point[] {
  switch (shape) {
    case "rectangle":
      return roundedRectangleOutline(box, 0);
    case "rounded": {
      const shorter = Math.min(box.width, box.height);
      const cutoff = ADAPTIVE_RADIUS / PROPORTIONAL_RADIUS;
      const radius = shorter <= cutoff ? shorter * PROPORTIONAL_RADIUS : ADAPTIVE_RADIUS;
      return roundedRectangleOutline(box, radius);
    }
    case "ellipse":
      return ellipseOutline(box);
    case "diamond":
      return diamondOutline(box);
  }
}

function roundedRectangleOutline({ x, y, width, height }: Rect, radius: number): Point[] {
  const [left, top, right, bottom] = [x, y, x + width, y + height];
  if (radius === 0) return [[left, top], [right, top], [right, bottom], [left, bottom]];
  // Each corner is the cubic form of a quadratic curve whose control point is the box corner.
  const corner = (from: Point, at: Point, to: Point) =>
    cubicPoints(from, towards(from, at, 2 / 3), towards(to, at, 2 / 3), to);
  return [
    ...corner([left, top + radius], [left, top], [left + radius, top]),
    ...corner([right - radius, top], [right, top], [right, top + radius]),
    ...corner([right, bottom - radius], [right, bottom], [right - radius, bottom]),
    ...corner([left + radius, bottom], [left, bottom], [left, bottom - radius]),
  ];
}

function diamondOutline({ x, y, width, height }: Rect): Point[] {
  const middleX = x + Math.floor(width / 2) + 1;
  const middleY = y + Math.floor(height / 2) + 1;
  const across = PROPORTIONAL_RADIUS * (middleX - x);
  const down = PROPORTIONAL_RADIUS * (middleY - y);
  // Each vertex is cut by a cubic whose two control points both sit on the sharp vertex.
  const vertex = (from: Point, at: Point, to: Point) => cubicPoints(from, at, at, to);
  const [top, right, bottom, left]: Point[] = [
    [middleX, y],
    [x + width, middleY],
    [middleX, y + height],
    [x, middleY],
  ];
  return [
    ...vertex([top[0] - across, top[1] + down], top, [top[0] + across, top[1] + down]),
    ...vertex([right[0] - across, right[1] - down], right, [right[0] - across, right[1] + down]),
    ...vertex([bottom[0] + across, bottom[1] - down], bottom, [
      bottom[0] - across,
      bottom[1] - down,
    ]),
    ...vertex([left[0] + across, left[1] + down], left, [left[0] + across, left[1] - down]),
  ];
}

function ellipseOutline({ x, y, width, height }: Rect): Point[] {
  const [centreX, centreY] = [x + width / 2, y + height / 2];
  return Array.from({ length: ELLIPSE_CHORDS }, (_, step): Point => {
    const angle = (2 * Math.PI * step) / ELLIPSE_CHORDS;
    return [centreX + (width / 2) * Math.cos(angle), centreY + (height / 2) * Math.sin(angle)];
  });
}

function towards([fromX, fromY]: Point, [toX, toY]: Point, fraction: number): Point {
  return [fromX + (toX - fromX) * fraction, fromY + (toY - fromY) * fraction];
}

/** Points of a cubic Bézier from its start to its end, both included. */
function cubicPoints(p0: Point, p1: Point, p2: Point, p3: Point): Point[] {
  return Array.from({ length: CORNER_CHORDS + 1 }, (_, step): Point => {
    const t = step / CORNER_CHORDS;
    const u = 1 - t;
    const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    return [
      a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
      a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
    ];
  });
}

/** Even-odd rule: a point on the outline may count either way. */
export function isInsideOutline(outline: Point[], [px, py]: Point): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [[xi, yi], [xj, yj]] = [outline[i], outline[j]];
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from a point to the nearest point of the outline (unsigned). */
export function distanceToOutline(outline: Point[], point: Point): number {
  let nearest = Infinity;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    nearest = Math.min(nearest, distanceToSegment(point, outline[j], outline[i]));
  }
  return nearest;
}

function distanceToSegment([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const [dx, dy] = [bx - ax, by - ay];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0
    ? 0
    : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  const [ex, ey] = [px - (ax + t * dx), py - (ay + t * dy)];
  return Math.sqrt(ex * ex + ey * ey);
}

/**
 * Where the line through `origin` along the unit `direction` first comes within `distance` of
 * the outline: the smallest s (negative when behind the origin) such that origin + s·direction
 * is that far from it, or null when the line never comes that close.
 *
 * The points within `distance` of the shape form one region whose border is made of the sides
 * moved out by `distance` and circles of that radius around the vertices. Every such piece lies
 * inside the region, so the first crossing of any piece is where the line enters it.
 */
export function lineEntry(
  outline: Point[],
  origin: Point,
  direction: Point,
  distance: number,
): number | null {
  let entry: number | null = null;
  const consider = (along: number) => {
    if (entry === null || along < entry) entry = along;
  };
  const [dx, dy] = direction;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [ax, ay] = outline[j];
    const [bx, by] = outline[i];
    // Circle around the vertex b.
    const [cx, cy] = [origin[0] - bx, origin[1] - by];
    const half = dx * cx + dy * cy;
    const discriminant = half * half - (cx * cx + cy * cy - distance * distance);
    if (discriminant >= 0) consider(-half - Math.sqrt(discriminant));
    // The side a→b moved by `distance` to either side (the inner copy is inside the region too,
    // so the outline's orientation does not matter).
    const [ex, ey] = [bx - ax, by - ay];
    const length = Math.sqrt(ex * ex + ey * ey);
    const denominator = dx * ey - dy * ex;
    if (length === 0 || denominator === 0) continue;
    const [nx, ny] = [(-ey / length) * distance, (ex / length) * distance];
    for (const sign of [1, -1]) {
      const [ox, oy] = [ax + sign * nx - origin[0], ay + sign * ny - origin[1]];
      const onSide = (ox * dy - oy * dx) / denominator;
      if (onSide >= 0 && onSide <= 1) consider((ox * ey - oy * ex) / denominator);
    }
  }
  return entry;
}
