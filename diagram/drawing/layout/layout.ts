// Places the nodes and routes the edges of a diagram with ELK's layered algorithm. Layers are
// ours: longestPathLayers ranks the nodes and breaks cycles, ELK gets the resulting DAG (back
// edges turned around) and, with LONGEST_PATH_SOURCE, puts every node in the layer of its rank.
// The result is read back and checked against our ranks, so a change in ELK cannot silently
// move nodes to other layers. Parallel edges and repeated self-loops reach ELK as one edge and
// come back as offset copies of its route (edge_bundles.ts).
//
// Groups (a spec's subgraphs) are ELK compound nodes laid out with their members in one run
// (INCLUDE_CHILDREN), so edges crossing a group's border are routed with everything else. A group
// with its own direction is laid out on its own (SEPARATE_CHILDREN) only when no edge crosses its
// border, as Mermaid does; its layers are then its own, and only graphs without groups are checked
// against our ranks.
import ElkModule from "elkjs/lib/elk.bundled.js";
import type { ElkExtendedEdge, ElkNode } from "elkjs/lib/elk-api.js";
import { type Layering, longestPathLayers } from "./layering.ts";
import { type Direction, isVertical } from "../spec.ts";
import type {
  Layout,
  LayoutEdge,
  LayoutGroup,
  LayoutInput,
  LayoutNode,
  PlacedNode,
  RoutedEdge,
} from "./layout_types.ts";
import { EDITOR_CANVAS_1280x800, fitZoom, FRAME_NAME_ON_SCREEN } from "../screen_fit.ts";
import { offsetCopies } from "./edge_bundles.ts";
import { compactGaps } from "./compact_gaps.ts";
import { withoutDetours } from "./detours.ts";
import { withoutStraightBends } from "./route_points.ts";
import { groupBackEdges } from "./group_cycles.ts";
import {
  type Block,
  type Box,
  type Folded,
  foldIntoRows,
  isStrip,
  screenWorth,
} from "./fold_rows.ts";
import { stackedLayering, stackingEdges } from "./stack_sinks.ts";
import { withEndsSpread } from "./spread_ends.ts";
import { LABEL_CLEARANCE, labelsAlongByPair, pairKey } from "./labels_along.ts";
import { EDGE_SPACING, ROOMY, type Spacing, TIGHT, withGroupPadding } from "./spacing.ts";
import {
  type EdgePlan,
  type LayoutWorkload,
  layoutWorkload,
  planEdges,
} from "./layout_workload.ts";

// The package's typings describe an ES module, its code is CommonJS: the default import is the
// constructor itself.
const ELK = ElkModule as unknown as typeof ElkModule.default;

/** Keeps bends away from the nodes: arrow ends are moved off the box onto the outline + gap. */
const EDGE_NODE_SPACING = 24;
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
  // Every shape and route in root coordinates, however deep its group.
  "elk.json.shapeCoords": "ROOT",
  "elk.json.edgeCoords": "ROOT",
  "elk.spacing.edgeNode": String(EDGE_NODE_SPACING),
  "elk.spacing.edgeEdge": String(EDGE_SPACING),
};

const ELK_DIRECTION: Record<Direction, string> = {
  TB: "DOWN",
  BT: "UP",
  LR: "RIGHT",
  RL: "LEFT",
};

let engine: InstanceType<typeof ELK> | undefined;

function layoutEngine(): InstanceType<typeof ELK> {
  engine ??= new ELK();
  return engine;
}

/** Up to this many nodes ELK gets 30 crossing-minimisation passes, 7 up to the next limit. */
const THOROUGH_MAX_NODES = 25;
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
 * Up to this many nodes a graph with groups keeps network-simplex placement: Brandes-Köpf
 * stretches group boxes across the drawing (the 60-node platform chart: 5,054 px wide, 3,813
 * with network simplex, and 4.1 to 4.4 px labels at the editor's fit). Its time grows fast with
 * size: on seeded random specs it took twice Brandes-Köpf's at 60 nodes, five times at 80.
 */
const GROUPED_SIMPLEX_MAX_NODES = 70;

/**
 * ELK's effort by graph size, measured on seeded random specs (tests/helpers/layout_quality.ts)
 * and adversarial ones (bench/layout_budget_bench.ts). Small graphs get the full effort: at 30
 * nodes fewer crossing-minimisation passes left 16 % more edge crossings, and up to 25 nodes
 * 30 passes instead of 7 took a 20-node build graph in four groups from 28 crossings to 19 (dot:
 * 17) for 20 ms more. Above 50 nodes one
 * pass and no model-order sort keep create_diagram within its budget (100 nodes: 154 ms with 2
 * passes and the sort, 120 ms without; 1000 nodes: the sort alone took 35 s), at the price of a
 * few more crossings and the spec's order inside a layer. Bigger graphs trade looks for time as
 * described at the thresholds above.
 */
export function effortFor(workload: LayoutWorkload, grouped: boolean): Record<string, string> {
  const small = workload.nodes <= FULL_EFFORT_MAX_NODES;
  const simplex = small || (grouped && workload.nodes <= GROUPED_SIMPLEX_MAX_NODES);
  const cells = workload.nodes + workload.longEdgeSegments;
  return {
    "elk.layered.thoroughness": workload.nodes <= THOROUGH_MAX_NODES ? "30" : small ? "7" : "1",
    // Network simplex keeps edges short and straight: a parent over its children, a stack of
    // end nodes in one column; Brandes-Köpf, faster on big graphs, staggers them.
    "elk.layered.nodePlacement.strategy": simplex ? "NETWORK_SIMPLEX" : "BRANDES_KOEPF",
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
  let best: { layout: Layout; zoom: number; worth: number } | undefined;
  for (const room of spacingsFor(input.nodes.length)) {
    if (best !== undefined && best.zoom >= FOLD_BELOW_ZOOM) break;
    const padded = withGroupPadding(input, room);
    for (const { depth, heads } of stackingsFor(input.nodes.length)) {
      const stacking = stackingEdges(input, layering, depth, heads);
      // A try that stacks nothing, or with heads nothing more than without them, is skipped.
      const withoutHeads = heads ? stackingEdges(input, layering, depth).length : 0;
      if (depth > 1 && (stacking.length === 0 || stacking.length === withoutHeads)) continue;
      const invisible = stacking.map((ends, index) => ({ id: `\0stack${index}`, ...ends }));
      const layout = await layoutOnce(
        { ...padded, edges: [...input.edges, ...invisible] },
        depth === 1 ? layering : stackedLayering(input, layering, stacking),
        room,
      );
      for (const { id } of invisible) layout.edges.delete(id);
      const folded = { ...layout, ...fitToScreen(padded, layout, stacking, room) };
      const extent = extentOf(folded);
      const zoom = fitZoom(extent, EDITOR_CANVAS_1280x800);
      const worth = screenWorth(extent, zoom);
      if (best === undefined || worth > best.worth * MIN_GAIN) {
        best = { layout: folded, zoom, worth };
      }
      if (best.zoom >= COMFORTABLE_ZOOM && best.worth === best.zoom) break;
    }
  }
  const { layout } = best!;
  const ends = new Map(input.edges.map(({ id, from, to }) => [id, { from, to }]));
  const spread = withEndsSpread(
    layout.nodes,
    new Map([...layout.edges].map(([id, { points }]) => [id, { ...ends.get(id)!, points }])),
  );
  return {
    ...layout,
    edges: new Map([...spread].map(([id, points]) => [id, { id, points }])),
  };
}

/**
 * Spacings tried, in order: the tight one only when every stacking depth left the drawing too
 * small to read (FOLD_BELOW_ZOOM). Above FULL_EFFORT_MAX_NODES there is one ELK run, and a
 * drawing that big is always too small: it gets the tight spacing at once.
 */
function spacingsFor(nodes: number): Spacing[] {
  return nodes > FULL_EFFORT_MAX_NODES ? [TIGHT] : [ROOMY, TIGHT];
}

/**
 * Stackings tried, in order, while the drawing is smaller than comfortable on the screen: depth
 * 1 is none; `heads` stacks the heads of teams too (stack_sinks.ts). Each try is one more ELK
 * run, so bigger graphs get fewer (a 50-node chart took 100 ms for one run, 400 ms for five);
 * the one whose fitted zoom is largest wins, by at least MIN_GAIN over any before it, since
 * stacking makes edges longer and tight spacing crowds.
 */
function stackingsFor(nodes: number): { depth: number; heads: boolean }[] {
  if (nodes > FULL_EFFORT_MAX_NODES) return [{ depth: 1, heads: false }];
  const [depths, withHeads] = nodes > THOROUGH_MAX_NODES
    ? [[1, 3], [3]]
    : [[1, 2, 3, 4, 6], [2, 3]];
  return [
    ...depths.map((depth) => ({ depth, heads: false })),
    ...withHeads.map((depth) => ({ depth, heads: true })),
  ];
}
const MIN_GAIN = 1.05;
/** Labels of 20 px at 60 %: 12 px, easily read. */
const COMFORTABLE_ZOOM = 0.6;

function boundingBox(a: Box, b: Box): Box {
  const [x, y] = [Math.min(a.x, b.x), Math.min(a.y, b.y)];
  return {
    x,
    y,
    width: Math.max(a.x + a.width, b.x + b.width) - x,
    height: Math.max(a.y + a.height, b.y + b.height) - y,
  };
}

/** Everything the layout draws: nodes, group boxes and edges. */
function extentOf(
  { nodes, groups, edges }: Omit<Layout, "layers">,
): { width: number; height: number } {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const take = (x: number, y: number) => {
    [minX, minY] = [Math.min(minX, x), Math.min(minY, y)];
    [maxX, maxY] = [Math.max(maxX, x), Math.max(maxY, y)];
  };
  for (const { x, y, width, height } of [...nodes.values(), ...groups.values()]) {
    take(x, y);
    take(x + width, y + height);
  }
  for (const { points } of edges.values()) for (const [x, y] of points) take(x, y);
  return { width: maxX - minX, height: maxY - minY };
}

/** One ELK run with the given layers: the layout before any fold. */
async function layoutOnce(
  input: LayoutInput,
  layering: Layering,
  room: Spacing,
): Promise<Layout> {
  const turned = new Set([...layering.backEdges, ...groupBackEdges(input, layering)]);
  const plan = planEdges(input.edges, { ...layering, backEdges: [...turned] });
  const workload = layoutWorkload(input, layering, plan);
  // ELK's ids are our positions: spec ids are free text (say "__proto__"), positions are not.
  const elkIndexOfNode = new Map(input.nodes.map(({ id }, index) => [id, index]));
  const elkNodeId = (id: string) => `n${elkIndexOfNode.get(id)}`;

  const loopLabelRoom = selfLoopLabelRoom(input);
  const labelGap = input.labelGap ?? 0;
  // Spacings hold for the members of one graph: a group's members need them too.
  const spacing = {
    "elk.spacing.nodeNode": String(Math.max(room.node, loopLabelRoom)),
    "elk.spacing.nodeSelfLoop": String(Math.max(SELF_LOOP_SPACING, loopLabelRoom)),
    "elk.layered.spacing.nodeNodeBetweenLayers": String(
      room.labelGapAdded ? room.layer + labelGap : Math.max(room.layer, labelGap),
    ),
    "elk.layered.spacing.edgeEdgeBetweenLayers": String(room.channel),
    // Routing slots between layers stay half a label away from the nodes, so a label centred
    // on a segment there clears both layers.
    "elk.layered.spacing.edgeNodeBetweenLayers": String(
      Math.max(EDGE_NODE_SPACING, labelGap / 2),
    ),
  };
  // ELK lays a hub's trees of end nodes out in layers of their own beside it instead of across
  // the hub's neighbours' layers: the 60-node platform chart, whose gateway has 17 edges, went
  // from 309 crossings to 181. It moves nodes off their ranks, which only a graph with groups
  // allows (its layers are read from the positions; one without is checked against its ranks).
  const grouped = (input.groups ?? []).length > 0;
  const hubs = { "elk.layered.highDegreeNodes.treatment": String(grouped) };
  // Without the model-order sort: ELK 0.12 fails on it in a group holding only groups.
  const tree = groupTree(input, plan, {
    ...BASE_OPTIONS,
    ...spacing,
    ...effortFor(workload, grouped),
    ...hubs,
    "elk.layered.considerModelOrder.strategy": "NONE",
  });
  const graph: ElkNode = {
    id: "root",
    layoutOptions: {
      ...BASE_OPTIONS,
      "elk.direction": ELK_DIRECTION[input.direction],
      "elk.hierarchyHandling": "INCLUDE_CHILDREN",
      ...spacing,
      ...effortFor(workload, grouped),
      ...hubs,
    },
    children: [],
    edges: [],
  };
  const containerOf = (group: string | undefined) =>
    group === undefined ? graph : tree.elkGroups.get(group)!;
  for (const group of input.groups ?? []) {
    containerOf(group.parent).children!.push(tree.elkGroups.get(group.id)!);
  }
  input.nodes.forEach(({ width, height, group }, index) => {
    containerOf(group).children!.push({ id: `n${index}`, width, height });
  });
  // One edge per bundle: its ELK id is the position of the bundle's first edge. It belongs to
  // the innermost group holding both ends, which a separately laid-out group needs.
  for (const [index] of plan.bundles) {
    const { source, target } = plan.directed[index];
    containerOf(tree.commonGroup(source, target)).edges!.push({
      id: `e${index}`,
      sources: [elkNodeId(source)],
      targets: [elkNodeId(target)],
    });
  }

  const result = await layoutEngine().layout(graph);
  const elkNodes = new Map<string, ElkNode>();
  const elkEdges = new Map<string, ElkExtendedEdge>();
  collectElkShapes(result, elkNodes, elkEdges);
  const nodes = placedNodes(input.nodes, elkNodes);
  const groups = placedGroups(input.groups ?? [], elkNodes);
  const edges = routedEdges(input.edges, plan, turned, nodes, elkEdges);
  const layers = layersFromPositions(input.nodes, nodes, input.direction);
  if (groups.size === 0) assertSameLayers(layers, layering.ranks);
  return { nodes, edges, groups, layers };
}

/** The layout with the room between layers that nothing needs taken out (compact_gaps.ts). */
function compactLayout(
  input: LayoutInput,
  layout: Omit<Layout, "layers">,
  room: Spacing,
): Omit<Layout, "layers"> {
  const vertical = isVertical(input.direction);
  return compactGaps(
    {
      direction: input.direction,
      nodes: layout.nodes,
      groups: new Map((input.groups ?? []).map(({ id, parent, padding }) => [id, {
        ...layout.groups.get(id)!,
        padding,
        nameAbove: parent === undefined ? FRAME_NAME_ON_SCREEN.room : 0,
      }])),
      edges: layout.edges,
      labelled: labelExtents(input.edges, vertical),
    },
    {
      node: room.layer,
      edgeNode: EDGE_NODE_SPACING,
      edge: room.channel,
      label: LABEL_CLEARANCE,
    },
  );
}

/**
 * Per labelled edge, the extent along the flow its label needs kept: its own, or, for edges
 * between the same two nodes (drawn as copies of one route, their labels side by side along it),
 * all of theirs with room between (labels_along.ts, as generate.ts's label gap). Kept for one label
 * only, a two-node cycle's two labels were squeezed onto each other by the compaction.
 */
function labelExtents(edges: LayoutEdge[], vertical: boolean): Map<string, number> {
  const extentOf = ({ label }: LayoutEdge) =>
    label === undefined ? null : vertical ? label.height : label.width;
  const byPair = labelsAlongByPair(
    edges.filter(({ from, to }) => from !== to).map((edge) => ({
      ...edge,
      extent: extentOf(edge),
    })),
  );
  return new Map(edges.flatMap((edge) => {
    const own = extentOf(edge);
    if (own === null) return [];
    return [[edge.id, edge.from === edge.to ? own : byPair.get(pairKey(edge.from, edge.to))!]];
  }));
}

/**
 * Folding is for drawings too small to read on the screen: at this zoom the scene's 20 px node
 * labels are 10 px, the floor for reading them. A drawing that fits at least this large keeps its
 * plain layout; a 4-node diagram with a long edge label was folded into two columns of arrows.
 */
const FOLD_BELOW_ZOOM = 0.5;

/**
 * The layout, when it is too small to read on the editor's screen, compacted (compact_gaps.ts)
 * and folded into rows if folding fits it better (fold_rows.ts says how and when), the detours
 * the fold leaves in its routes straightened (detours.ts); as it is otherwise. A stack of end
 * nodes is never cut: one box spans each step.
 */
function fitToScreen(
  input: LayoutInput,
  layout: Omit<Layout, "layers">,
  stacked: readonly { from: string; to: string }[],
  room: Spacing,
): Omit<Layout, "layers"> {
  const extent = extentOf(layout);
  const zoom = fitZoom(extent, EDITOR_CANVAS_1280x800);
  // Legible already: folded only if it is a strip longer than the screen, and compacted only
  // with the fold (compacting alone makes a strip's short side shorter still).
  const legible = zoom >= FOLD_BELOW_ZOOM;
  if (legible && !(isStrip(extent) && zoom < 1)) return layout;
  const compacted = compactLayout(input, layout, room);
  const groups = input.groups ?? [];
  const blocks: Block[] = [
    ...input.nodes.filter(({ group }) => group === undefined).map(({ id }) =>
      compacted.nodes.get(id)!
    ),
    ...groups.filter(({ parent }) => parent === undefined).map(({ id }) => ({
      ...compacted.groups.get(id)!,
      group: id,
      parts: [
        ...input.nodes.filter((node) => node.group === id).map((node) =>
          compacted.nodes.get(node.id)!
        ),
        ...groups.filter(({ parent }) => parent === id).map((child) =>
          compacted.groups.get(child.id)!
        ),
      ],
    })),
    ...stacked.map(({ from, to }) =>
      boundingBox(compacted.nodes.get(from)!, compacted.nodes.get(to)!)
    ),
  ];
  const folds = foldIntoRows(
    {
      direction: input.direction,
      blocks,
      nodes: compacted.nodes,
      groups: compacted.groups,
      edges: new Map([...compacted.edges].map(([id, { points }]) => [id, points])),
    },
    EDITOR_CANVAS_1280x800,
    { edge: room.channel, edgeNode: EDGE_NODE_SPACING, row: room.layer },
  );
  // Each fold finished, the one that fits best once its detours are shortened kept, if it fits
  // better than no fold at all.
  const unfolded = legible ? layout : compacted;
  const worthOf = (candidate: Omit<Layout, "layers">) => {
    const size = extentOf(candidate);
    return screenWorth(size, fitZoom(size, EDITOR_CANVAS_1280x800));
  };
  let best = { layout: unfolded, worth: worthOf(unfolded) };
  for (const folded of folds) {
    const finished = withDetoursShortened(input, folded, room);
    const worth = worthOf(finished);
    if (worth > best.worth) best = { layout: finished, worth };
  }
  return best.layout;
}

/** A fold with its nodes, groups and routes as a layout, the U-turns it left shortened. */
function withDetoursShortened(
  input: LayoutInput,
  folded: Folded,
  room: Spacing,
): Omit<Layout, "layers"> {
  const withIds = (boxes: Map<string, Box>) =>
    new Map([...boxes].map(([id, box]) => [id, { ...box, id }]));
  const outermost = (input.groups ?? []).filter(({ parent }) => parent === undefined)
    .map(({ id }) => folded.groups.get(id)!);
  const [nodes, groupBoxes] = [withIds(folded.nodes), withIds(folded.groups)];
  const routes = (edges: Map<string, [number, number][]>) =>
    new Map([...edges].map(([id, points]) => [id, { id, points }]));
  const opensAt = fitZoom(
    extentOf({ nodes, groups: groupBoxes, edges: routes(folded.edges) }),
    EDITOR_CANVAS_1280x800,
  );
  // A frame's name keeps its size on the screen: at the zoom the drawing opens at, it takes
  // FRAME_NAME_ON_SCREEN.room / zoom of the scene above the frame.
  const nameRoom = FRAME_NAME_ON_SCREEN.room / opensAt;
  const edges = withoutDetours(folded.edges, {
    solid: [...folded.nodes.values()],
    margin: EDGE_NODE_SPACING,
    borders: [...folded.groups.values()],
    bands: outermost.map((box) => ({ ...box, y: box.y - nameRoom, height: nameRoom })),
    spacing: room.channel,
  });
  return { nodes, groups: groupBoxes, edges: routes(edges) };
}

interface GroupTree {
  /** The ELK compound node of each group, children still to be added. */
  elkGroups: Map<string, ElkNode>;
  /** The innermost group holding both nodes; undefined for the root. */
  commonGroup(a: string, b: string): string | undefined;
}

/**
 * The groups as ELK compound nodes. Each gets its layout run's options: a group whose own
 * direction is followed starts a run of its own; every other group is part of its parent's run,
 * and is told that run's direction, since ELK does not inherit it.
 */
function groupTree(
  input: LayoutInput,
  plan: EdgePlan,
  graphOptions: Record<string, string>,
): GroupTree {
  const groups = input.groups ?? [];
  const parentOf = new Map(groups.map(({ id, parent }) => [id, parent]));
  const groupOfNode = new Map(input.nodes.map(({ id, group }) => [id, group]));
  const chain = (group: string | undefined): string[] => {
    const ids: string[] = [];
    for (let at = group; at !== undefined; at = parentOf.get(at)) ids.push(at);
    return ids;
  };
  const commonGroup = (a: string, b: string): string | undefined => {
    const around = new Set(chain(groupOfNode.get(a)));
    return chain(groupOfNode.get(b)).find((group) => around.has(group));
  };
  // A group is crossed when an edge has one end inside it and the other outside.
  const crossed = new Set<string>();
  for (const { source, target } of plan.directed) {
    const shared = new Set(chain(commonGroup(source, target)));
    for (const end of [source, target]) {
      for (const group of chain(groupOfNode.get(end))) if (!shared.has(group)) crossed.add(group);
    }
  }
  const runDirection = new Map<string | undefined, Direction>([[undefined, input.direction]]);
  const flowOf = (group: string | undefined): Direction => {
    if (runDirection.has(group)) return runDirection.get(group)!;
    const { direction } = groups.find(({ id }) => id === group)!;
    const own = direction !== undefined && !crossed.has(group!);
    const flow = own ? direction : flowOf(parentOf.get(group!));
    runDirection.set(group, flow);
    return flow;
  };
  const elkGroups = new Map(groups.map((group, index): [string, ElkNode] => {
    const own = group.direction !== undefined && !crossed.has(group.id);
    const { top, right, bottom, left } = group.padding;
    // ELK reads the minimum size across the flow of the run the group is placed in: width and
    // height swap when that run goes down or up.
    const outerFlow = flowOf(group.parent);
    const minimum = isVertical(outerFlow) ? `(1, ${group.minWidth})` : `(${group.minWidth}, 1)`;
    return [group.id, {
      id: `g${index}`,
      layoutOptions: {
        ...graphOptions,
        "elk.direction": ELK_DIRECTION[flowOf(group.id)],
        "elk.hierarchyHandling": own ? "SEPARATE_CHILDREN" : "INCLUDE_CHILDREN",
        "elk.padding": `[top=${top},left=${left},bottom=${bottom},right=${right}]`,
        "elk.nodeSize.constraints": "MINIMUM_SIZE",
        "elk.nodeSize.minimum": minimum,
      },
      children: [],
      edges: [],
    }];
  }));
  return { elkGroups, commonGroup };
}

/** Every node and edge of ELK's answer by its ELK id, however deep. */
function collectElkShapes(
  node: ElkNode,
  nodes: Map<string, ElkNode>,
  edges: Map<string, ElkExtendedEdge>,
): void {
  for (const edge of node.edges ?? []) edges.set(edge.id, edge as ElkExtendedEdge);
  for (const child of node.children ?? []) {
    nodes.set(child.id, child);
    collectElkShapes(child, nodes, edges);
  }
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
      across = Math.max(across, isVertical(direction) ? label.width : label.height);
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

function placedNodes(input: LayoutNode[], byElkId: Map<string, ElkNode>): Map<string, PlacedNode> {
  return placedShapes(input, "n", byElkId);
}

function placedGroups(
  input: LayoutGroup[],
  byElkId: Map<string, ElkNode>,
): Map<string, PlacedNode> {
  return placedShapes(input, "g", byElkId);
}

function placedShapes(
  input: { id: string }[],
  prefix: string,
  byElkId: Map<string, ElkNode>,
): Map<string, PlacedNode> {
  return new Map(input.map(({ id }, index) => {
    const child = byElkId.get(`${prefix}${index}`);
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
  byElkId: Map<string, ElkExtendedEdge>,
): Map<string, RoutedEdge> {
  const pointsOf = new Array<[number, number][]>(input.length);
  for (const bundle of plan.bundles) {
    const first = bundle[0];
    const { id } = input[first];
    const sections = byElkId.get(`e${first}`)?.sections ?? [];
    if (sections.length === 0) {
      throw new Error(`layout: ELK did not route edge ${JSON.stringify(id)}`);
    }
    // An edge leaving a group may come back in pieces, each starting where the last ended.
    const route = tidyRoute(
      sections.flatMap((
        { startPoint, bendPoints = [], endPoint },
        position,
      ) => [...(position === 0 ? [startPoint] : []), ...bendPoints, endPoint]).map((
        { x, y },
      ): [number, number] => [finite(x, id), finite(y, id)]),
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
  direction: Direction,
): Map<string, number> {
  const intervals = input.map(({ id }) => {
    const { x, y, width, height } = placed.get(id)!;
    // Measured from where the flow starts: the bottom going up, the right going left.
    switch (direction) {
      case "TB":
        return { id, start: y, end: y + height };
      case "BT":
        return { id, start: -(y + height), end: -y };
      case "LR":
        return { id, start: x, end: x + width };
      case "RL":
        return { id, start: -(x + width), end: -x };
    }
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
