import assert from "node:assert/strict";
import type { Point } from "../excalidraw/types.ts";
import { measureText, wrapText } from "./text_metrics.ts";
import {
  distanceToOutline,
  EDGE_LABEL_FONT,
  edgeLabelBlock,
  isInsideOutline,
  labelPosition,
  lineEntry,
  measureDiagram,
  NODE_LABEL_FONT,
  nodeBox,
  type NodeShape,
  shapeOutline,
  textArea,
} from "./node_boxes.ts";

const SHAPES: NodeShape[] = ["rectangle", "rounded", "ellipse", "diamond"];
const LABELS = [
  "A",
  "Load Balancer",
  "AUTHENTICATION SERVICE GATEWAY",
  "a label long enough that it has to wrap over several lines in every shape we draw",
  "Supercalifragilisticexpialidociousnessitude",
  "two\nlines",
];

Deno.test("every label fits the text area Excalidraw computes, with the width margin to spare", () => {
  for (const shape of SHAPES) {
    for (
      const [label, vertical] of LABELS.flatMap((label) => [[label, false], [label, true]] as const)
    ) {
      const box = nodeBox(label, shape, vertical);
      const area = textArea(shape, { x: 0, y: 0, width: box.width, height: box.height });
      const context = `${shape}${vertical ? " drawn down" : ""}: ${JSON.stringify(label)}`;
      assert.ok(box.label.width * 1.08 <= area.width, `width of ${context}`);
      assert.ok(box.label.height <= area.height, `height of ${context}`);
    }
  }
});

Deno.test("a short label gets the minimum 120 × 60 rectangle", () => {
  assert.deepEqual(
    [nodeBox("A", "rectangle").width, nodeBox("A", "rectangle").height],
    [120, 60],
  );
});

Deno.test("a rectangle is the text plus Excalidraw's padding, the margin and readable padding", () => {
  const box = nodeBox("Load Balancer", "rectangle");
  const text = measureText("Load Balancer", NODE_LABEL_FONT);
  assert.equal(box.width, Math.ceil(text.width * 1.08 + 10) + 40);
  assert.equal(box.height, Math.max(60, Math.ceil(text.height + 10) + 24));
});

Deno.test("ellipses and diamonds grow by Excalidraw's factors √2 and 2", () => {
  const label = "Load Balancer";
  const text = measureText(label, NODE_LABEL_FONT);
  const ellipse = nodeBox(label, "ellipse");
  assert.equal(ellipse.width, Math.ceil((text.width * 1.08 + 10) * Math.SQRT2) + 40);
  assert.equal(ellipse.height, Math.ceil((text.height + 10) * Math.SQRT2) + 24);
  const diamond = nodeBox(label, "diamond");
  assert.equal(diamond.height, 2 * (text.height + 10) + 24);
});

Deno.test("in a chart drawn down, a decision of three lines or more is wrapped as wide as a rectangle's label, so it takes fewer lines and less of the flow", () => {
  const question = "Is the service down for everyone?";
  const across = nodeBox(question, "diamond");
  const down = nodeBox(question, "diamond", true);
  assert.equal(across.label.text.split("\n").length, 3);
  assert.equal(down.label.text.split("\n").length, 2);
  assert.ok(down.height < across.height, `${down.height} against ${across.height}`);
  // Two lines stay as they are: wider would buy no height that matters.
  assert.deepEqual(
    nodeBox("Database healthy?", "diamond", true),
    nodeBox("Database healthy?", "diamond"),
  );
});

Deno.test("labels wrap at 240 px in rectangles, keeping the original words", () => {
  const label = "a label long enough that it has to wrap over several lines in every shape";
  const box = nodeBox(label, "rectangle");
  const lines = box.label.text.split("\n");
  assert.ok(lines.length >= 2);
  assert.ok(box.label.width <= 240);
  assert.equal(lines.join(" "), label);
});

Deno.test("edge labels use 16 px and wrap at Excalidraw's smallest arrow label width (176 px)", () => {
  const block = edgeLabelBlock("sends the nightly export of every account to the warehouse");
  assert.ok(block.text.includes("\n"));
  assert.ok(block.width <= 176);
  assert.equal(block.height, measureText(block.text, EDGE_LABEL_FONT).height);
});

Deno.test("measureDiagram sizes every node and labels only the labelled edges", () => {
  const boxes = measureDiagram({
    layout: "TB",
    nodes: [{ id: "a", label: "A", shape: "rectangle" }, { id: "b", label: "B", shape: "ellipse" }],
    edges: [{ from: "a", to: "b", label: "calls" }, { from: "b", to: "a" }],
  });
  assert.deepEqual([...boxes.nodes.keys()], ["a", "b"]);
  assert.equal(boxes.edgeLabels[0]?.text, "calls");
  assert.equal(boxes.edgeLabels[1], null);
});

Deno.test("text areas follow Excalidraw's rules for each shape", () => {
  const box = { x: 100, y: 50, width: 200, height: 100 };
  assert.deepEqual(textArea("rectangle", box), { x: 105, y: 55, width: 190, height: 90 });
  assert.deepEqual(textArea("diamond", box), { x: 155, y: 80, width: 90, height: 40 });
  const ellipse = textArea("ellipse", box);
  assert.ok(Math.abs(ellipse.x - (105 + 100 * (1 - Math.SQRT2 / 2))) < 1e-9);
  assert.deepEqual([ellipse.width, ellipse.height], [131, 61]);
});

Deno.test("a label is centred in its text area", () => {
  const box = { x: 0, y: 0, width: 200, height: 100 };
  const label = { text: "x", width: 50, height: 25 };
  assert.deepEqual(labelPosition("rectangle", box, label), [75, 37.5]);
  assert.deepEqual(labelPosition("diamond", box, label), [75, 37.5]);
});

const BOX = { x: 10, y: 20, width: 200, height: 100 };

function nearly(actual: number, expected: number, tolerance = 0.1): boolean {
  return Math.abs(actual - expected) <= tolerance;
}

Deno.test("a sharp rectangle's outline is its box", () => {
  assert.deepEqual(shapeOutline("rectangle", BOX), [[10, 20], [210, 20], [210, 120], [10, 120]]);
});

Deno.test("a rounded rectangle's corner is cut by a quarter of the shorter side below 128 px", () => {
  const outline = shapeOutline("rounded", BOX);
  // Radius 25 (a quarter of 100). The corner curve's middle point is a quarter radius in from
  // the box corner on each axis, as for a quadratic curve with its control point on the corner.
  assert.ok(nearly(distanceToOutline(outline, [10, 20]), Math.SQRT2 * 25 / 4));
  assert.ok(nearly(distanceToOutline(outline, [110, 10]), 10, 1e-9), "flat side");
  const large = shapeOutline("rounded", { x: 0, y: 0, width: 400, height: 200 });
  assert.ok(nearly(distanceToOutline(large, [0, 0]), Math.SQRT2 * 32 / 4), "32 px cap");
});

Deno.test("an ellipse's outline lies on the ellipse", () => {
  for (const [x, y] of shapeOutline("ellipse", BOX)) {
    const value = ((x - 110) / 100) ** 2 + ((y - 70) / 50) ** 2;
    assert.ok(nearly(value, 1, 1e-9));
  }
  assert.ok(nearly(distanceToOutline(shapeOutline("ellipse", BOX), [110, 0]), 20));
  assert.ok(nearly(distanceToOutline(shapeOutline("ellipse", BOX), [230, 70]), 20));
});

Deno.test("a diamond's vertices are rounded off the way Excalidraw's binding measures them", () => {
  const outline = shapeOutline("diamond", BOX);
  // getDiamondPoints: top vertex at x + 101; vertical radius 0.25 × 51: the cut apex sits a
  // quarter of that below the sharp vertex.
  const apexDepth = (0.25 * 51) / 4;
  assert.ok(nearly(distanceToOutline(outline, [111, 20]), apexDepth));
  assert.ok(nearly(distanceToOutline(outline, [111, 10]), 10 + apexDepth));
  // Halfway along a side the outline is the straight rhombus edge.
  const [sideX, sideY] = [(111 + 210) / 2, (20 + 71) / 2];
  assert.ok(isInsideOutline(outline, [sideX - 1, sideY + 1]));
  assert.ok(!isInsideOutline(outline, [sideX + 1, sideY - 1]));
});

Deno.test("inside and outside are told apart for every shape", () => {
  for (const shape of SHAPES) {
    const outline = shapeOutline(shape, BOX);
    assert.ok(isInsideOutline(outline, [110, 70]), `${shape} centre`);
    assert.ok(!isInsideOutline(outline, [5, 70]), `${shape} left of the box`);
    assert.ok(!isInsideOutline(outline, [110, 125]), `${shape} below the box`);
  }
  assert.ok(isInsideOutline(shapeOutline("rectangle", BOX), [12, 22]));
  assert.ok(!isInsideOutline(shapeOutline("ellipse", BOX), [12, 22]));
});

Deno.test("a line enters the outline where it first crosses it", () => {
  const down: Point = [0, 1];
  assert.ok(nearly(lineEntry(shapeOutline("rectangle", BOX), [60, 0], down, 0)!, 20, 1e-9));
  // x = 60 is halfway out from the centre: the ellipse is crossed at y = 70 − 50·√(1 − 0.25).
  const top = 70 - 50 * Math.sqrt(0.75);
  assert.ok(nearly(lineEntry(shapeOutline("ellipse", BOX), [60, 0], down, 0)!, top));
  // A line has no front: pointing up from y = 0, it enters at the bottom crossing, behind.
  const bottom = 70 + 50 * Math.sqrt(0.75);
  assert.ok(nearly(lineEntry(shapeOutline("ellipse", BOX), [60, 0], [0, -1], 0)!, -bottom));
  assert.equal(lineEntry(shapeOutline("diamond", BOX), [300, 0], down, 0), null);
});

Deno.test("a line comes within a distance of the outline where the widened outline starts", () => {
  const down: Point = [0, 1];
  // Flat sides: the distance is straight along the line.
  assert.ok(nearly(lineEntry(shapeOutline("rectangle", BOX), [60, 0], down, 8)!, 12, 1e-9));
  assert.ok(nearly(lineEntry(shapeOutline("ellipse", BOX), [110, 0], down, 8)!, 12));
  // Past a corner the nearest point is the corner itself: 8 px away diagonally.
  const corner = lineEntry(shapeOutline("rectangle", BOX), [5, 0], down, 8)!;
  assert.ok(nearly(corner, 20 - Math.sqrt(64 - 25), 1e-9));
  // Starting closer than the distance, the entry lies behind the start.
  assert.ok(nearly(lineEntry(shapeOutline("rectangle", BOX), [60, 15], down, 8)!, -3, 1e-9));
  assert.equal(lineEntry(shapeOutline("rectangle", BOX), [0, 0], down, 8), null);
});

Deno.test("the entry point lies at the asked distance from every shape, on slanted parts too", () => {
  for (const shape of SHAPES) {
    const outline = shapeOutline(shape, BOX);
    for (const x of [30, 60, 100, 111, 150, 190]) {
      for (
        const [origin, direction] of [[[x, -40], [0, 1]], [[x, 200], [0, -1]]] as [Point, Point][]
      ) {
        const along = lineEntry(outline, origin, direction, 8)!;
        const point: Point = [origin[0] + direction[0] * along, origin[1] + direction[1] * along];
        const context = `${shape} at x = ${x} from ${origin[1]}`;
        assert.ok(nearly(distanceToOutline(outline, point), 8, 1e-6), context);
        assert.ok(!isInsideOutline(outline, point), context);
      }
    }
  }
});

Deno.test("a circle's label wraps into its squarest block that Excalidraw keeps, so the circle is smaller", () => {
  const circle = nodeBox("AP warehouse", "circle");
  assert.equal(circle.label.text, "AP\nwarehouse");
  assert.equal(circle.width, circle.height);
  // On one line the circle would have to be this big.
  const oneLine = measureText("AP warehouse", NODE_LABEL_FONT);
  assert.ok(circle.width < Math.ceil((oneLine.width * 1.08 + 10) * Math.SQRT2) + 24 - 30);
  // Excalidraw re-wraps bound text at the width the circle gives it: the lines stay.
  const area = textArea("ellipse", { x: 0, y: 0, width: circle.width, height: circle.height });
  assert.equal(wrapText("AP warehouse", area.width, NODE_LABEL_FONT), circle.label.text);
});

Deno.test("a circle keeps a one-line label when every narrower wrap would be re-wrapped by Excalidraw", () => {
  const circle = nodeBox("AP floor 1", "circle");
  const area = textArea("ellipse", { x: 0, y: 0, width: circle.width, height: circle.height });
  assert.equal(wrapText("AP floor 1", area.width, NODE_LABEL_FONT), circle.label.text);
});
