// Graphviz dot's layout of a spec, as a DrawnGraph (tests/helpers/readability.ts), so the layout
// quality bench measures dot's drawing and ours the same way. dot gets the same graph with the
// same sizes as ours: nodes as fixed-size boxes from measureDiagram, edge labels as fixed-size
// empty HTML tables of our label blocks, groups as nested clusters titled with their names.
// dot works in points and y up; one point is one px here, and y is flipped to grow downward.
// A group's own direction is not given: dot has one rankdir per graph. dot sizes a group's title
// in its own font (Times, set to our 16 px); the title rect measured is ours, centred where dot
// put its title.
import type { Point } from "../diagram/drawing/excalidraw/types.ts";
import {
  GROUP_LABEL_FONT,
  measureDiagram,
  NODE_LABEL_FONT,
  type Rect,
} from "../diagram/drawing/scene/node_boxes.ts";
import { lineHeightOf, measureLineWidth } from "../diagram/drawing/scene/text_metrics.ts";
import { type DiagramSpec, EDGE_DEFAULTS } from "../diagram/drawing/spec.ts";
import type { DrawnEdge, DrawnGraph } from "../tests/helpers/readability.ts";

const DOT_TIMEOUT_MS = 60_000;
const POINTS_PER_INCH = 72;
/**
 * Our spacing (45 px between nodes in a layer, 80 px between layers) in inches. dot halves its
 * ranksep in a graph with edge labels, whose labels then take a rank of their own between nodes.
 */
const SPACING = `nodesep=${45 / POINTS_PER_INCH}; ranksep=${80 / POINTS_PER_INCH};`;
/** Points sampled per cubic Bézier piece of a spline, its start included. */
const SAMPLES_PER_PIECE = 8;
const GROUP_TITLE_HEIGHT = GROUP_LABEL_FONT.fontSize * lineHeightOf(GROUP_LABEL_FONT.fontFamily);

/** Whether `dot` runs here. */
export async function dotAvailable(): Promise<boolean> {
  try {
    return (await new Deno.Command("dot", { args: ["-V"], stderr: "null" }).output()).success;
  } catch {
    return false;
  }
}

export async function dotLayout(spec: DiagramSpec): Promise<DrawnGraph> {
  return drawnFromDot(spec, JSON.parse(await runDot(dotSource(spec))));
}

/** A DOT string literal: dot reads backslash escapes in labels, so backslashes are doubled. */
function quoted(text: string): string {
  return `"${text.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/** On one line, as our frames draw their names (and so no line break to escape for dot). */
function groupTitle(group: { id: string; label?: string }): string {
  return (group.label ?? group.id).replaceAll(/\s+/g, " ");
}

/** An HTML-like label of exactly this size in points (dot takes whole points), showing nothing. */
function emptyLabel({ width, height }: { width: number; height: number }): string {
  const size = `WIDTH="${Math.ceil(width)}" HEIGHT="${Math.ceil(height)}"`;
  return `<<TABLE BORDER="0" CELLBORDER="0" FIXEDSIZE="TRUE" ${size}><TR><TD></TD></TR></TABLE>>`;
}

/**
 * The DOT text dot lays out (also for rendering it: `dot -Tpng`). Node i is "n<i>", group i
 * "cluster_<i>", edge i has id "e<i>": spec ids are free text.
 */
export function dotSource(spec: DiagramSpec): string {
  const boxes = measureDiagram(spec);
  const groups = spec.groups ?? [];
  const ids = new Map(spec.nodes.map(({ id }, index) => [id, `n${index}`]));
  const nodeLine = ({ id }: { id: string }) => {
    const { width, height } = boxes.nodes.get(id)!;
    return `${ids.get(id)} [width=${width / POINTS_PER_INCH}, height=${height / POINTS_PER_INCH}];`;
  };
  const members = (parent: string | undefined): string[] => [
    ...groups.flatMap((group, index) =>
      group.parent === parent
        ? [
          `subgraph cluster_${index} {`,
          `label=${quoted(groupTitle(group))};`,
          ...members(group.id),
          "}",
        ]
        : []
    ),
    ...spec.nodes.filter((node) => node.group === parent).map(nodeLine),
  ];
  const edges = spec.edges.map((edge, index) => {
    const label = boxes.edgeLabels[index];
    const start = (edge.start ?? EDGE_DEFAULTS.start) !== "none";
    const end = (edge.end ?? EDGE_DEFAULTS.end) !== "none";
    const attributes = [
      `id="e${index}"`,
      `dir=${start ? (end ? "both" : "back") : (end ? "forward" : "none")}`,
      ...(label === null ? [] : [`label=${emptyLabel(label)}`]),
    ];
    return `${ids.get(edge.from)} -> ${ids.get(edge.to)} [${attributes.join(", ")}];`;
  });
  return [
    "digraph G {",
    `rankdir=${spec.layout}; ${SPACING}`,
    `graph [fontsize=${GROUP_LABEL_FONT.fontSize}];`,
    'node [shape=box, fixedsize=true, label=""];',
    ...members(undefined),
    ...edges,
    "}",
  ].join("\n");
}

async function runDot(source: string): Promise<string> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command("dot", {
      args: ["-Tjson"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(DOT_TIMEOUT_MS),
    }).spawn();
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    throw new Error(
      "Graphviz dot is not installed: install Debian's graphviz: apt-get install -y graphviz",
    );
  }
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(source));
  await writer.close();
  const { success, signal, stdout, stderr } = await child.output();
  if (signal !== null) throw new Error(`dot did not finish within ${DOT_TIMEOUT_MS / 1000} s`);
  if (!success) throw new Error(`dot failed: ${new TextDecoder().decode(stderr).trim()}`);
  return new TextDecoder().decode(stdout);
}

interface DotObject {
  name: string;
  pos?: string;
  lp?: string;
}

interface DotEdge {
  id: string;
  pos: string;
  lp?: string;
}

interface DotJson {
  bb: string;
  objects?: DotObject[];
  edges?: DotEdge[];
}

function numbers(text: string): number[] {
  return text.split(",").map(Number);
}

function drawnFromDot(spec: DiagramSpec, json: DotJson): DrawnGraph {
  const boxes = measureDiagram(spec);
  const [left, bottom, right, top] = numbers(json.bb);
  const flipped = ([x, y]: Point): Point => [x - left, top - y];
  const ours = (text: string): Point => flipped(numbers(text) as Point);
  const centred = ([x, y]: Point, width: number, height: number): Rect => ({
    x: x - width / 2,
    y: y - height / 2,
    width,
    height,
  });
  const objects = new Map((json.objects ?? []).map((object) => [object.name, object]));
  const nodes = spec.nodes.map(({ id }, index) => {
    const { width, height } = boxes.nodes.get(id)!;
    const pos = objects.get(`n${index}`)?.pos;
    if (pos === undefined) throw new Error(`dot placed no node ${JSON.stringify(id)}`);
    return { id, ...centred(ours(pos), width, height), fontSize: NODE_LABEL_FONT.fontSize };
  });
  // dot leaves out a cluster with no nodes, and its title with it.
  const groupTitles = (spec.groups ?? []).flatMap((group, index) => {
    const lp = objects.get(`cluster_${index}`)?.lp;
    if (lp === undefined) return [];
    const width = measureLineWidth(groupTitle(group), GROUP_LABEL_FONT);
    return [centred(ours(lp), width, GROUP_TITLE_HEIGHT)];
  });
  const dotEdges = new Map((json.edges ?? []).map((edge) => [edge.id, edge]));
  const edges: DrawnEdge[] = [];
  const edgeLabels: Rect[] = [];
  spec.edges.forEach(({ from, to }, index) => {
    const edge = dotEdges.get(`e${index}`);
    if (edge === undefined) throw new Error(`dot drew no edge ${index} (${from} -> ${to})`);
    edges.push({ from, to, points: polyline(edge.pos).map(flipped) });
    const label = boxes.edgeLabels[index];
    if (label === null) return;
    if (edge.lp === undefined) throw new Error(`dot placed no label for edge ${index}`);
    edgeLabels.push(centred(ours(edge.lp), label.width, label.height));
  });
  const bounds = enclosing([
    { x: 0, y: 0, width: right - left, height: top - bottom },
    ...nodes,
    ...edgeLabels,
    ...groupTitles,
    ...edges.flatMap(({ points }) => points.map(([x, y]) => ({ x, y, width: 0, height: 0 }))),
  ]);
  return { nodes, edges, edgeLabels, groupTitles, bounds };
}

/**
 * An edge's `pos` as a polyline in dot's coordinates, from tail to head: "e,x,y" is the head
 * arrow's tip and "s,x,y" the tail arrow's, beyond the ends of the spline's 3k + 1 Bézier points.
 */
function polyline(pos: string): Point[] {
  if (pos.includes(";")) throw new Error("dot split an edge into several splines (concentrate?)");
  let start: Point | undefined;
  let end: Point | undefined;
  const controls: Point[] = [];
  for (const token of pos.trim().split(/\s+/)) {
    const [first, ...rest] = token.split(",");
    if (first === "s") start = [Number(rest[0]), Number(rest[1])];
    else if (first === "e") end = [Number(rest[0]), Number(rest[1])];
    else controls.push([Number(first), Number(rest[0])]);
  }
  const points: Point[] = [];
  for (let piece = 0; piece + 3 < controls.length; piece += 3) {
    const [p0, p1, p2, p3] = controls.slice(piece, piece + 4);
    for (let step = 0; step < SAMPLES_PER_PIECE; step++) {
      points.push(bezier(p0, p1, p2, p3, step / SAMPLES_PER_PIECE));
    }
  }
  points.push(controls[controls.length - 1]);
  return [...(start ? [start] : []), ...points, ...(end ? [end] : [])];
}

function bezier(p0: Point, p1: Point, p2: Point, p3: Point, t: number): Point {
  const u = 1 - t;
  const at = (axis: 0 | 1) =>
    u * u * u * p0[axis] + 3 * u * u * t * p1[axis] + 3 * u * t * t * p2[axis] +
    t * t * t * p3[axis];
  return [at(0), at(1)];
}

/** A loop, not Math.min(...): a large chart's edges have more points than a call takes. */
function enclosing(rects: Rect[]): Rect {
  let [x, y, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const rect of rects) {
    [x, y] = [Math.min(x, rect.x), Math.min(y, rect.y)];
    [right, bottom] = [
      Math.max(right, rect.x + rect.width),
      Math.max(bottom, rect.y + rect.height),
    ];
  }
  return { x, y, width: right - x, height: bottom - y };
}
