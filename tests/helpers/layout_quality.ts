// Quality checks for generated diagrams, and seeded random specs to run them on. The checks
// read only the file and the spec: what a user would see in Excalidraw.
import { longestPathLayers } from "../../diagram/drawing/layout/layering.ts";
import { PALETTE } from "../../diagram/drawing/spec.ts";
import type { DiagramSpec, SpecEdge, SpecNode } from "../../diagram/drawing/spec.ts";
import type {
  BoundElementRef,
  ExcalidrawFile,
  LinearElement,
  Point,
  ShapeElement,
  TextElement,
} from "../../diagram/drawing/excalidraw/types.ts";
import {
  distanceToOutline,
  isInsideOutline,
  type NodeShape,
  type Rect,
  shapeOutline,
  textArea,
} from "../../diagram/drawing/scene/node_boxes.ts";
import { arrowLabelCentre } from "../../diagram/drawing/scene/scene.ts";
import { seededRandom } from "./seeded_random.ts";

/** How far an arrow's end may be from its shape's outline + gap. */
const END_TOLERANCE = 2;
/** Float noise allowed in comparisons of positions. */
const EPSILON = 1e-6;

type AnyElement = Record<string, unknown> & { id: string; type: string };

/** Every problem found, one line each; empty when the diagram is good. */
export function checkLayoutQuality(spec: DiagramSpec, file: ExcalidrawFile): string[] {
  const elements = file.elements as AnyElement[];
  const byId = new Map(elements.map((element) => [element.id, element]));
  const shapes = elements.filter((element) =>
    typeof (element.customData as { nodeId?: unknown } | undefined)?.nodeId === "string"
  ) as unknown as ShapeElement[];
  const arrows = elements.filter(({ type }) => type === "arrow") as unknown as LinearElement[];
  const texts = elements.filter(({ type }) => type === "text") as unknown as TextElement[];
  const shapeOfNode = new Map(shapes.map((shape) => [shape.customData!.nodeId as string, shape]));

  const problems: string[] = [];
  if (shapeOfNode.size !== spec.nodes.length || shapes.length !== spec.nodes.length) {
    problems.push(`${shapes.length} node shapes for ${spec.nodes.length} spec nodes`);
  }
  if (arrows.length !== spec.edges.length) {
    problems.push(`${arrows.length} arrows for ${spec.edges.length} spec edges`);
  }
  problems.push(
    ...overlappingShapes(shapes),
    ...labelsOutsideTextAreas(shapes, byId),
    ...textContainerMismatches(texts, byId),
    ...layersOutOfOrder(spec, shapeOfNode),
    ...edgeLabelOverlaps(shapes, arrows, byId),
  );
  // The scene writes arrows in spec edge order.
  arrows.forEach((arrow, edgeIndex) => {
    const edge = spec.edges[edgeIndex];
    if (edge === undefined) return;
    problems.push(
      ...arrowEndProblems(arrow, edge, shapeOfNode),
      ...arrowShapeProblems(arrow),
      ...arrowLabelProblems(arrow, byId),
    );
  });
  return problems;
}

function overlappingShapes(shapes: ShapeElement[]): string[] {
  const problems: string[] = [];
  // Sorted by left edge, each box is compared only with the boxes that start before it ends.
  const sorted = [...shapes].sort((a, b) => a.x - b.x);
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i];
    for (let j = i + 1; j < sorted.length && sorted[j].x < a.x + a.width; j++) {
      const b = sorted[j];
      if (b.y < a.y + a.height && a.y < b.y + b.height) {
        problems.push(`nodes ${nodeName(a)} and ${nodeName(b)} overlap`);
      }
    }
  }
  return problems;
}

function labelsOutsideTextAreas(shapes: ShapeElement[], byId: Map<string, AnyElement>): string[] {
  const problems: string[] = [];
  for (const shape of shapes) {
    const textRefs = (shape.boundElements ?? []).filter(({ type }) => type === "text");
    if (textRefs.length !== 1) {
      problems.push(`node ${nodeName(shape)} has ${textRefs.length} labels`);
      continue;
    }
    const label = byId.get(textRefs[0].id) as unknown as TextElement | undefined;
    const kind = nodeShapeOf(shape);
    if (label === undefined || kind === null) continue;
    const area = textArea(kind, shape);
    if (!rectContains(area, label)) {
      problems.push(
        `label of ${nodeName(shape)} (${fmt(label.width)} × ${fmt(label.height)} at ` +
          `${fmt(label.x)}, ${fmt(label.y)}) is outside its text area ` +
          `(${fmt(area.width)} × ${fmt(area.height)} at ${fmt(area.x)}, ${fmt(area.y)})`,
      );
    }
  }
  return problems;
}

function textContainerMismatches(texts: TextElement[], byId: Map<string, AnyElement>): string[] {
  const problems: string[] = [];
  for (const text of texts) {
    const container = text.containerId === null ? undefined : byId.get(text.containerId);
    const refs = (container?.boundElements ?? []) as BoundElementRef[];
    if (!refs.some(({ id, type }) => id === text.id && type === "text")) {
      problems.push(`text ${text.id} names container ${text.containerId}, which does not list it`);
    }
  }
  for (const container of byId.values()) {
    for (const { id, type } of (container.boundElements ?? []) as BoundElementRef[]) {
      const text = byId.get(id);
      if (type === "text" && text?.containerId !== container.id) {
        problems.push(`${container.id} lists text ${id}, which names another container`);
      }
    }
  }
  return problems;
}

/**
 * Every edge but a back edge or a self-loop runs the way the chart says: its target starts after
 * its source ends along the direction, or, in a drawing folded into rows, lies in a later row
 * (past its source across the flow). Stacked end nodes (stack_sinks.ts) sit further along still.
 * An edge between two groups is exempt: ELK orders whole groups, and when other edges put the
 * groups the other way round, it has to run back.
 */
function layersOutOfOrder(spec: DiagramSpec, shapeOfNode: Map<string, ShapeElement>): string[] {
  const vertical = spec.layout === "TB" || spec.layout === "BT";
  const reversed = spec.layout === "BT" || spec.layout === "RL";
  const spans = (shape: ShapeElement) => {
    const [along, across] = vertical
      ? [[shape.y, shape.y + shape.height], [shape.x, shape.x + shape.width]]
      : [[shape.x, shape.x + shape.width], [shape.y, shape.y + shape.height]];
    // Measured from where the flow starts: the bottom going up, the right going left.
    return { along: reversed ? [-along[1], -along[0]] : along, across };
  };
  const { backEdges, selfLoops } = longestPathLayers(spec);
  const groupOf = new Map(spec.nodes.map(({ id, group }) => [id, group]));
  const ignored = new Set([...backEdges, ...selfLoops]);
  const problems: string[] = [];
  spec.edges.forEach(({ from, to }, index) => {
    const [source, target] = [shapeOfNode.get(from), shapeOfNode.get(to)];
    if (ignored.has(index) || source === undefined || target === undefined) return;
    if (groupOf.get(from) !== groupOf.get(to)) return;
    const [a, b] = [spans(source), spans(target)];
    if (!(a.along[1] < b.along[0] || a.across[1] < b.across[0])) {
      problems.push(`edge ${from} → ${to} runs against the direction`);
    }
  });
  return problems;
}

function arrowEndProblems(
  arrow: LinearElement,
  edge: SpecEdge,
  shapeOfNode: Map<string, ShapeElement>,
): string[] {
  const problems: string[] = [];
  const absolute = arrow.points.map(([x, y]): Point => [arrow.x + x, arrow.y + y]);
  const ends = [
    { name: "start", binding: arrow.startBinding, nodeId: edge.from, point: absolute[0] },
    { name: "end", binding: arrow.endBinding, nodeId: edge.to, point: absolute.at(-1)! },
  ];
  for (const { name, binding, nodeId, point } of ends) {
    const shape = shapeOfNode.get(nodeId);
    const where = `arrow ${edge.from} → ${edge.to} (${arrow.id}) ${name}`;
    if (binding === null) {
      problems.push(`${where} is not bound`);
      continue;
    }
    if (shape === undefined || binding.elementId !== shape.id) {
      problems.push(`${where} is bound to ${binding.elementId}, not node ${nodeId}`);
      continue;
    }
    if (!(shape.boundElements ?? []).some(({ id, type }) => id === arrow.id && type === "arrow")) {
      problems.push(`${where}: node ${nodeId} does not list the arrow`);
    }
    const kind = nodeShapeOf(shape);
    if (kind === null) {
      problems.push(`${where}: node ${nodeId} has an outline the checks do not know`);
      continue;
    }
    const outline = shapeOutline(kind, shape);
    const distance = distanceToOutline(outline, point);
    if (isInsideOutline(outline, point)) {
      problems.push(`${where} lies inside node ${nodeId}`);
    } else if (Math.abs(distance - binding.gap) > END_TOLERANCE) {
      problems.push(
        `${where} is ${fmt(distance)} px from node ${nodeId}, its gap is ${binding.gap}`,
      );
    }
  }
  return problems;
}

/** Points relative to the first, every segment orthogonal and never doubling back on itself. */
function arrowShapeProblems(arrow: LinearElement): string[] {
  const problems: string[] = [];
  const { points } = arrow;
  if (points.length < 2 || points[0][0] !== 0 || points[0][1] !== 0) {
    problems.push(`arrow ${arrow.id} does not start at [0, 0] with at least two points`);
    return problems;
  }
  const segments = points.slice(1).map(([x, y], i): Point => [x - points[i][0], y - points[i][1]]);
  segments.forEach(([dx, dy], i) => {
    if (Math.abs(dx) > EPSILON && Math.abs(dy) > EPSILON) {
      problems.push(`arrow ${arrow.id} segment ${i} is not orthogonal`);
    }
    if (Math.hypot(dx, dy) < 1) {
      problems.push(`arrow ${arrow.id} segment ${i} is shorter than 1 px`);
    }
    const next = segments[i + 1];
    if (next !== undefined && dx * next[0] + dy * next[1] < -EPSILON) {
      problems.push(`arrow ${arrow.id} doubles back after segment ${i}`);
    }
  });
  return problems;
}

/** An arrow's label sits where Excalidraw puts it: centred on the arrow's middle. */
function arrowLabelProblems(arrow: LinearElement, byId: Map<string, AnyElement>): string[] {
  const textRef = (arrow.boundElements ?? []).find(({ type }) => type === "text");
  const label = textRef === undefined
    ? undefined
    : byId.get(textRef.id) as unknown as TextElement | undefined;
  if (label === undefined) return [];
  const [x, y] = arrowLabelCentre(arrow);
  const [labelX, labelY] = [label.x + label.width / 2, label.y + label.height / 2];
  return Math.abs(x - labelX) > EPSILON || Math.abs(y - labelY) > EPSILON
    ? [`label of arrow ${arrow.id} is centred at ${fmt(labelX)}, ${fmt(labelY)}, not its middle`]
    : [];
}

/** The label bound to each arrow that has one. */
function edgeLabels(arrows: LinearElement[], byId: Map<string, AnyElement>): TextElement[] {
  return arrows.flatMap((arrow) => {
    const ref = (arrow.boundElements ?? []).find(({ type }) => type === "text");
    const label = ref === undefined ? undefined : byId.get(ref.id);
    return label === undefined ? [] : [label as unknown as TextElement];
  });
}

/**
 * Edge labels sharing any area with another edge label or with a node's box (its bounding box:
 * a label in the corner of an ellipse's box still hides where arrows meet the node).
 */
function edgeLabelOverlaps(
  shapes: ShapeElement[],
  arrows: LinearElement[],
  byId: Map<string, AnyElement>,
): string[] {
  const labels = edgeLabels(arrows, byId);
  const problems: string[] = [];
  const name = (label: TextElement) => JSON.stringify(label.originalText);
  labels.forEach((label, i) => {
    for (const other of labels.slice(i + 1)) {
      if (rectsOverlap(label, other)) {
        problems.push(
          `edge labels ${name(label)} and ${name(other)} (${label.id}, ${other.id}) overlap`,
        );
      }
    }
    for (const shape of shapes) {
      if (rectsOverlap(label, shape)) {
        problems.push(`edge label ${name(label)} (${label.id}) overlaps node ${nodeName(shape)}`);
      }
    }
  });
  return problems;
}

/** Sharing area; touching edges do not count. */
function rectsOverlap(a: Rect, b: Rect): boolean {
  return Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > EPSILON &&
    Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > EPSILON;
}

/**
 * How many edge labels another arrow's line runs through: allowed, but worth keeping low, so the
 * tests print it.
 */
export function labelsCrossedByArrows(file: ExcalidrawFile): number {
  const elements = file.elements as AnyElement[];
  const byId = new Map(elements.map((element) => [element.id, element]));
  const arrows = elements.filter(({ type }) => type === "arrow") as unknown as LinearElement[];
  let crossed = 0;
  for (const label of edgeLabels(arrows, byId)) {
    const crossing = arrows.some((arrow) =>
      arrow.id !== label.containerId &&
      arrow.points.slice(1).some(([x, y], i) =>
        segmentEntersRect(
          [arrow.x + arrow.points[i][0], arrow.y + arrow.points[i][1]],
          [arrow.x + x, arrow.y + y],
          label,
        )
      )
    );
    if (crossing) crossed++;
  }
  return crossed;
}

/** Our arrows are orthogonal: a segment enters a rect when its span and the rect's overlap. */
function segmentEntersRect(a: Point, b: Point, rect: Rect): boolean {
  return rectsOverlap(
    {
      x: Math.min(a[0], b[0]) - EPSILON,
      y: Math.min(a[1], b[1]) - EPSILON,
      width: Math.abs(a[0] - b[0]) + 2 * EPSILON,
      height: Math.abs(a[1] - b[1]) + 2 * EPSILON,
    },
    rect,
  );
}

/** Which outline Excalidraw measures bindings against, from the element's type and roundness. */
function nodeShapeOf(shape: ShapeElement): NodeShape | null {
  const roundness = shape.roundness?.type ?? null;
  if (shape.type === "rectangle" && roundness === null) return "rectangle";
  if (shape.type === "rectangle" && roundness === 3) return "rounded";
  if (shape.type === "ellipse") return "ellipse";
  if (shape.type === "diamond" && roundness === 2) return "diamond";
  return null;
}

function rectContains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x - EPSILON && inner.y >= outer.y - EPSILON &&
    inner.x + inner.width <= outer.x + outer.width + EPSILON &&
    inner.y + inner.height <= outer.y + outer.height + EPSILON;
}

function nodeName(shape: ShapeElement): string {
  return JSON.stringify(shape.customData?.nodeId);
}

function fmt(value: number): string {
  return String(Math.round(value * 100) / 100);
}

// Random specs --------------------------------------------------------------------------------

const WORDS = [
  "api",
  "gateway",
  "user",
  "session",
  "cache",
  "queue",
  "worker",
  "billing",
  "invoice",
  "report",
  "search",
  "index",
  "storage",
  "bucket",
  "auth",
  "token",
  "email",
  "notify",
  "metrics",
  "ledger",
  "import",
  "export",
  "scheduler",
  "webhook",
  "profile",
];
const SHAPES: SpecNode["shape"][] = ["rectangle", "rounded", "ellipse", "diamond"];
const HEX_COLOURS = ["#ffd8a8", "#2b8a3e", "#a5d8ff", "#343a40"];

/**
 * A seeded random spec of n nodes and about 1.5 n edges, mostly pointing from earlier to later
 * nodes; from 30 nodes on, a few back edges (cycles), self-loops and parallel edges. Labels are
 * 1–5 random words, some in capitals; every 4th edge has a label; shapes and colours vary. Odd
 * seeds lay out left to right, even seeds top to bottom.
 */
export function randomDag(n: number, seed: number): DiagramSpec {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const phrase = (maxWords: number) => {
    const words = Array.from({ length: 1 + Math.floor(random() * maxWords) }, () => pick(WORDS));
    const text = words.join(" ");
    return random() < 0.2 ? text.toUpperCase() : text;
  };

  const nodes: SpecNode[] = Array.from({ length: n }, (_, index) => {
    const colour = random();
    return {
      id: `n${index}`,
      label: phrase(5),
      shape: pick(SHAPES),
      ...(colour < 0.5 ? { color: colour < 0.3 ? pick(PALETTE) : pick(HEX_COLOURS) } : {}),
    };
  });

  const ends: [number, number][] = [];
  for (let i = 0; i < Math.round(1.5 * n) && n > 1; i++) {
    const from = Math.floor(random() * (n - 1));
    ends.push([from, from + 1 + Math.floor(random() * Math.min(n - from - 1, 8))]);
  }
  if (n >= 30) {
    for (let i = 0; i < 3; i++) {
      const [from, to] = pick(ends);
      ends.push([to, from]); // closes a cycle
      ends.push(pick(ends)); // a parallel edge
      const loop = Math.floor(random() * n);
      ends.push([loop, loop]);
    }
  }
  const edges: SpecEdge[] = ends.map(([from, to], index) => ({
    from: `n${from}`,
    to: `n${to}`,
    ...(index % 4 === 0 ? { label: phrase(4) } : {}),
  }));
  return { layout: seed % 2 === 1 ? "LR" : "TB", nodes, edges };
}
