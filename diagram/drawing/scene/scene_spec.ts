// A stored scene read back as the spec update_diagram accepts. A generated scene gives back the
// exact spec it came from (node ids, colours and the layout ride in the shapes' customData, edge
// ids in the arrows'), so get_diagram → update_diagram redraws the same elements in the same
// places. A hand-drawn scene gives the best spec it can: shapes with text are nodes, arrows bound
// at both ends to nodes are edges; everything else is listed as not expressed, and it is exactly
// what update_diagram keeps in place. Frames are groups (their members are the nodes they hold);
// a generated nested group's box comes back as the group it was drawn for.
import {
  type DiagramSpec,
  type Direction,
  DIRECTIONS,
  EDGE_DEFAULTS,
  type EdgeHead,
  type EdgeLine,
  PALETTE,
  type Shape,
  SHAPES,
  SPEC_LIMITS,
  type SpecEdge,
  type SpecGroup,
} from "../spec.ts";
import { paletteNameOf } from "./palette.ts";
import { EDGE_ARROWHEADS, EDGE_STROKES } from "./scene.ts";

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
const FRAME_TYPES = new Set(["frame", "magicframe"]);
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

  const { groups, groupOfElement } = readGroups(live, labelOf, owned);
  const groupIds = new Set(groups.map(({ id }) => id));
  const nodes: DiagramSpec["nodes"] = [];
  const nodeIdOf = new Map<string, string>();
  const usedNodeIds = new Set<string>();
  const layouts: Direction[] = [];
  let placedByHand = 0;
  for (const element of live) {
    if (!NODE_TYPES.has(String(element.type)) || groupOfElement.has(String(element.id))) continue;
    const label = labelOf(element);
    if (label === null) continue;
    const custom = (element.customData ?? {}) as Record<string, unknown>;
    const id = typeof custom.nodeId === "string" && custom.nodeId.length <= ID_LIMIT
      ? custom.nodeId
      : String(element.id);
    if (usedNodeIds.has(id) || groupIds.has(id)) continue;
    usedNodeIds.add(id);
    nodeIdOf.set(String(element.id), id);
    owned.add(String(element.id)).add(String(label.element.id));
    if (typeof custom.nodeId !== "string") placedByHand++;
    if (isOneOf(DIRECTIONS, custom.layout)) layouts.push(custom.layout);
    const color = colourOf(element, custom);
    const stroke = isColour(custom.stroke) ? custom.stroke : undefined;
    // The group the generator recorded, else the frame the node is drawn in.
    const group = typeof custom.group === "string" && groupIds.has(custom.group)
      ? custom.group
      : groupOfElement.get(String(element.frameId));
    nodes.push({
      id,
      label: label.text,
      shape: shapeOf(element, custom),
      ...(color === undefined ? {} : { color }),
      ...(stroke === undefined ? {} : { stroke }),
      ...(group === undefined ? {} : { group }),
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
  const layout = layouts[0] ?? guessLayout(arrowDirections);
  return {
    spec: { layout, nodes, edges, ...(groups.length === 0 ? {} : { groups }) },
    notExpressed,
    owned,
  };
}

type LabelOf = (container: Element) => { text: string; element: Element } | null;

/**
 * Groups: every frame (a generated one names its group, a hand-drawn one is a group by its own
 * id, titled by its name) and every box the generator drew for a nested group. Their elements and
 * titles become owned; groupOfElement maps each group's element id to the group id.
 */
function readGroups(
  live: readonly Element[],
  labelOf: LabelOf,
  owned: Set<string>,
): { groups: SpecGroup[]; groupOfElement: Map<string, string> } {
  const found: { element: Element; group: SpecGroup; parent?: unknown }[] = [];
  const groupOfElement = new Map<string, string>();
  const taken = new Set<string>();
  for (const element of live) {
    const custom = (element.customData ?? {}) as Record<string, unknown>;
    const framed = FRAME_TYPES.has(String(element.type));
    const boxed = element.type === "rectangle" && typeof custom.groupId === "string";
    if (!framed && !boxed) continue;
    const id = isId(custom.groupId) ? custom.groupId : String(element.id);
    if (taken.has(id) || !isId(id)) continue;
    const title = labelOf(element);
    const label = framed
      ? (isLabel(custom.label) ? custom.label : isLabel(element.name) ? element.name : undefined)
      : title?.text;
    taken.add(id);
    groupOfElement.set(String(element.id), id);
    owned.add(String(element.id));
    if (title !== null) owned.add(String(title.element.id));
    found.push({
      element,
      group: {
        id,
        ...(label === undefined || label === id ? {} : { label }),
        ...(isOneOf(DIRECTIONS, custom.direction) ? { direction: custom.direction } : {}),
      },
      // A generated box names its parent; any other box sits in the frame that holds it.
      parent: custom.parent ?? groupOfElement.get(String(element.frameId)),
    });
  }
  const groups = found.map(({ element, group, parent }) => {
    const inFrame = groupOfElement.get(String(element.frameId));
    const parentId = typeof parent === "string" && taken.has(parent) && parent !== group.id
      ? parent
      : inFrame !== group.id
      ? inFrame
      : undefined;
    return parentId === undefined ? group : { ...group, parent: parentId };
  });
  return { groups: outerFirst(withoutParentLoops(groups)), groupOfElement };
}

/**
 * Outermost groups first, then their children, each level in scene order: frames are drawn after
 * what they hold, so the scene's own order would put nested groups first.
 */
function outerFirst(groups: SpecGroup[]): SpecGroup[] {
  const parentOf = new Map(groups.map(({ id, parent }) => [id, parent]));
  const depthOf = (group: SpecGroup) => {
    let depth = 0;
    for (let at = group.parent; at !== undefined; at = parentOf.get(at)) depth++;
    return depth;
  };
  return groups.map((group) => ({ group, depth: depthOf(group) }))
    .sort((a, b) => a.depth - b.depth)
    .map(({ group }) => group);
}

/** A hand-edited scene can name parents in a loop; such a group loses its parent. */
function withoutParentLoops(groups: SpecGroup[]): SpecGroup[] {
  const parentOf = new Map(groups.map(({ id, parent }) => [id, parent]));
  return groups.map((group) => {
    let depth = 1;
    for (let at = group.parent; at !== undefined; at = parentOf.get(at)) {
      if (at === group.id || ++depth > SPEC_LIMITS.maxGroupDepth) {
        const { parent: _dropped, ...rest } = group;
        parentOf.set(group.id, undefined);
        return rest;
      }
    }
    return group;
  });
}

/** The recorded spec shape, else the one Excalidraw's element is. */
function shapeOf(element: Element, custom: Record<string, unknown>): Shape {
  if (isOneOf(SHAPES, custom.shape)) return custom.shape;
  if (element.type === "rectangle") return element.roundness ? "rounded" : "rectangle";
  return element.type as Shape;
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}

function isId(value: unknown): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= ID_LIMIT;
}

function isLabel(value: unknown): value is string {
  return typeof value === "string" && value.trim().length > 0 &&
    value.length <= SPEC_LIMITS.maxLabelLength;
}

function isColour(value: unknown): value is string {
  return typeof value === "string" &&
    ((PALETTE as readonly string[]).includes(value) || HEX_COLOUR.test(value));
}

/** The spec colour: the one the generator recorded, else the fill if the spec can say it. */
function colourOf(element: Element, custom: Record<string, unknown>): string | undefined {
  if (isColour(custom.color)) return custom.color;
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
    case "rectangle":
    case "ellipse":
    case "diamond":
      return "shape(s) without a label";
    default:
      return `${String(element.type)} element(s)`;
  }
}
