// The one entry point from a parsed spec to an Excalidraw file: measure the labels, lay the
// graph out, build the scene.
import { type DiagramSpec, isVertical } from "./spec.ts";
import type { ExcalidrawFile } from "./excalidraw/types.ts";
import { layoutGraph } from "./layout/layout.ts";
import { type DiagramBoxes, DRAWN_AS, measureDiagram } from "./scene/node_boxes.ts";
import { EDGE_SPACING } from "./layout/spacing.ts";
import { longestPathLayers } from "./layout/layering.ts";
import { LABEL_CLEARANCE, labelsAlongByPair } from "./layout/labels_along.ts";
import { buildScene, edgeLayoutId, type SceneOptions } from "./scene/scene.ts";

export async function generateDiagram(
  spec: DiagramSpec,
  options: SceneOptions,
): Promise<ExcalidrawFile> {
  const boxes = measureDiagram(spec);
  const sizes = roomForEnds(spec, boxes);
  const layout = await layoutGraph({
    direction: spec.layout,
    nodes: spec.nodes.map(({ id, group }) => {
      const { width, height } = sizes.get(id)!;
      return { id, width, height, ...(group === undefined ? {} : { group }) };
    }),
    groups: (spec.groups ?? []).map(({ id, parent, direction }) => {
      const { padding, minWidth } = boxes.groups.get(id)!;
      return { id, parent, direction, padding, minWidth };
    }),
    edges: spec.edges.map(({ from, to }, index) => {
      const label = boxes.edgeLabels[index];
      return { id: edgeLayoutId(index), from, to, ...(label === null ? {} : { label }) };
    }),
    labelGap: labelGap(spec, boxes),
  });
  return buildScene(spec, layout, boxes, options);
}

/**
 * Edge labels sit on the arrows' middles, mostly between two layers: the layers move apart by
 * the largest room labels take along the direction, those of edges between the same two nodes
 * side by side (labels_along.ts).
 */
function labelGap(spec: DiagramSpec, boxes: DiagramBoxes): number {
  const vertical = isVertical(spec.layout);
  const byPair = labelsAlongByPair(spec.edges.map(({ from, to }, index) => {
    const label = boxes.edgeLabels[index];
    return { from, to, extent: label === null ? null : vertical ? label.height : label.width };
  }));
  const largest = Math.max(0, ...byPair.values());
  return largest === 0 ? 0 : Math.ceil(largest) + 2 * LABEL_CLEARANCE;
}

/**
 * Each node's size for the layout: its box, and a diamond's or an ellipse's side across the flow
 * long enough for the arrows on one side to meet it EDGE_SPACING apart (a circle grows round).
 * ELK spreads an edge's ends evenly along the node's box; on a diamond they slide onto its
 * slopes, which meet at a point, so the two nearest that point keep only the spread along the
 * side: six arrows into a 94 px diamond came 14 px apart there. On an ellipse the ends nearest
 * its top and bottom slide round its curve, where a reader sees them as meeting the top or the
 * bottom: seven arrows into a 109 px high ellipse came 14 px apart on the side they were left.
 * An edge the layering turns round (closing a cycle) ends on the other side: its source's side
 * facing the flow's start, its target's facing the end.
 */
function roomForEnds(
  spec: DiagramSpec,
  boxes: DiagramBoxes,
): Map<string, { width: number; height: number }> {
  const turned = new Set(longestPathLayers(spec).backEdges);
  const [atStart, atEnd] = [new Map<string, number>(), new Map<string, number>()];
  const count = (side: Map<string, number>, id: string) => side.set(id, (side.get(id) ?? 0) + 1);
  spec.edges.forEach(({ from, to }, index) => {
    if (from === to) return;
    const [source, target] = turned.has(index) ? [atStart, atEnd] : [atEnd, atStart];
    count(source, from);
    count(target, to);
  });
  const vertical = isVertical(spec.layout);
  return new Map(spec.nodes.map(({ id, shape }) => {
    const { width, height } = boxes.nodes.get(id)!;
    const drawnAs = DRAWN_AS[shape];
    if (drawnAs !== "diamond" && drawnAs !== "ellipse") return [id, { width, height }];
    const ends = Math.max(atStart.get(id) ?? 0, atEnd.get(id) ?? 0);
    const across = (ends + 1) * EDGE_SPACING;
    // A circle stays round.
    if (shape === "circle") {
      const side = Math.max(width, height, across);
      return [id, { width: side, height: side }];
    }
    const size = vertical
      ? { width: Math.max(width, across), height }
      : { width, height: Math.max(height, across) };
    return [id, size];
  }));
}
