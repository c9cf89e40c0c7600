// A stored scene read back as the spec update_diagram accepts. A generated scene gives back the
// exact spec it came from (node ids, colours and the layout ride in the shapes' customData, edge
// ids in the arrows'), so get_diagram → update_diagram redraws the same elements in the same
// places. A hand-drawn scene gives the best spec it can: shapes with text are nodes, arrows bound
// at both ends to nodes are edges; everything else is listed as not expressed, and it is exactly
// what update_diagram keeps in place.
import {
  type DiagramSpec,
  EDGE_DEFAULTS,
  type EdgeHead,
  type EdgeLine,
  PALETTE,
  SHAPES,
  SPEC_LIMITS,
  type SpecEdge,
} from "../../shared/spec.ts";
import { paletteNameOf } from "../drawing/scene/palette.ts";
import { EDGE_ARROWHEADS, EDGE_STROKES } from "../drawing/scene/scene.ts";

type Element = Record<string, unknown>;

export interface SceneSpec {
  /** Null when the scene holds no node at all. */
  spec: DiagramSpec | null;
  /** What the spec cannot say, one line per kind, e.g. "2 free text elements". */
  notExpressed: string[];
  /** Element ids the spec stands for (nodes, edges and their labels): update_diagram replaces these. */
  owned: Set<string>;
}

const NODE_TYPES = new Set(["rectangle", "ellipse", "diamond"]);
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;
const ID_LIMIT = SPEC_LIMITS.maxIdLength;

export function sceneSpec(elements: readonly Element[]): SceneSpec {
  const live = elements.filter((element) => element.isDeleted !== true);
  const byId = new Map(live.map((element) => [String(element.id), element]));
  const owned = new Set<string>();
  const unexpressed = new Map<string, number>();
  const note = (what: string) => unexpressed.set(what, (unexpressed.get(what) ?? 0) + 1);

  const labelOf = (container: Element): { text: string; element: Element } | null => {
    const ref = (container.boundElements as { id?: unknown; type?: unknown }[] | null | undefined)
      ?.find((bound) => bound?.type === "text");
    const element = ref ? byId.get(String(ref.id)) : undefined;
    if (!element || element.containerId !== container.id) return null;
    const raw = element.originalText ?? element.text;
    // Kept as written (not trimmed), so a generated label comes back byte for byte.
    const text = typeof raw === "string" ? raw : "";
    const fits = text.trim().length > 0 && text.length <= SPEC_LIMITS.maxLabelLength;
    return fits ? { text, element } : null;
  };

  const nodes: DiagramSpec["nodes"] = [];
  const nodeIdOf = new Map<string, string>();
  const usedNodeIds = new Set<string>();
  const layouts: string[] = [];
  let placedByHand = 0;
  for (const element of live) {
    if (!NODE_TYPES.has(String(element.type))) continue;
    const label = labelOf(element);
    if (label === null) continue;
    const custom = (element.customData ?? {}) as Record<string, unknown>;
    const id = typeof custom.nodeId === "string" && custom.nodeId.length <= ID_LIMIT
      ? custom.nodeId
      : String(element.id);
    if (usedNodeIds.has(id)) continue;
    usedNodeIds.add(id);
    nodeIdOf.set(String(element.id), id);
    owned.add(String(element.id)).add(String(label.element.id));
    if (typeof custom.nodeId !== "string") placedByHand++;
    if (custom.layout === "TB" || custom.layout === "LR") layouts.push(custom.layout);
    const color = colourOf(element, custom);
    nodes.push({
      id,
      label: label.text,
      shape: element.type === "rectangle" && element.roundness
        ? "rounded"
        : element.type as typeof SHAPES[number],
      ...(color === undefined ? {} : { color }),
    });
  }

  const edges: DiagramSpec["edges"] = [];
  const arrowDirections: [number, number][] = [];
  for (const element of live) {
    if (element.type !== "arrow") continue;
    const from = nodeIdOf.get(String((element.startBinding as Element | null)?.elementId));
    const to = nodeIdOf.get(String((element.endBinding as Element | null)?.elementId));
    if (from === undefined || to === undefined) continue;
    const custom = (element.customData ?? {}) as Record<string, unknown>;
    const id = typeof custom.edgeId === "string" && custom.edgeId.length <= ID_LIMIT
      ? custom.edgeId
      : String(element.id);
    const label = labelOf(element);
    owned.add(String(element.id));
    if (label) owned.add(String(label.element.id));
    edges.push({ id, from, to, ...(label ? { label: label.text } : {}), ...edgeStyleOf(element) });
    arrowDirections.push(directionOf(
      byId.get(String(
        (element.startBinding as Element).elementId,
      ))!,
      byId.get(String((element.endBinding as Element).elementId))!,
    ));
  }

  for (const element of live) {
    if (owned.has(String(element.id))) continue;
    note(kindOf(element, byId));
  }
  const notExpressed = [...unexpressed].map(([what, count]) => `${count} ${what}`);
  if (placedByHand > 0) {
    notExpressed.push(
      `the positions and sizes of ${placedByHand} hand-placed node(s): update_diagram lays ` +
        "every node out again",
    );
  }
  if (nodes.length === 0) return { spec: null, notExpressed, owned };
  const layout = layouts[0] as DiagramSpec["layout"] | undefined ?? guessLayout(arrowDirections);
  return { spec: { layout, nodes, edges }, notExpressed, owned };
}

/** The spec colour: the one the generator recorded, else the fill if the spec can say it. */
function colourOf(element: Element, custom: Record<string, unknown>): string | undefined {
  if (
    typeof custom.color === "string" &&
    ((PALETTE as readonly string[]).includes(custom.color) || HEX_COLOUR.test(custom.color))
  ) {
    return custom.color;
  }
  const fill = element.backgroundColor;
  if (typeof fill !== "string" || fill === "transparent") return undefined;
  return paletteNameOf(fill) ?? (HEX_COLOUR.test(fill) ? fill.toLowerCase() : undefined);
}

/**
 * The line and heads an arrow shows, each only where it differs from the spec's default, so a
 * generated arrow gives back the fields its edge stated (or their default, said explicitly).
 */
function edgeStyleOf(element: Element): Pick<SpecEdge, "line" | "start" | "end"> {
  const line = lineOf(element);
  // Excalidraw's restore() reads a missing start head as none and a missing end head as an arrow.
  const start = element.startArrowhead === undefined ? "none" : headOf(element.startArrowhead);
  const end = element.endArrowhead === undefined ? "arrow" : headOf(element.endArrowhead);
  return {
    ...(line === EDGE_DEFAULTS.line ? {} : { line }),
    ...(start === EDGE_DEFAULTS.start ? {} : { start }),
    ...(end === EDGE_DEFAULTS.end ? {} : { end }),
  };
}

/** A dash or dot wins over width: a hand-drawn arrow can be both, a spec edge only one. */
function lineOf({ strokeStyle, strokeWidth }: Element): EdgeLine {
  if (strokeStyle === "dashed" || strokeStyle === "dotted") return strokeStyle;
  return typeof strokeWidth === "number" && strokeWidth >= EDGE_STROKES.thick.strokeWidth
    ? "thick"
    : "solid";
}

/**
 * Excalidraw's heads the spec names, including the older "dot" and the outlined circle; any other
 * head (triangle, diamond, crowfoot) is still a head, and reads as the nearest, an arrow.
 */
function headOf(arrowhead: unknown): EdgeHead {
  if (arrowhead === null) return "none";
  if (arrowhead === "dot" || arrowhead === "circle_outline") return "circle";
  const named = Object.entries(EDGE_ARROWHEADS).find(([, head]) => head === arrowhead);
  return named === undefined ? "arrow" : named[0] as EdgeHead;
}

function directionOf(start: Element, end: Element): [number, number] {
  const centre = (element: Element) => [
    Number(element.x) + Number(element.width) / 2,
    Number(element.y) + Number(element.height) / 2,
  ];
  const [[x1, y1], [x2, y2]] = [centre(start), centre(end)];
  return [x2 - x1, y2 - y1];
}

/** Edges drawn mostly downwards read as TB, mostly sideways as LR. */
function guessLayout(directions: [number, number][]): DiagramSpec["layout"] {
  let across = 0;
  let down = 0;
  for (const [dx, dy] of directions) {
    across += Math.abs(dx);
    down += Math.abs(dy);
  }
  return across > down ? "LR" : "TB";
}

function kindOf(element: Element, byId: Map<string, Element>): string {
  switch (element.type) {
    case "text":
      return element.containerId && byId.has(String(element.containerId))
        ? "label(s) on elements the spec cannot express"
        : "free text element(s)";
    case "arrow":
      return "arrow(s) not bound to two labelled shapes";
    case "line":
      return "line(s)";
    case "freedraw":
      return "freehand drawing(s)";
    case "image":
      return "image(s)";
    case "frame":
    case "magicframe":
      return "frame(s)";
    case "rectangle":
    case "ellipse":
    case "diamond":
      return "shape(s) without a label";
    default:
      return `${String(element.type)} element(s)`;
  }
}
