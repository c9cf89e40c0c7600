// Folds a long layered drawing into rows (columns, for a chart drawn down or up), read in order
// like lines of text, so that it fits the screen it is read on: a 14-step pipeline drawn left to
// right is 6,000 px wide and 300 high, and fitted into the editor its labels are 4 px tall.
//
// ELK can wrap a layered drawing itself (elk.layered.wrapping), but not one with groups laid out
// with their members (INCLUDE_CHILDREN), and charts with subgraphs are the long ones. So the fold
// is ours and works on the finished layout: the flow is cut across at gaps between the top-level
// boxes (nodes outside groups, outermost groups), never through a box; the pieces are stacked
// left-aligned, each row below the last; an edge that crosses a cut leaves its row past the row's
// end, runs back through the gap below the row and enters the next row from the left. Crossing
// edges keep their order through the turn (like a ribbon), so the fold adds no crossings among
// them. The number of rows is the one whose fitted zoom on the screen (screen_fit.ts) is largest;
// a drawing that already fits is left alone.
import type { Direction } from "../spec.ts";
import { fitZoom, type Size } from "../screen_fit.ts";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Route = [number, number][];

/**
 * A box no cut may pass through: a node outside groups, or an outermost group. A group with
 * `parts` (its own nodes and the groups in it) may be cut between them, when nothing else lies
 * beside it there; it then takes whole rows of its own, so that its box stays one box.
 */
export interface Block extends Box {
  group?: string;
  parts?: Box[];
}

export interface FoldInput {
  direction: Direction;
  blocks: Block[];
  /** Everything that moves: every node and group, each with the row of its block. */
  nodes: Map<string, Box>;
  groups: Map<string, Box>;
  edges: Map<string, Route>;
}

export interface FoldSpacing {
  /** Between neighbouring edges where they run side by side. */
  edge: number;
  /** Between an edge and a node, or the row it passes. */
  edgeNode: number;
  /** Between one row's content and the next row's, besides the edges running between them. */
  row: number;
}

export interface Folded {
  nodes: Map<string, Box>;
  groups: Map<string, Box>;
  edges: Map<string, Route>;
}

/**
 * Folding must win at least this much zoom (a strip's counted down by STRIP_WORTH) to be worth
 * the turns it puts into edges.
 */
const MIN_GAIN = 1.1;
/** More rows than this read as a grid of fragments, not as a flow. */
const MAX_ROWS = 8;
/**
 * Long side over short side: a drawing longer than this reads as a strip in any window, and a
 * chat pane is narrower than the editor's.
 */
const MAX_ASPECT = 3;
const STRIP_WORTH = 0.85;

/** Whether a drawing of this size is a strip: longer than MAX_ASPECT times its width. */
export function isStrip({ width, height }: Size): boolean {
  return Math.max(width, height) / Math.min(width, height) > MAX_ASPECT;
}

/**
 * What a drawing of `size` fitted at `zoom` is worth on the screen: its zoom, a strip's counted
 * down, since other windows (a chat pane, a phone) are narrower than the editor's.
 */
export function screenWorth(size: Size, zoom: number): number {
  return isStrip(size) ? zoom * STRIP_WORTH : zoom;
}

/**
 * Every direction is folded as left to right: `along` turns a point into (along the flow, across
 * it), `back` undoes it; boxes turn with their sizes kept exact.
 */
interface Flow {
  along(point: [number, number]): [number, number];
  back(point: [number, number]): [number, number];
  box(box: Box): Box;
  boxBack(box: Box): Box;
}

const swap = ({ x, y, width, height }: Box): Box => ({ x: y, y: x, width: height, height: width });
const FLOWS: Record<Direction, Flow> = {
  LR: { along: (p) => p, back: (p) => p, box: (box) => box, boxBack: (box) => box },
  RL: {
    along: ([x, y]) => [-x, y],
    back: ([a, c]) => [-a, c],
    box: (box) => ({ ...box, x: -(box.x + box.width) }),
    boxBack: (box) => ({ ...box, x: -(box.x + box.width) }),
  },
  TB: { along: ([x, y]) => [y, x], back: ([a, c]) => [c, a], box: swap, boxBack: swap },
  BT: {
    along: ([x, y]) => [-y, x],
    back: ([a, c]) => [c, -a],
    box: (box) => swap({ ...box, y: -(box.y + box.height) }),
    boxBack: (box) => {
      const turned = swap(box);
      return { ...turned, y: -(turned.y + turned.height) };
    },
  },
};

/**
 * How many folds foldIntoRows offers: its estimate of a fold's size leaves out what the detour
 * pass (detours.ts) takes back afterwards, which differs from fold to fold, so the best few are
 * finished and measured.
 */
const FOLDS_OFFERED = 2;

/**
 * The drawing folded into the numbers of rows that fit `screen` best by their estimated size,
 * best first, at most FOLDS_OFFERED; none when one row (the drawing as it is) fits it as well,
 * within MIN_GAIN.
 */
export function foldIntoRows(input: FoldInput, screen: Size, spacing: FoldSpacing): Folded[] {
  const flow = FLOWS[input.direction];
  const [toFlow, fromFlow] = [flow.box, flow.boxBack];
  const nodes = mapValues(input.nodes, toFlow);
  const groups = mapValues(input.groups, toFlow);
  const edges = mapValues(input.edges, (route) => route.map(flow.along));
  const routes = [...edges.values()];
  // Turned with their parts: a box alone would lose what makes a group cuttable.
  const blocks = input.blocks.map(({ group, parts, ...box }) => ({
    ...toFlow(box),
    group,
    parts: parts?.map(toFlow),
  }));
  const slices = slicesOf(blocks, routes);
  if (slices.length < 2) return [];

  const screenSize = (along: number, across: number): Size =>
    input.direction === "LR" || input.direction === "RL"
      ? { width: along, height: across }
      : { width: across, height: along };
  const ranked = rankedRows(
    slices,
    routes,
    spacing,
    (along, across) => fitZoom(screenSize(along, across), screen),
  );
  // Only columns are indented: the turns into a column come in over its top, where frames have
  // their names; a row's come in from the left.
  const indentShortRows = input.direction === "TB" || input.direction === "BT";
  return ranked.slice(0, FOLDS_OFFERED).map((rows) => {
    const layout = new RowLayout(slices, rows, routes, spacing, indentShortRows);
    return foldedBy(layout);
  });

  function foldedBy(layout: RowLayout): Folded {
    // Routes first: a cut group's box takes in the turns of the edges between its rows.
    const movedEdges = mapValues(edges, (route) => layout.moveRoute(route).map(flow.back));
    const padding = new Map(input.blocks.flatMap(({ group, parts }) => {
      if (group === undefined || parts === undefined || parts.length === 0) return [];
      const box = groups.get(group)!;
      const turned = parts.map(toFlow);
      const start = Math.min(...turned.map(({ x }) => x)) - box.x;
      const end = box.x + box.width - Math.max(...turned.map(({ x, width }) => x + width));
      return [[group, { start, end }]];
    }));
    return {
      nodes: mapValues(nodes, (box) => fromFlow(layout.moveBox(box))),
      groups: new Map([...groups].map(([id, box]) => {
        const pads = padding.get(id);
        return [
          id,
          fromFlow(pads === undefined ? layout.moveBox(box) : layout.moveGroup(id, box, pads)),
        ];
      })),
      edges: movedEdges,
    };
  }
}

function mapValues<K, V, W>(map: Map<K, V>, change: (value: V) => W): Map<K, W> {
  return new Map([...map].map(([key, value]) => [key, change(value)]));
}

/** A stretch of the flow between two places where it may be cut, and what it holds across. */
interface Slice {
  /** Where its first and last content is along: blocks, and bends of edges in the gaps. */
  start: number;
  end: number;
  /** Where the cut after this slice goes; Infinity after the last. */
  cut: number;
  acrossMin: number;
  acrossMax: number;
  /** The group it is part of, when the fold may cut through that group. */
  group: string | null;
}

/**
 * The blocks' extents along the flow (a cuttable group's as its parts'), merged where they
 * overlap; each gap between two is a place to cut, at the point of the gap farthest from any
 * bend (so that an edge crosses a cut only on a segment running along the flow). A gap inside
 * two groups' boxes is no place to cut.
 */
function slicesOf(blocks: Block[], routes: Route[]): Slice[] {
  const cuttable = blocks.filter(({ parts }) => parts !== undefined && parts.length > 0);
  const within = (start: number, end: number) =>
    cuttable.filter(({ x, width }) => x < start && end < x + width);
  const spans = blocks.flatMap((block): Box[] => {
    if (block.parts === undefined || block.parts.length === 0) return [block];
    // The outermost parts reach to the group's border: its padding is no place to cut.
    const first = Math.min(...block.parts.map(({ x }) => x));
    const last = Math.max(...block.parts.map(({ x, width }) => x + width));
    return block.parts.map((part) => {
      const start = part.x === first ? block.x : part.x;
      const end = part.x + part.width === last ? block.x + block.width : part.x + part.width;
      return { ...part, x: start, width: end - start };
    });
  }).sort((a, b) => a.x - b.x);
  const merged: { start: number; end: number; boxes: Box[] }[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    const [start, end] = [span.x, span.x + span.width];
    if (last !== undefined && (start < last.end || within(last.end, start).length > 1)) {
      last.end = Math.max(last.end, end);
      last.boxes.push(span);
    } else merged.push({ start, end, boxes: [span] });
  }
  const bends = routes.flatMap((route) => route.map(([a]) => a)).sort((a, b) => a - b);
  const cuts = merged.map(({ end }, index) => {
    const next = merged[index + 1];
    return next === undefined ? Infinity : quietestPoint(end, next.start, bends);
  });
  return merged.map(({ start, end, boxes }, index): Slice => {
    const [cutBefore, cut] = [cuts[index - 1] ?? -Infinity, cuts[index]];
    const bendsBefore = bends.filter((along) => along > cutBefore && along < start);
    const bendsAfter = bends.filter((along) => along > end && along < cut);
    const group = cuttable.find(({ x, width }) => x <= start && end <= x + width);
    const across = group === undefined ? boxes : [...boxes, group];
    return {
      start: Math.min(start, ...bendsBefore),
      end: Math.max(end, ...bendsAfter),
      cut,
      acrossMin: Math.min(...across.map(({ y }) => y)),
      acrossMax: Math.max(...across.map(({ y, height }) => y + height)),
      group: group?.group ?? null,
    };
  });
}

/** The point of (from, to) farthest from every value in `sorted`. */
function quietestPoint(from: number, to: number, sorted: number[]): number {
  const inside = sorted.filter((value) => value > from && value < to);
  const marks = [from, ...inside, to];
  let best = (from + to) / 2;
  let room = -1;
  for (let i = 1; i < marks.length; i++) {
    if (marks[i] - marks[i - 1] > room) {
      room = marks[i] - marks[i - 1];
      best = (marks[i] + marks[i - 1]) / 2;
    }
  }
  return best;
}

/** Rows as [first slice, last slice] ranges. */
type Rows = [number, number][];

/**
 * For each number of rows, the most even split: those worth MIN_GAIN more than one row, best
 * first (each split once).
 */
function rankedRows(
  slices: Slice[],
  routes: Route[],
  spacing: FoldSpacing,
  zoomOf: (along: number, across: number) => number,
): Rows[] {
  const counts = Array.from({ length: Math.min(MAX_ROWS, slices.length) }, (_, i) => i + 1);
  // Each count of rows twice when a group may be cut: cutting through it, and only around it.
  const ways = slices.some(({ group }) => group !== null) ? [true, false] : [true];
  const splits = new Map<string, { rows: Rows; worth: number }>();
  for (const count of counts) {
    for (const inGroups of ways) {
      const rows = evenRows(slices, count, inGroups);
      const [along, across] = extentOf(slices, rows, routes, spacing);
      const worth = screenWorth({ width: along, height: across }, zoomOf(along, across));
      splits.set(JSON.stringify(rows), { rows, worth });
    }
  }
  const oneRow = [...splits.values()].find(({ rows }) => rows.length === 1)!.worth;
  return [...splits.values()]
    .filter(({ rows, worth }) => rows.length > 1 && worth >= oneRow * MIN_GAIN)
    .sort((a, b) => b.worth - a.worth)
    .map(({ rows }) => rows);
}

/**
 * `count` rows of consecutive slices whose longest row is as short as it can be: the shortest
 * length L at which filling rows greedily up to L needs no more than `count` rows. Without
 * `inGroups`, no row ends inside a group.
 */
function evenRows(slices: Slice[], count: number, inGroups: boolean): Rows {
  const breakable = (i: number) =>
    inGroups || slices[i - 1].group === null || slices[i - 1].group !== slices[i].group;
  // Rows filled greedily up to `limit`; a row that cannot end where it would overflow ends at
  // the last place before that it may end, or else runs on.
  const fill = (limit: number): Rows => {
    const rows: Rows = [];
    let [first, lastBreak] = [0, 0];
    for (let i = 1; i < slices.length; i++) {
      if (slices[i].end - slices[first].start > limit) {
        const at = breakable(i) ? i : lastBreak;
        if (at > first) {
          rows.push([first, at - 1]);
          first = at;
        }
      }
      if (breakable(i)) lastBreak = i;
    }
    rows.push([first, slices.length - 1]);
    return rows;
  };
  const longest = Math.max(...slices.map(({ start, end }) => end - start));
  let [low, high] = [longest, slices[slices.length - 1].end - slices[0].start];
  for (let step = 0; step < 40 && high - low > 1; step++) {
    const middle = (low + high) / 2;
    if (fill(middle).length <= count) high = middle;
    else low = middle;
  }
  return wholeRowsForCutGroups(slices, fill(high));
}

/**
 * The rows with more cuts where a group is cut: before its first slice and after its last, so
 * that the group has its rows to itself.
 */
function wholeRowsForCutGroups(slices: Slice[], rows: Rows): Rows {
  const cutsAfter = new Set(rows.slice(0, -1).map(([, last]) => last));
  for (const after of [...cutsAfter]) {
    const group = slices[after].group;
    if (group === null || slices[after + 1]?.group !== group) continue;
    const first = slices.findIndex((slice) => slice.group === group);
    const last = slices.findLastIndex((slice) => slice.group === group);
    if (first > 0) cutsAfter.add(first - 1);
    if (last < slices.length - 1) cutsAfter.add(last);
  }
  const ends = [...cutsAfter].sort((a, b) => a - b);
  return [...ends, slices.length - 1].map((end, index): [number, number] => [
    index === 0 ? 0 : ends[index - 1] + 1,
    end,
  ]);
}

/** The folded drawing's length along the flow and its extent across, edges' room included. */
function extentOf(
  slices: Slice[],
  rows: Rows,
  routes: Route[],
  spacing: FoldSpacing,
): [number, number] {
  const crossing = rows.slice(0, -1).map(([, last]) =>
    crossingsAt(slices[last].cut, routes).length
  );
  const gutter = rows.length > 1 ? spacing.edgeNode + Math.max(...crossing) * spacing.edge : 0;
  const along = Math.max(...rows.map(([first, last]) => slices[last].end - slices[first].start));
  let across = 0;
  rows.forEach(([first, last], row) => {
    const { min, max } = rowLanes(slices, first, last, routes, spacing);
    across += max - min;
    if (row < rows.length - 1) across += channelWidth(crossing[row], spacing);
  });
  return [along + 2 * gutter, across];
}

/** Where a row's content and edges lie across the flow once its edges are brought in. */
interface RowLanes {
  /** Where an across coordinate of this row goes: monotone, the identity within the blocks. */
  place(across: number): number;
  min: number;
  max: number;
}

/**
 * A row's extent across the flow and where its edges run once brought in. Its blocks stay; an
 * edge segment beside them (past the first or last block across) keeps its order but comes as
 * close to the blocks and the segments before it as the spacing allows. Before the fold, an edge
 * running back over the whole drawing (a win-back loop from the end of a funnel to its start)
 * runs beside the tallest part of the drawing; in a row holding only a short part of it, it
 * need not run as far out, and a row kept the height of the whole drawing.
 */
function rowLanes(
  slices: Slice[],
  first: number,
  last: number,
  routes: Route[],
  spacing: FoldSpacing,
): RowLanes {
  const [start, end] = [slices[first].start, slices[last].end];
  let [low, high] = [Infinity, -Infinity];
  for (let i = first; i <= last; i++) {
    [low, high] = [Math.min(low, slices[i].acrossMin), Math.max(high, slices[i].acrossMax)];
  }
  const [above, below] = [new Set<number>(), new Set<number>()];
  for (const route of routes) {
    for (let i = 1; i < route.length; i++) {
      const [a, b] = [route[i - 1], route[i]];
      if (Math.max(a[0], b[0]) < start || Math.min(a[0], b[0]) > end) continue;
      for (const across of [a[1], b[1]]) {
        if (across < low) above.add(across);
        else if (across > high) below.add(across);
      }
    }
  }
  // Knots (from, to): the blocks' edge, then each lane as close to the one before as allowed.
  const knotsOut = (edge: number, lanes: number[], sign: number): [number, number][] => {
    const knots: [number, number][] = [[edge, edge]];
    for (const lane of lanes) {
      const [from, to] = knots[knots.length - 1];
      const room = from === edge ? spacing.edgeNode : spacing.edge;
      knots.push([lane, to + sign * Math.min(Math.abs(lane - from), room)]);
    }
    return knots;
  };
  const up = knotsOut(low, [...above].sort((a, b) => b - a), -1);
  const down = knotsOut(high, [...below].sort((a, b) => a - b), 1);
  return {
    place: (across) =>
      across < low ? alongKnots(up, across) : across > high ? alongKnots(down, across) : across,
    min: up[up.length - 1][1],
    max: down[down.length - 1][1],
  };
}

/** `value` moved as the knots (from, to) move, linearly between them and beyond the last. */
function alongKnots(knots: [number, number][], value: number): number {
  for (let i = 1; i < knots.length; i++) {
    const [[fromA, toA], [fromB, toB]] = [knots[i - 1], knots[i]];
    if (Math.min(fromA, fromB) <= value && value <= Math.max(fromA, fromB)) {
      return fromA === fromB ? toA : toA + (value - fromA) * (toB - toA) / (fromB - fromA);
    }
  }
  const [from, to] = knots[knots.length - 1];
  return value + to - from;
}

/** Room between two rows for `crossing` edges running back, clear of both rows. */
function channelWidth(crossing: number, spacing: FoldSpacing): number {
  return Math.max(spacing.row, 2 * spacing.edgeNode + Math.max(0, crossing - 1) * spacing.edge);
}

/** Where routes cross the cut at `cut`: the across coordinate of each crossing, sorted. */
function crossingsAt(cut: number, routes: Route[]): number[] {
  const across: number[] = [];
  for (const route of routes) {
    for (let i = 1; i < route.length; i++) {
      const [a, b] = [route[i - 1], route[i]];
      if (Math.min(a[0], b[0]) < cut && Math.max(a[0], b[0]) > cut) across.push(a[1]);
    }
  }
  return across.sort((a, b) => a - b);
}

/** Where each row goes, and the paths of the edges between rows. */
class RowLayout {
  /** Per row: the shift along and across, and where its content ends across after the shift. */
  readonly #rows: {
    first: number;
    last: number;
    shiftAlong: number;
    shiftAcross: number;
    lanes: RowLanes;
    bottom: number;
    end: number;
  }[] = [];
  readonly #cuts: number[];
  /** Per cut: the turns of the edges crossing it, once routed. */
  readonly #turns: Route[] = [];
  /** Per cut: the sorted across coordinates of the crossings, before the fold. */
  readonly #crossings: number[][];

  constructor(
    readonly slices: Slice[],
    rows: Rows,
    routes: Route[],
    readonly spacing: FoldSpacing,
    indentShortRows: boolean,
  ) {
    this.#cuts = rows.slice(0, -1).map(([, last]) => slices[last].cut);
    this.#crossings = this.#cuts.map((cut) => crossingsAt(cut, routes));
    const gutter = spacing.edgeNode +
      Math.max(0, ...this.#crossings.map((c) => c.length)) * spacing.edge;
    const origin = slices[0].start;
    const lengths = rows.map(([first, last]) => slices[last].end - slices[first].start);
    const wayOut = (row: number) => row < rows.length - 1 ? gutter : 0;
    // How far along the rows reach, the way out of each included, when all start alike.
    const reach = Math.max(...lengths.map((length, row) => length + wayOut(row)));
    const lanes = rows.map(([first, last]) => rowLanes(slices, first, last, routes, spacing));
    let top = lanes[0].min;
    rows.forEach(([first, last], row) => {
      const { min, max } = lanes[row];
      const shiftAcross = top - min;
      // A row that does not reach as far as the others starts up to a gutter further along,
      // as far as its own way out still ends within theirs: the turns into it then lie beside
      // the longest row instead of beyond its start, where the fold's shortening (detours.ts)
      // could not take them back.
      const room = reach - lengths[row] - wayOut(row);
      const indent = row === 0 || !indentShortRows ? 0 : Math.min(gutter, Math.max(0, room));
      const shiftAlong = origin + gutter + indent - slices[first].start;
      this.#rows.push({
        first,
        last,
        shiftAlong,
        shiftAcross,
        lanes: lanes[row],
        bottom: max + shiftAcross,
        end: slices[last].end + shiftAlong,
      });
      if (row < rows.length - 1) {
        top = max + shiftAcross + channelWidth(this.#crossings[row].length, spacing);
      }
    });
  }

  #rowAt(along: number): number {
    const row = this.#cuts.findIndex((cut) => along < cut);
    return row === -1 ? this.#cuts.length : row;
  }

  #move([a, c]: [number, number], row: number): [number, number] {
    const { shiftAlong, shiftAcross, lanes } = this.#rows[row];
    return [a + shiftAlong, lanes.place(c) + shiftAcross];
  }

  moveBox(box: Box): Box {
    const row = this.#rowAt(box.x + box.width / 2);
    const [x, y] = this.#move([box.x, box.y], row);
    return { ...box, x, y };
  }

  /**
   * A cuttable group's box: moved as it is when the fold left it in one row; else around its
   * pieces in its rows, with its padding where it was cut and the edges' turns between its rows.
   */
  moveGroup(group: string, box: Box, padding: { start: number; end: number }): Box {
    const rows = this.#rows.map((row, index) => ({ ...row, index }))
      .filter(({ first, last }) =>
        this.slices.slice(first, last + 1).some((s) => s.group === group)
      );
    if (rows.length < 2) return this.moveBox(box);
    const first = this.slices.findIndex((slice) => slice.group === group);
    const last = this.slices.findLastIndex((slice) => slice.group === group);
    let [start, end, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const row of rows) {
      const [from, to] = [Math.max(row.first, first), Math.min(row.last, last)];
      start = Math.min(
        start,
        this.slices[from].start + row.shiftAlong - (from === first ? 0 : padding.start),
      );
      end = Math.max(end, this.slices[to].end + row.shiftAlong + (to === last ? 0 : padding.end));
      top = Math.min(top, box.y + row.shiftAcross);
      bottom = Math.max(bottom, box.y + box.height + row.shiftAcross);
      if (row !== rows[rows.length - 1]) {
        for (const [along] of this.#turns[row.index] ?? []) {
          [start, end] = [
            Math.min(start, along - padding.start),
            Math.max(end, along + padding.end),
          ];
        }
      }
    }
    return { ...box, x: start, y: top, width: end - start, height: bottom - top };
  }

  /** The route with each crossing of a cut replaced by the way round to the next row. */
  moveRoute(route: Route): Route {
    const moved: Route = [];
    for (let i = 0; i < route.length; i++) {
      const point = route[i];
      if (i > 0) {
        const previous = route[i - 1];
        const forward = point[0] > previous[0];
        const [low, high] = forward ? [previous[0], point[0]] : [point[0], previous[0]];
        const cuts = this.#cuts.map((cut, index) => ({ cut, index }))
          .filter(({ cut }) => cut > low && cut < high);
        if (!forward) cuts.reverse();
        for (const { index } of cuts) {
          const turn = this.#wayRound(index, previous[1]);
          (this.#turns[index] ??= []).push(...turn);
          moved.push(...(forward ? turn : turn.reverse()));
        }
      }
      moved.push(this.#move(point, this.#rowAt(point[0])));
    }
    return withoutRepeats(moved);
  }

  /**
   * From row `cut`'s end to row `cut + 1`'s start, for the crossing at `across`: out past the
   * row's end, back through the channel below it, in from the left. The crossing highest up
   * runs outermost at the end, lowest in the channel and innermost at the start, so crossings
   * keep their order.
   */
  #wayRound(cut: number, across: number): Route {
    const crossings = this.#crossings[cut];
    const rank = crossings.indexOf(across);
    const count = crossings.length;
    const { edge, edgeNode } = this.spacing;
    const [row, next] = [this.#rows[cut], this.#rows[cut + 1]];
    const outAlong = row.end + edgeNode + (count - 1 - rank) * edge;
    const channel = row.bottom + edgeNode + (count - 1 - rank) * edge;
    const inAlong = next.shiftAlong + this.slices[next.first].start - edgeNode - rank * edge;
    const leave = row.lanes.place(across) + row.shiftAcross;
    const enter = next.lanes.place(across) + next.shiftAcross;
    return [[outAlong, leave], [outAlong, channel], [inAlong, channel], [inAlong, enter]];
  }
}

function withoutRepeats(route: Route): Route {
  return route.filter((point, index) =>
    index === 0 || point[0] !== route[index - 1][0] || point[1] !== route[index - 1][1]
  );
}
