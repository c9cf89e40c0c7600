// Places the nodes and routes the edges of a diagram with ELK's layered algorithm. Layers are
// ours: longestPathLayers ranks the nodes and breaks cycles, ELK gets the resulting DAG (back
// edges turned around) and, with LONGEST_PATH_SOURCE, puts every node in the layer of its rank.
// The result is read back and checked against our ranks, so a change in ELK cannot silently
// move nodes to other layers. Parallel edges and repeated self-loops reach ELK as one edge and
// come back as offset copies of its route (edge_bundles.ts).
import ElkModule from "elkjs/lib/elk.bundled.js";
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import { longestPathLayers } from "../../../shared/layering.ts";
import { offsetCopies } from "./edge_bundles.ts";
import {
  type EdgePlan,
  type LayoutWorkload,
  layoutWorkload,
  planEdges,
} from "./layout_workload.ts";

// The package's typings describe an ES module, its code is CommonJS: the default import is the
// constructor itself.
const ELK = ElkModule as unknown as typeof ElkModule.default;

export interface LayoutNode {
  id: string;
  width: number;
  height: number;
}

/** In spec direction. */
export interface LayoutEdge {
  id: string;
  from: string;
  to: string;
  /**
   * The label the scene will centre on this arrow. Only a self-loop's is used: the loop and
   * the node's neighbours move away to make room for it. ELK never sees labels, because label
   * dummy nodes would change the layers.
   */
  label?: { width: number; height: number };
}

/** Absolute, top-left. */
export interface PlacedNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Absolute points from the `from` node's border to the `to` node's border. */
export interface RoutedEdge {
  id: string;
  points: [number, number][];
}

export interface Layout {
  nodes: Map<string, PlacedNode>;
  edges: Map<string, RoutedEdge>;
  /** Layer per node id: equal to longestPathLayers' ranks. */
  layers: Map<string, number>;
}

export interface LayoutInput {
  direction: "TB" | "LR";
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  /**
   * Extra room between layers for the largest edge label: its size along the direction plus
   * the clearance wanted on both sides. Edges also bend at least half of it from the nodes.
   */
  labelGap?: number;
}

const NODE_SPACING = 45;
const LAYER_SPACING = 80;
/** Keeps bends away from the nodes: arrow ends are moved off the box onto the outline + gap. */
const EDGE_NODE_SPACING = 24;
const EDGE_SPACING = 15;
/** A self-loop must stand far enough out that both ends, backed off by their gap, stay apart. */
const SELF_LOOP_SPACING = 30;
/** Room between a self-loop's label and the node it loops on, or the next node in the layer. */
const LOOP_LABEL_CLEARANCE = 24;

const BASE_OPTIONS: Record<string, string> = {
  "elk.algorithm": "layered",
  "elk.layered.layering.strategy": "LONGEST_PATH_SOURCE",
  "elk.edgeRouting": "ORTHOGONAL",
  "elk.randomSeed": "1",
  // One set of layers for the whole drawing: packed components would put one component's
  // layer 0 beside another's layer 3.
  "elk.separateConnectedComponents": "false",
  "elk.spacing.edgeNode": String(EDGE_NODE_SPACING),
  "elk.spacing.edgeEdge": String(EDGE_SPACING),
  "elk.layered.spacing.edgeEdgeBetweenLayers": String(EDGE_SPACING),
};

let engine: InstanceType<typeof ELK> | undefined;

function layoutEngine(): InstanceType<typeof ELK> {
  engine ??= new ELK();
  return engine;
}

/** Above this many nodes ELK gets one crossing-minimisation pass and no model-order sort. */
const FULL_EFFORT_MAX_NODES = 50;
/**
 * Above this many routed edges between two adjacent layers, edges share their port on a node.
 * ELK's orthogonal router compares the segments of a gap pairwise: a complete bipartite graph
 * of 45 × 44 nodes (1980 edges in one gap) took 30 s, 0.6 s with shared ports; a star of 1000
 * nodes 2.4 s, 0.6 s shared. Arrows then leave a node from one point and fan out.
 */
const SHARED_PORTS_MIN_GAP = 60;
/**
 * Above this many nodes plus dummy nodes ELK keeps each layer in spec order instead of
 * minimising crossings, which is where its time goes on graphs with many long edges: a seeded
 * 1000-node random spec (7220 dummies) took 3.5 s with crossing minimisation, 1.2 s without.
 */
const CROSSING_MINIMISATION_MAX_CELLS = 4000;

/**
 * ELK's effort by graph size, measured on seeded random specs (tests/helpers/layout_quality.ts)
 * and adversarial ones (bench/layout_budget_bench.ts). Small graphs get the full effort: at 30
 * nodes fewer crossing-minimisation passes left 16 % more edge crossings. Above 50 nodes one
 * pass and no model-order sort keep create_diagram within its budget (100 nodes: 154 ms with 2
 * passes and the sort, 120 ms without; 1000 nodes: the sort alone took 35 s), at the price of a
 * few more crossings and the spec's order inside a layer. Bigger graphs trade looks for time as
 * described at the thresholds above.
 */
export function effortFor(workload: LayoutWorkload): Record<string, string> {
  const small = workload.nodes <= FULL_EFFORT_MAX_NODES;
  const cells = workload.nodes + workload.longEdgeSegments;
  return {
    "elk.layered.thoroughness": small ? "7" : "1",
    "elk.layered.considerModelOrder.strategy": small ? "NODES_AND_EDGES" : "NONE",
    "elk.layered.mergeEdges": String(workload.widestGap > SHARED_PORTS_MIN_GAP),
    "elk.layered.crossingMinimization.strategy": cells > CROSSING_MINIMISATION_MAX_CELLS
      ? "NONE"
      : "LAYER_SWEEP",
  };
}

/**
 * Throws (a bug, not a user error) on a size that is not a positive number, when ELK returns a
 * number that is not finite, or when its layers differ from ours.
 */
export async function layoutGraph(input: LayoutInput): Promise<Layout> {
  assertPositiveSizes(input);
  const layering = longestPathLayers(input);
  const plan = planEdges(input.edges, layering);
  const workload = layoutWorkload(input, layering, plan);
  // ELK's ids are our positions: spec ids are free text (say "__proto__"), positions are not.
  const elkIndexOfNode = new Map(input.nodes.map(({ id }, index) => [id, index]));
  const elkNodeId = (id: string) => `n${elkIndexOfNode.get(id)}`;

  const loopLabelRoom = selfLoopLabelRoom(input);
  const labelGap = input.labelGap ?? 0;
  const graph: ElkNode = {
    id: "root",
    layoutOptions: {
      ...BASE_OPTIONS,
      "elk.direction": input.direction === "TB" ? "DOWN" : "RIGHT",
      "elk.spacing.nodeNode": String(Math.max(NODE_SPACING, loopLabelRoom)),
      "elk.spacing.nodeSelfLoop": String(Math.max(SELF_LOOP_SPACING, loopLabelRoom)),
      "elk.layered.spacing.nodeNodeBetweenLayers": String(LAYER_SPACING + labelGap),
      // Routing slots between layers stay half a label away from the nodes, so a label centred
      // on a segment there clears both layers.
      "elk.layered.spacing.edgeNodeBetweenLayers": String(
        Math.max(EDGE_NODE_SPACING, labelGap / 2),
      ),
      ...effortFor(workload),
    },
    children: input.nodes.map(({ width, height }, index) => ({ id: `n${index}`, width, height })),
    // One edge per bundle: its ELK id is the position of the bundle's first edge.
    edges: plan.bundles.map(([index]): ElkExtendedEdge => {
      const { source, target } = plan.directed[index];
      return { id: `e${index}`, sources: [elkNodeId(source)], targets: [elkNodeId(target)] };
    }),
  };

  const result = await layoutEngine().layout(graph);
  const nodes = placedNodes(input.nodes, result);
  const edges = routedEdges(input.edges, plan, new Set(layering.backEdges), nodes, result);
  const layers = layersFromPositions(input.nodes, nodes, input.direction);
  assertSameLayers(layers, layering.ranks);
  return { nodes, edges, layers };
}

/**
 * ELK puts self-loops beside the node, across the direction: on the left going down, above going
 * right. A label centred on the loop's far side sticks out by half its size across, towards the
 * node and towards the next node in the layer; both spacings grow by that much.
 */
function selfLoopLabelRoom({ direction, edges }: LayoutInput): number {
  let across = 0;
  for (const { from, to, label } of edges) {
    if (from === to && label !== undefined) {
      across = Math.max(across, direction === "TB" ? label.width : label.height);
    }
  }
  return across === 0 ? 0 : Math.ceil(across / 2) + LOOP_LABEL_CLEARANCE;
}

/**
 * One small layout, with a cycle and a self-loop so their code runs too, so that the JIT has
 * compiled ELK before the first real request.
 */
export async function warmLayoutEngine(): Promise<void> {
  const ends = ["ab", "ac", "bc", "ca", "bb"];
  await layoutGraph({
    direction: "TB",
    nodes: ["a", "b", "c"].map((id) => ({ id, width: 120, height: 60 })),
    edges: ends.map((id) => ({ id, from: id[0], to: id[1] })),
  });
}

/** ELK reads NaN as 0 and lays out on: a bad size would come back as a plausible drawing. */
function assertPositiveSizes({ nodes, labelGap = 0 }: LayoutInput): void {
  for (const { id, width, height } of nodes) {
    if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height))) {
      throw new Error(`layout: node ${JSON.stringify(id)} has size ${width} × ${height}`);
    }
  }
  if (!(labelGap >= 0 && Number.isFinite(labelGap))) {
    throw new Error(`layout: label gap ${labelGap}`);
  }
}

function placedNodes(input: LayoutNode[], result: ElkNode): Map<string, PlacedNode> {
  const byElkId = new Map((result.children ?? []).map((child) => [child.id, child]));
  return new Map(input.map(({ id }, index) => {
    const child = byElkId.get(`n${index}`);
    if (child === undefined) throw new Error(`layout: ELK lost node ${JSON.stringify(id)}`);
    const [x, y, width, height] = [child.x, child.y, child.width, child.height].map((value) =>
      finite(value, id)
    );
    return [id, { id, x, y, width, height }];
  }));
}

/**
 * ELK's route of each bundle's first edge, tidied; the bundle's edges get offset copies of it
 * (the first edge too, so that a bundle stays centred on ELK's route).
 */
function routedEdges(
  input: LayoutEdge[],
  plan: EdgePlan,
  reversed: ReadonlySet<number>,
  nodes: Map<string, PlacedNode>,
  result: ElkNode,
): Map<string, RoutedEdge> {
  const byElkId = new Map((result.edges ?? []).map((edge) => [edge.id, edge as ElkExtendedEdge]));
  const pointsOf = new Array<[number, number][]>(input.length);
  for (const bundle of plan.bundles) {
    const first = bundle[0];
    const { id } = input[first];
    const sections = byElkId.get(`e${first}`)?.sections ?? [];
    if (sections.length !== 1) {
      throw new Error(
        `layout: ELK routed edge ${JSON.stringify(id)} in ${sections.length} sections`,
      );
    }
    const { startPoint, bendPoints = [], endPoint } = sections[0];
    const route = tidyRoute(
      [startPoint, ...bendPoints, endPoint].map(({ x, y }): [number, number] => [
        finite(x, id),
        finite(y, id),
      ]),
    );
    const { source, target } = plan.directed[first];
    const copies = bundle.length === 1 ? [route] : offsetCopies(
      route,
      bundle.length,
      nodes.get(source)!,
      nodes.get(target)!,
      { spacing: EDGE_SPACING },
    );
    bundle.forEach((index, position) => {
      const points = copies[position];
      // ELK drew a back edge in its DAG direction; the arrow must still leave the `from` node.
      if (reversed.has(index)) points.reverse();
      pointsOf[index] = points;
    });
  }
  return new Map(input.map(({ id }, index) => [id, { id, points: pointsOf[index] }]));
}

/** Coordinates closer than this are float noise: ELK meant them equal. */
const SNAP = 0.01;
/** ELK sometimes steps a long edge sideways by a fraction of a pixel; nobody wants that kink. */
const MAX_JOG = 1;

/**
 * ELK's route with its noise removed: nearly equal coordinates made equal, sub-pixel jogs
 * between two bends straightened (the rest of the route moves by the jog), and bends that no
 * longer turn dropped. The ends stay on their sides of the node.
 */
function tidyRoute(route: [number, number][]): [number, number][] {
  const points = route.map(([x, y]): [number, number] => [x, y]);
  for (let i = 1; i < points.length; i++) {
    for (const axis of [0, 1]) {
      if (Math.abs(points[i][axis] - points[i - 1][axis]) < SNAP) {
        points[i][axis] = points[i - 1][axis];
      }
    }
  }
  const bends = withoutStraightBends(points);
  for (let i = 1; i + 2 < bends.length; i++) {
    const [from, to, next] = [bends[i], bends[i + 1], bends[i + 2]];
    // The axis the segment from → to runs along; the next segment runs across it.
    const axis = from[0] === to[0] ? 1 : 0;
    if (Math.abs(to[axis] - from[axis]) < MAX_JOG && next[axis] === to[axis]) {
      next[axis] = from[axis];
      bends.splice(i + 1, 1);
    }
  }
  return withoutStraightBends(bends);
}

/** Drops repeated points and bends in line with the points before and after them. */
function withoutStraightBends(points: [number, number][]): [number, number][] {
  const kept = points.slice(0, 1);
  for (let i = 1; i < points.length - 1; i++) {
    const [before, point, after] = [kept[kept.length - 1], points[i], points[i + 1]];
    const inLine = (axis: number) => before[axis] === point[axis] && after[axis] === point[axis];
    if (!inLine(0) && !inLine(1)) kept.push(point);
  }
  kept.push(points[points.length - 1]);
  return kept;
}

function finite(value: number | undefined, owner: string): number {
  if (value === undefined || !Number.isFinite(value)) {
    throw new Error(`layout: ELK returned ${value} for ${JSON.stringify(owner)}`);
  }
  return value;
}

/**
 * ELK's layer of each node, read from where it put it: nodes of one layer share an interval
 * along the direction and layers are spaced apart, so overlapping intervals form one layer.
 */
function layersFromPositions(
  input: LayoutNode[],
  placed: Map<string, PlacedNode>,
  direction: "TB" | "LR",
): Map<string, number> {
  const intervals = input.map(({ id }) => {
    const { x, y, width, height } = placed.get(id)!;
    return direction === "TB"
      ? { id, start: y, end: y + height }
      : { id, start: x, end: x + width };
  }).sort((a, b) => a.start - b.start);

  const layers = new Map<string, number>();
  let layer = -1;
  let layerEnd = -Infinity;
  for (const { id, start, end } of intervals) {
    if (start >= layerEnd) layer++;
    layerEnd = Math.max(layerEnd, end);
    layers.set(id, layer);
  }
  // Back in spec order, as the ranks are.
  return new Map(input.map(({ id }) => [id, layers.get(id)!]));
}

function assertSameLayers(layers: Map<string, number>, ranks: Map<string, number>): void {
  for (const [id, rank] of ranks) {
    const layer = layers.get(id);
    if (layer !== rank) {
      throw new Error(
        `layout: ELK put node ${JSON.stringify(id)} in layer ${layer}, its rank is ${rank}`,
      );
    }
  }
}
