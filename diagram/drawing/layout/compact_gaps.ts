// Closes the room ELK leaves between layers beyond what their contents need. ELK spaces every
// pair of layers alike, so one edge label widens every gap by its extent (layout.ts's label gap),
// and around groups it leaves room of its own. Along the flow, the drawing is cut into bands: a
// band holding nothing that runs across the flow (a node, a group's padding or a frame's name, an
// edge segment across the flow, an edge label with its clearance) is free, and only edges running
// along the flow pass through it. Each free band shrinks to the spacing its two sides need;
// everything beyond it moves back by what the band lost, and the edges through it get shorter.
// Nothing moves across the flow, so nothing new meets or crosses. The nested microservices chart
// went from 1,749 to 1,675 px high, the build graph (no labels) from 1,332 to 1,281.
import type { Direction } from "../spec.ts";
import { isVertical } from "../spec.ts";
import type { LayoutGroup, PlacedNode, RoutedEdge } from "./layout_types.ts";

/** A finished layout, with what keeps room along the flow: group padding and edge labels. */
export interface GapInput {
  direction: Direction;
  nodes: Map<string, PlacedNode>;
  /** Boxes drawn around members, with their padding and the room above them for a name. */
  groups: Map<string, PlacedNode & { padding: Padding; nameAbove: number }>;
  edges: Map<string, RoutedEdge>;
  /** Per labelled edge id, its label's extent along the flow: the band it sits in is kept. */
  labelled: Map<string, number>;
}

/** The least room kept between the things on either side of a band. */
export interface GapSpacing {
  /** Between two boxes (nodes, groups) of consecutive layers. */
  node: number;
  /** Between a box and an edge running across the flow. */
  edgeNode: number;
  /** Between two edges running across the flow. */
  edge: number;
  /** Around a label, besides half its extent. */
  label: number;
}

/** The layout with its unused bands taken out. */
export interface Compacted {
  nodes: Map<string, PlacedNode>;
  groups: Map<string, PlacedNode>;
  edges: Map<string, RoutedEdge>;
}

type Padding = LayoutGroup["padding"];

interface Blocker {
  start: number;
  end: number;
  box: boolean;
}

/** The layout with its free bands along the flow shrunk to what their sides need. */
export function compactGaps(input: GapInput, spacing: GapSpacing): Compacted {
  const axis = isVertical(input.direction) ? 1 : 0;
  const along = (box: PlacedNode): [number, number] =>
    axis === 1 ? [box.y, box.y + box.height] : [box.x, box.x + box.width];
  const blockers: Blocker[] = [];
  for (const node of input.nodes.values()) {
    const [start, end] = along(node);
    blockers.push({ start, end, box: true });
  }
  for (const group of input.groups.values()) {
    const [start, end] = along(group);
    const { top, right, bottom, left } = group.padding;
    const [low, high] = axis === 1 ? [top, bottom] : [left, right];
    const above = axis === 1 ? group.nameAbove : 0;
    blockers.push({ start: start - above, end: start + low, box: true });
    blockers.push({ start: end - high, end, box: true });
  }
  for (const { id, points } of input.edges.values()) {
    const extent = input.labelled.get(id);
    if (extent !== undefined) blockers.push(labelBlocker(points, axis, extent / 2 + spacing.label));
    points.slice(1).forEach((point, index) => {
      const before = points[index];
      if (before[axis] === point[axis]) {
        blockers.push({ start: point[axis], end: point[axis], box: false });
      }
    });
  }
  const move = shrinkFreeBands(blockers, spacing);
  const moveBox = (box: PlacedNode): PlacedNode => {
    const [start, end] = along(box).map(move);
    return axis === 1
      ? { ...box, y: start, height: end - start }
      : { ...box, x: start, width: end - start };
  };
  const groups = new Map(
    [...input.groups].map(([id, { padding: _p, nameAbove: _n, ...box }]) => [id, moveBox(box)]),
  );
  return {
    // A node lies inside a blocker: it moves whole, its size kept exact.
    nodes: new Map([...input.nodes].map(([id, node]) => {
      const start = move(along(node)[0]);
      return [id, axis === 1 ? { ...node, y: start } : { ...node, x: start }];
    })),
    groups,
    edges: new Map([...input.edges].map(([id, edge]) => [id, {
      id: edge.id,
      points: edge.points.map((point): [number, number] => {
        const moved: [number, number] = [point[0], point[1]];
        moved[axis] = move(point[axis]);
        return moved;
      }),
    }])),
  };
}

/**
 * Where an edge's label sits, with `room` on both sides: the scene centres it on the route's
 * middle point, or on its middle segment's middle, which stays there only if that segment keeps
 * its length.
 */
function labelBlocker(points: [number, number][], axis: number, room: number): Blocker {
  const middle = Math.floor(points.length / 2);
  const ends = points.length % 2 === 1
    ? [points[middle][axis]]
    : [points[middle - 1][axis], points[middle][axis]];
  const centre = (Math.min(...ends) + Math.max(...ends)) / 2;
  return {
    start: Math.min(centre - room, ...ends),
    end: Math.max(centre + room, ...ends),
    box: false,
  };
}

/**
 * The map of positions along the flow that shrinks each free band between the blockers to the
 * spacing its sides need (box to box, box to edge, edge to edge), keeping order.
 */
function shrinkFreeBands(blockers: Blocker[], spacing: GapSpacing): (value: number) => number {
  const sorted = [...blockers].sort((a, b) => a.start - b.start || Number(b.box) - Number(a.box));
  /** Free bands: from, to, and the length each keeps. */
  const bands: { from: number; to: number; keep: number }[] = [];
  let end = -Infinity;
  let endIsBox = false;
  for (const { start, end: blockerEnd, box } of sorted) {
    if (start > end && end > -Infinity) {
      const need = endIsBox && box
        ? spacing.node
        : endIsBox || box
        ? spacing.edgeNode
        : spacing.edge;
      bands.push({ from: end, to: start, keep: Math.min(start - end, need) });
    }
    if (blockerEnd > end) [end, endIsBox] = [blockerEnd, box];
    else if (blockerEnd === end) endIsBox ||= box;
  }
  return (value) => {
    let shift = 0;
    for (const { from, to, keep } of bands) {
      if (value >= to) shift += to - from - keep;
      else if (value > from) return from - shift + (value - from) * keep / (to - from);
      else break;
    }
    return value - shift;
  };
}
