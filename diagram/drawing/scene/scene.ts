// Turns a laid-out spec into a complete Excalidraw scene. Every element field is written, ids
// and random seeds are hashes of the diagram id and the spec's ids, and `updated` is given, so
// one spec always gives the same bytes.
//
// Decisions:
// - Roughness 1 (Excalidraw's default "artist" look), matching the hand-drawn Excalifont labels.
// - Z-order: each shape followed by its label, in spec order; then each arrow followed by its
//   label, so arrows and their labels draw on top of any shape they pass.
// - Arrows keep ELK's orthogonal route; each end slides along its last segment to ARROW_GAP px
//   from the shape's real outline (the distance Excalidraw's binding keeps), so the binding's
//   `gap` is the true distance and the editor does not jump the arrow on the first move.
// - Labels are Excalidraw's black, white on dark fills, whatever the stroke.
// - Edge labels go where edge_labels.ts finds room on their arrow, made the arrow's middle point
//   with collinear points, since Excalidraw centres an arrow's label on its middle.
// - Groups: an outermost group is an Excalidraw frame (frames cannot nest) holding everything
//   drawn inside it; a nested group is a dashed box with its title bound top-left, below the
//   nodes. An arrow belongs to a frame only when both its ends do, since a frame clips what it
//   holds. Frames come last, after every element they hold.
import {
  type DiagramSpec,
  EDGE_DEFAULTS,
  type EdgeHead,
  edgeIds,
  type EdgeLine,
  type SpecEdge,
  type SpecGroup,
  type SpecNode,
} from "../spec.ts";
import type {
  ArrowBinding,
  Arrowhead,
  BoundElementRef,
  ExcalidrawFile,
  FrameElement,
  LinearElement,
  Point,
  ShapeElement,
  StrokeStyle,
  TextElement,
} from "../excalidraw/types.ts";
import { excalidrawFile } from "../excalidraw/envelope.ts";
import { indexKeys } from "../excalidraw/fractional_index.ts";
import type { Layout, PlacedNode } from "../layout/layout_types.ts";
import {
  type DiagramBoxes,
  DRAWN_AS,
  EDGE_LABEL_FONT,
  GROUP_LABEL_FONT,
  groupLabelPosition,
  labelPosition,
  lineEntry,
  NODE_LABEL_FONT,
  type NodeShape,
  shapeOutline,
  type TextBlock,
} from "./node_boxes.ts";
import { readableTextColour, resolveColours, resolveStroke } from "./palette.ts";
import { placeEdgeLabels } from "./edge_labels.ts";
import { FONT_FAMILY, type FontSpec, lineHeightOf, measureLineWidth } from "./text_metrics.ts";
import { EDITOR_CANVAS_1280x800, fitZoom, FRAME_NAME_ON_SCREEN } from "../screen_fit.ts";
import type { Rect } from "./node_boxes.ts";

export interface SceneOptions {
  diagramId: string;
  /** The envelope's `source`: the public address of the writer. */
  source: string;
  /** Epoch ms written as every element's `updated`. */
  updated: number;
}

/** Distance between an arrow's end and its shape's outline, written as the binding's gap. */
export const ARROW_GAP = 8;

const INK = "#1e1e1e";
/** Excalidraw's own frame look (FRAME_STYLE) and a quieter grey for nested groups' boxes. */
const FRAME_STROKE = "#bbb";
const GROUP_STROKE = "#868e96";
const STROKE_WIDTH = 2;
const ROUGHNESS = 1;
/**
 * An arrow with a segment longer than this is drawn straight (roughness 0): Excalidraw's
 * hand-drawn stroke is two passes whose wobble grows with the length, and on a 4,000 px segment
 * they show as two lines 13 px apart. Below it the passes stay within a pixel or two.
 */
const HAND_DRAWN_MAX_SEGMENT = 1000;

/**
 * The spec's line styles as Excalidraw strokes. Thick is Excalidraw's "extra bold" width, the
 * widest its style panel offers, so the editor shows it as one of its own choices.
 */
export const EDGE_STROKES: Record<EdgeLine, { strokeStyle: StrokeStyle; strokeWidth: number }> = {
  solid: { strokeStyle: "solid", strokeWidth: STROKE_WIDTH },
  dashed: { strokeStyle: "dashed", strokeWidth: STROKE_WIDTH },
  dotted: { strokeStyle: "dotted", strokeWidth: STROKE_WIDTH },
  thick: { strokeStyle: "solid", strokeWidth: 4 },
};

/**
 * The spec's heads as Excalidraw 0.18 arrowheads. "circle" is the filled dot 0.18's panel writes
 * ("dot" is its older name); Excalidraw has no cross, and "bar", a stroke across the line's end,
 * is the closest.
 */
export const EDGE_ARROWHEADS: Record<EdgeHead, Arrowhead | null> = {
  none: null,
  arrow: "arrow",
  circle: "circle",
  cross: "bar",
};

const ROUNDNESS: Record<NodeShape, ShapeElement["roundness"]> = {
  rectangle: null,
  rounded: { type: 3 },
  ellipse: null,
  diamond: { type: 2 },
};

/** The id the layout input gives an edge, by its position in the spec. */
export function edgeLayoutId(edgeIndex: number): string {
  return `edge${edgeIndex}`;
}

type ElementWithoutIndex =
  | Omit<ShapeElement, "index">
  | Omit<TextElement, "index">
  | Omit<LinearElement, "index">
  | Omit<FrameElement, "index">;

/** What building one element needs besides its own data. */
interface SceneContext {
  ids: ElementIds;
  stamp: (key: string) => Stamp;
  shapeIdOf: Map<string, string>;
  arrowEndOf: Map<string, ArrowEnd>;
  /** The frame each node is drawn in: that of its outermost group; absent outside groups. */
  frameOfNode: Map<string, string>;
}

/** Pure: the same arguments give an equal scene. Throws if the layout misses a node or edge. */
export function buildScene(
  spec: DiagramSpec,
  layout: Layout,
  boxes: DiagramBoxes,
  options: SceneOptions,
): ExcalidrawFile {
  const ids = new ElementIds(options.diagramId);
  const shapeIdOf = new Map(spec.nodes.map(({ id }) => [id, ids.next(`node\0${id}`)]));
  const arrowEndOf = new Map(spec.nodes.map(({ id, shape }): [string, ArrowEnd] => {
    const node = layout.nodes.get(id);
    if (node === undefined) throw new Error(`scene: the layout has no node ${id}`);
    return [id, {
      node,
      outline: shapeOutline(DRAWN_AS[shape], node),
      elementId: shapeIdOf.get(id)!,
    }];
  }));
  const stamp = (key: string) => stampOf(options, key);
  const groups = groupElements(spec, layout, boxes, ids, stamp);
  const context: SceneContext = {
    ids,
    stamp,
    shapeIdOf,
    arrowEndOf,
    frameOfNode: new Map(spec.nodes.flatMap(({ id, group }) => {
      const frame = group === undefined ? undefined : groups.frameOfGroup.get(group);
      return frame === undefined ? [] : [[id, frame]];
    })),
  };

  const { arrows, arrowsOfNode } = edgeElements(spec, layout, boxes, context);
  const shapes = nodeElements(spec, boxes, arrowsOfNode, context);
  const ordered = [
    ...groups.boxes,
    ...shapes,
    ...withEdgeLabelsPlaced(arrows, layout, groupTitles(groups, layout)),
    ...groups.frames,
  ];
  const keys = indexKeys(ordered.length);
  return excalidrawFile(
    options.source,
    ordered.map((element, position) => ({ ...element, index: keys[position] })),
  );
}

/** Each edge's arrow followed by its label; and the arrows each node must list. */
function edgeElements(
  spec: DiagramSpec,
  layout: Layout,
  boxes: DiagramBoxes,
  { ids, stamp, arrowEndOf, frameOfNode }: SceneContext,
): { arrows: ElementWithoutIndex[]; arrowsOfNode: Map<string, BoundElementRef[]> } {
  const arrows: ElementWithoutIndex[] = [];
  const arrowsOfNode = new Map<string, BoundElementRef[]>(spec.nodes.map(({ id }) => [id, []]));
  const idOfEdge = edgeIds(spec.edges);
  spec.edges.forEach((edge, edgeIndex) => {
    const { from, to, label } = edge;
    const route = layout.edges.get(edgeLayoutId(edgeIndex));
    if (route === undefined) throw new Error(`scene: the layout has no edge ${edgeIndex}`);
    // Keyed by the edge's id, not its position: removing one edge keeps every other arrow's id.
    const edgeId = idOfEdge[edgeIndex];
    const key = `edge\0${edgeId}`;
    const arrowId = ids.next(key);
    const block = boxes.edgeLabels[edgeIndex];
    const labelKey = `edge-label\0${edgeId}`;
    const labelled = label === undefined || block === null
      ? null
      : { id: ids.next(labelKey), block, originalText: label };
    const ends = { start: arrowEndOf.get(from)!, end: arrowEndOf.get(to)! };
    const frame = frameOfNode.get(from);
    const frameId = frame !== undefined && frame === frameOfNode.get(to) ? frame : null;
    const arrow = {
      ...arrowElement(
        arrowId,
        route.points,
        ends,
        edgeStyle(edge),
        labelled?.id ?? null,
        stamp(key),
      ),
      frameId,
      customData: { edgeId },
    };
    arrows.push(arrow);
    if (labelled !== null) {
      const [x, y] = arrowLabelCentre(arrow);
      arrows.push({
        ...textElement({
          ...labelled,
          position: [x - labelled.block.width / 2, y - labelled.block.height / 2],
          font: EDGE_LABEL_FONT,
          colour: INK,
          containerId: arrowId,
          stamp: stamp(labelKey),
        }),
        frameId,
      });
    }
    arrowsOfNode.get(from)!.push({ id: arrowId, type: "arrow" });
    if (to !== from) arrowsOfNode.get(to)!.push({ id: arrowId, type: "arrow" });
  });
  return { arrows, arrowsOfNode };
}

type EdgeStyle = Pick<
  LinearElement,
  "strokeStyle" | "strokeWidth" | "startArrowhead" | "endArrowhead"
>;

/** The stroke and heads an edge's line and ends ask for; the spec's defaults where it is silent. */
function edgeStyle({ line, start, end }: SpecEdge): EdgeStyle {
  return {
    ...EDGE_STROKES[line ?? EDGE_DEFAULTS.line],
    startArrowhead: EDGE_ARROWHEADS[start ?? EDGE_DEFAULTS.start],
    endArrowhead: EDGE_ARROWHEADS[end ?? EDGE_DEFAULTS.end],
  };
}

/** Each node's shape followed by its label. */
function nodeElements(
  spec: DiagramSpec,
  boxes: DiagramBoxes,
  arrowsOfNode: Map<string, BoundElementRef[]>,
  { ids, stamp, shapeIdOf, arrowEndOf, frameOfNode }: SceneContext,
): ElementWithoutIndex[] {
  return spec.nodes.flatMap((node): ElementWithoutIndex[] => {
    const frameId = frameOfNode.get(node.id) ?? null;
    const box = arrowEndOf.get(node.id)!.node;
    const label = boxes.nodes.get(node.id)?.label;
    if (label === undefined) throw new Error(`scene: no box was measured for node ${node.id}`);
    const shapeId = shapeIdOf.get(node.id)!;
    const labelKey = `node-label\0${node.id}`;
    const labelId = ids.next(labelKey);
    const filled = resolveColours(node.color);
    const colours = node.stroke === undefined
      ? filled
      : { ...filled, stroke: resolveStroke(node.stroke) };
    const boundElements = [{ id: labelId, type: "text" } as const, ...arrowsOfNode.get(node.id)!];
    return [
      {
        ...shapeElement(
          node,
          spec.layout,
          shapeId,
          box,
          colours,
          boundElements,
          stamp(`node\0${node.id}`),
        ),
        frameId,
      },
      {
        ...textElement({
          id: labelId,
          block: label,
          position: labelPosition(DRAWN_AS[node.shape], box, label),
          font: NODE_LABEL_FONT,
          colour: readableTextColour(colours.background),
          containerId: shapeId,
          originalText: node.label,
          stamp: stamp(labelKey),
        }),
        frameId,
      },
    ];
  });
}

/** The per-element values that come from the hash of the element's key. */
interface Stamp {
  seed: number;
  versionNonce: number;
  updated: number;
}

function stampOf(options: SceneOptions, key: string): Stamp {
  const text = `${options.diagramId}\0${key}`;
  return {
    seed: positiveInt31(text, SEED_SALT),
    versionNonce: positiveInt31(text, NONCE_SALT),
    updated: options.updated,
  };
}

/** The fields every generated element shares; Excalidraw's defaults unless decided above. */
function commonFields(id: string, stamp: Stamp) {
  return {
    id,
    angle: 0,
    fillStyle: "solid" as const,
    strokeWidth: STROKE_WIDTH,
    strokeStyle: "solid" as const,
    roughness: ROUGHNESS,
    opacity: 100,
    seed: stamp.seed,
    version: 1,
    versionNonce: stamp.versionNonce,
    isDeleted: false,
    groupIds: [],
    frameId: null,
    updated: stamp.updated,
    link: null,
    locked: false,
  };
}

function shapeElement(
  node: SpecNode,
  layout: DiagramSpec["layout"],
  id: string,
  box: PlacedNode,
  colours: { stroke: string; background: string },
  boundElements: BoundElementRef[],
  stamp: Stamp,
): Omit<ShapeElement, "index"> {
  const drawn = DRAWN_AS[node.shape];
  return {
    ...commonFields(id, stamp),
    type: drawn === "rounded" ? "rectangle" : drawn,
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    strokeColor: colours.stroke,
    backgroundColor: colours.background,
    roundness: ROUNDNESS[drawn],
    boundElements,
    // What get_diagram needs to give back the exact spec: the node's id, colours, group, the
    // layout, and its shape where the drawn one does not say it.
    customData: {
      nodeId: node.id,
      layout,
      ...(drawn === node.shape ? {} : { shape: node.shape }),
      ...(node.color === undefined ? {} : { color: node.color }),
      ...(node.stroke === undefined ? {} : { stroke: node.stroke }),
      ...(node.group === undefined ? {} : { group: node.group }),
    },
  };
}

interface GroupElements {
  /** Nested groups' boxes and titles, outer before inner, to go below the nodes. */
  boxes: ElementWithoutIndex[];
  /** Outermost groups' frames, to go after everything they hold. */
  frames: Omit<FrameElement, "index">[];
  /** The frame element each group is drawn in: its own, or its outermost ancestor's. */
  frameOfGroup: Map<string, string>;
}

function groupElements(
  spec: DiagramSpec,
  layout: Layout,
  boxes: DiagramBoxes,
  ids: ElementIds,
  stamp: (key: string) => Stamp,
): GroupElements {
  const groups = spec.groups ?? [];
  const byId = new Map(groups.map((group) => [group.id, group]));
  const depthOf = (group: SpecGroup): number =>
    group.parent === undefined ? 0 : depthOf(byId.get(group.parent)!) + 1;
  const elementIdOf = new Map(groups.map(({ id }) => [id, ids.next(`group\0${id}`)]));
  const outermost = (group: SpecGroup): SpecGroup =>
    group.parent === undefined ? group : outermost(byId.get(group.parent)!);
  const frameOfGroup = new Map(groups.map((group) => [
    group.id,
    elementIdOf.get(outermost(group).id)!,
  ]));
  const result: GroupElements = { boxes: [], frames: [], frameOfGroup };
  const outerFirst = groups.map((group) => ({ group, depth: depthOf(group) }))
    .sort((a, b) => a.depth - b.depth);
  for (const { group } of outerFirst) {
    const box = layout.groups.get(group.id);
    if (box === undefined) throw new Error(`scene: the layout has no group ${group.id}`);
    const id = elementIdOf.get(group.id)!;
    const title = group.label ?? group.id;
    const customData = {
      groupId: group.id,
      ...(group.parent === undefined ? {} : { parent: group.parent }),
      ...(group.direction === undefined ? {} : { direction: group.direction }),
    };
    if (group.parent === undefined) {
      const name = title.replaceAll(/\s+/g, " ");
      result.frames.push({
        ...commonFields(id, stamp(`group\0${group.id}`)),
        type: "frame",
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        strokeColor: FRAME_STROKE,
        backgroundColor: "transparent",
        roughness: 0,
        roundness: null,
        boundElements: null,
        name,
        // A title a frame's one-line name cannot hold is kept to give back.
        customData: { ...customData, ...(name === title ? {} : { label: title }) },
      });
      continue;
    }
    const label = boxes.groups.get(group.id)?.label;
    if (label == null) throw new Error(`scene: no title was measured for group ${group.id}`);
    const labelKey = `group-label\0${group.id}`;
    const labelId = ids.next(labelKey);
    const frameId = frameOfGroup.get(group.id)!;
    result.boxes.push(
      {
        ...commonFields(id, stamp(`group\0${group.id}`)),
        type: "rectangle",
        x: box.x,
        y: box.y,
        width: box.width,
        height: box.height,
        strokeColor: GROUP_STROKE,
        backgroundColor: "transparent",
        strokeStyle: "dashed",
        roundness: null,
        boundElements: [{ id: labelId, type: "text" }],
        frameId,
        customData,
      },
      {
        ...textElement({
          id: labelId,
          block: label,
          position: groupLabelPosition(box),
          font: GROUP_LABEL_FONT,
          colour: GROUP_STROKE,
          containerId: id,
          originalText: title,
          stamp: stamp(labelKey),
        }),
        textAlign: "left",
        verticalAlign: "top",
        frameId,
      },
    );
  }
  return result;
}

interface TextSpec {
  id: string;
  block: TextBlock;
  position: Point;
  font: FontSpec;
  colour: string;
  containerId: string;
  originalText: string;
  stamp: Stamp;
}

function textElement(spec: TextSpec): Omit<TextElement, "index"> {
  return {
    ...commonFields(spec.id, spec.stamp),
    type: "text",
    x: spec.position[0],
    y: spec.position[1],
    width: spec.block.width,
    height: spec.block.height,
    strokeColor: spec.colour,
    backgroundColor: "transparent",
    roundness: null,
    boundElements: null,
    text: spec.block.text,
    originalText: spec.originalText,
    fontSize: spec.font.fontSize,
    fontFamily: spec.font.fontFamily,
    textAlign: "center",
    verticalAlign: "middle",
    containerId: spec.containerId,
    lineHeight: lineHeightOf(spec.font.fontFamily),
    autoResize: true,
  };
}

interface ArrowEnd {
  node: PlacedNode;
  outline: Point[];
  elementId: string;
}

function arrowElement(
  id: string,
  route: [number, number][],
  ends: { start: ArrowEnd; end: ArrowEnd },
  style: EdgeStyle,
  labelId: string | null,
  stamp: Stamp,
): Omit<LinearElement, "index"> {
  if (route.length < 2) throw new Error(`scene: arrow ${id} has ${route.length} points`);
  const absolute = route.map(([x, y]): Point => [x, y]);
  const last = absolute.length - 1;
  absolute[0] = backOffFromOutline(ends.start, route[0], route[1]);
  absolute[last] = backOffFromOutline(ends.end, route[last], route[last - 1]);

  const [originX, originY] = absolute[0];
  const points = absolute.map(([x, y]): Point => [x - originX, y - originY]);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return {
    ...commonFields(id, stamp),
    type: "arrow",
    x: originX,
    y: originY,
    width: Math.max(...xs) - Math.min(...xs),
    height: Math.max(...ys) - Math.min(...ys),
    strokeColor: INK,
    backgroundColor: "transparent",
    roundness: null,
    boundElements: labelId === null ? null : [{ id: labelId, type: "text" }],
    roughness: longestSegment(points) > HAND_DRAWN_MAX_SEGMENT ? 0 : ROUGHNESS,
    points,
    lastCommittedPoint: null,
    startBinding: binding(ends.start, absolute[0]),
    endBinding: binding(ends.end, absolute[last]),
    ...style,
    elbowed: false,
  };
}

function longestSegment(points: Point[]): number {
  let longest = 0;
  for (let i = 1; i < points.length; i++) {
    longest = Math.max(
      longest,
      Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]),
    );
  }
  return longest;
}

function binding({ node, elementId }: ArrowEnd, [x, y]: Point): ArrowBinding {
  const ratio = (value: number) => Math.min(1, Math.max(0, value));
  return {
    elementId,
    focus: 0,
    gap: ARROW_GAP,
    fixedPoint: [ratio((x - node.x) / node.width), ratio((y - node.y) / node.height)],
    mode: "orbit",
  };
}

/**
 * ELK ends an edge on the node's box. Slide the end along its last segment (the line from
 * `neighbour` through `end`) to where that line first comes ARROW_GAP from the outline.
 */
function backOffFromOutline(
  { outline, elementId }: ArrowEnd,
  end: [number, number],
  neighbour: [number, number],
): Point {
  const length = Math.hypot(end[0] - neighbour[0], end[1] - neighbour[1]);
  const direction: Point = [(end[0] - neighbour[0]) / length, (end[1] - neighbour[1]) / length];
  const along = length > 0 ? lineEntry(outline, neighbour, direction, ARROW_GAP) : null;
  if (along === null) {
    throw new Error(`scene: an arrow's last segment misses the outline of ${elementId}`);
  }
  return [neighbour[0] + direction[0] * along, neighbour[1] + direction[1] * along];
}

/**
 * Where the groups' titles are, for edge labels to keep off: a nested group's title inside its
 * box, and an outermost group's name, which Excalidraw draws above its frame 14 px high on the
 * screen whatever the zoom: at the zoom the drawing opens at (fitted to a 1,280 × 800 editor) it
 * takes that much more of the scene.
 */
function groupTitles(groups: GroupElements, layout: Layout): Rect[] {
  const boxes = [...layout.nodes.values(), ...layout.groups.values()];
  const left = Math.min(...boxes.map(({ x }) => x));
  const top = Math.min(...boxes.map(({ y }) => y));
  const zoom = fitZoom({
    width: Math.max(...boxes.map(({ x, width }) => x + width)) - left,
    height: Math.max(...boxes.map(({ y, height }) => y + height)) - top,
  }, EDITOR_CANVAS_1280x800);
  const names = groups.frames.map((frame): Rect => ({
    x: frame.x,
    y: frame.y - FRAME_NAME_ON_SCREEN.room / zoom,
    width: measureLineWidth(frame.name ?? "", FRAME_NAME_FONT) / zoom,
    height: FRAME_NAME_ON_SCREEN.room / zoom,
  }));
  const nested = groups.boxes.filter((element) => element.type === "text")
    .map(({ x, y, width, height }): Rect => ({ x, y, width, height }));
  return [...names, ...nested];
}

/** Excalidraw's frame name, in its font. */
const FRAME_NAME_FONT = {
  fontFamily: FONT_FAMILY.Helvetica,
  fontSize: FRAME_NAME_ON_SCREEN.fontSize,
};

/**
 * The arrows and their labels again, each label moved to a spot of its arrow that clears the
 * nodes and the other labels (edge_labels.ts), and collinear points added to the arrow so that
 * Excalidraw centres the label exactly there. Only points and label positions change.
 */
function withEdgeLabelsPlaced(
  elements: ElementWithoutIndex[],
  layout: Layout,
  titles: Rect[],
): ElementWithoutIndex[] {
  const arrows = elements.filter((element) => element.type === "arrow") as Omit<
    LinearElement,
    "index"
  >[];
  const labelOf = new Map<string, Omit<TextElement, "index">>();
  for (const element of elements) {
    if (element.type === "text" && element.containerId !== null) {
      labelOf.set(element.containerId, element as Omit<TextElement, "index">);
    }
  }
  const placements = placeEdgeLabels(
    arrows.map(({ id, x, y, points }) => ({
      route: points.map(([px, py]): Point => [x + px, y + py]),
      label: labelOf.get(id) ?? null,
    })),
    [...layout.nodes.values(), ...titles],
  );
  const moved = new Map<string, ElementWithoutIndex>();
  arrows.forEach((arrow, position) => {
    const placement = placements[position];
    const label = labelOf.get(arrow.id);
    if (placement === null || label === undefined) return;
    // The first point is unchanged and the new ones lie on the route: x, y, width and height hold.
    const points = placement.points.map(([px, py]): Point => [px - arrow.x, py - arrow.y]);
    const placed = { ...arrow, points };
    const [centreX, centreY] = arrowLabelCentre(placed);
    moved.set(arrow.id, placed);
    moved.set(label.id, {
      ...label,
      x: centreX - label.width / 2,
      y: centreY - label.height / 2,
    });
  });
  return elements.map((element) => moved.get(element.id) ?? element);
}

/** Where Excalidraw centres an arrow's label: the middle point, or the middle segment's middle. */
export function arrowLabelCentre(
  { x, y, points }: Pick<LinearElement, "x" | "y" | "points">,
): Point {
  const middle = Math.floor(points.length / 2);
  const [px, py] = points.length % 2 === 1 ? points[middle] : [
    (points[middle - 1][0] + points[middle][0]) / 2,
    (points[middle - 1][1] + points[middle][1]) / 2,
  ];
  return [x + px, y + py];
}

// Ids are two 32-bit hashes of the diagram id and the element's key in base 62: twelve URL-safe
// characters. A collision (about one in 10^19 pairs) re-hashes with a counter, in element order.
const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
/** 62^6 > 2^32, so six digits hold any hash. */
const DIGITS_PER_HASH = 6;
const ID_SALTS = [0x1d, 0x2e] as const;
const SEED_SALT = 0x5eed;
const NONCE_SALT = 0x0ce;

class ElementIds {
  readonly #used = new Set<string>();
  constructor(readonly diagramId: string) {}

  next(key: string): string {
    for (let attempt = 0;; attempt++) {
      const text = `${this.diagramId}\0${key}${attempt === 0 ? "" : `\0${attempt}`}`;
      const id = ID_SALTS.map((salt) => base62(hash32(text, salt))).join("");
      if (!this.#used.has(id)) {
        this.#used.add(id);
        return id;
      }
    }
  }
}

function base62(value: number): string {
  let digits = "";
  for (let place = 0; place < DIGITS_PER_HASH; place++) {
    digits = ID_ALPHABET[value % 62] + digits;
    value = Math.floor(value / 62);
  }
  return digits;
}

/** 1 … 2^31 − 1: Excalidraw's restore() replaces a zero seed or nonce with a constant. */
function positiveInt31(text: string, salt: number): number {
  return (hash32(text, salt) % 0x7ffffffe) + 1;
}

/**
 * FNV-1a over the UTF-16 code units, from an offset basis varied by the salt, then a final
 * avalanche (MurmurHash3's fmix32) so that near keys ("edge\09", "edge\010") spread apart.
 */
function hash32(text: string, salt: number): number {
  let hash = 0x811c9dc5 ^ salt;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
