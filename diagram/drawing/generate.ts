// The one entry point from a parsed spec to an Excalidraw file: measure the labels, lay the
// graph out, build the scene.
import { type DiagramSpec, isVertical } from "./spec.ts";
import type { ExcalidrawFile } from "./excalidraw/types.ts";
import { layoutGraph } from "./layout/layout.ts";
import { type DiagramBoxes, measureDiagram } from "./scene/node_boxes.ts";
import { buildScene, edgeLayoutId, type SceneOptions } from "./scene/scene.ts";

/** Room kept on each side of an edge label between two layers. */
const LABEL_CLEARANCE = 12;

export async function generateDiagram(
  spec: DiagramSpec,
  options: SceneOptions,
): Promise<ExcalidrawFile> {
  const boxes = measureDiagram(spec);
  const layout = await layoutGraph({
    direction: spec.layout,
    nodes: spec.nodes.map(({ id, group }) => {
      const { width, height } = boxes.nodes.get(id)!;
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
 * the largest label's extent along the direction. Parallel edges between the same two nodes run
 * side by side through one gap, so their labels take turns along it: their extents add up.
 */
function labelGap(spec: DiagramSpec, boxes: DiagramBoxes): number {
  const extentAlong = new Map<string, number>();
  spec.edges.forEach(({ from, to }, index) => {
    const label = boxes.edgeLabels[index];
    if (label === null) return;
    // JSON keeps any two ids apart, whatever characters they contain.
    const pair = JSON.stringify([from, to].sort());
    const extent = isVertical(spec.layout) ? label.height : label.width;
    const before = extentAlong.get(pair);
    extentAlong.set(pair, before === undefined ? extent : before + LABEL_CLEARANCE + extent);
  });
  const largest = Math.max(0, ...extentAlong.values());
  return largest === 0 ? 0 : Math.ceil(largest) + 2 * LABEL_CLEARANCE;
}
