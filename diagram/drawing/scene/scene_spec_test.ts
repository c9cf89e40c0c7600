import assert from "node:assert/strict";
import { type DiagramSpec, EDGE_LINES, edgeIds, parseSpec, SHAPES } from "../spec.ts";
import { generateDiagram } from "../generate.ts";
import { renderFullSize } from "../svg/render_svg.ts";
import { everyEdgeStyle } from "../../../tests/helpers/scene_fixture.ts";
import { sceneSpec } from "./scene_spec.ts";

/** Every line style with every start head, and every end head once, between two nodes. */
function styledSpec(): DiagramSpec {
  const result = parseSpec({
    layout: "TB",
    nodes: [{ id: "a", label: "Alpha" }, { id: "b", label: "Beta" }],
    edges: everyEdgeStyle("a", "b"),
  });
  assert.ok(result.ok);
  return result.spec;
}

async function elementsOf(spec: DiagramSpec): Promise<Record<string, unknown>[]> {
  const file = await generateDiagram(spec, {
    diagramId: "styles",
    source: "https://diagrams.example.test",
    updated: 1_700_000_000_000,
  });
  return file.elements as unknown as Record<string, unknown>[];
}

Deno.test("a generated diagram's edge styles read back as the spec said them, defaults left out", async () => {
  const spec = styledSpec();
  const read = sceneSpec(await elementsOf(spec)).spec;
  const ids = edgeIds(spec.edges);
  assert.deepEqual(
    read?.edges,
    spec.edges.map(({ from, to, line, start, end }, index) => ({
      id: ids[index],
      from,
      to,
      ...(line === "solid" ? {} : { line }),
      ...(start === "none" ? {} : { start }),
      ...(end === "arrow" ? {} : { end }),
    })),
  );
  // The read-back spec draws the same arrows again.
  assert.deepEqual(await elementsOf(read!), await elementsOf(spec));
});

Deno.test("the SVG export dashes and dots the styled arrows and draws each kind of head", async () => {
  const svg = renderFullSize(await elementsOf(styledSpec()));
  assert.match(svg, /stroke-dasharray="8 10"/);
  assert.match(svg, /stroke-dasharray="1.5 8"/);
  assert.match(svg, /stroke-width="4"/);
  // Filled circles for the circle heads; open arrowheads and bars are strokes in the paths.
  assert.equal(svg.match(/<circle /g)?.length, 2 * EDGE_LINES.length);
});

Deno.test("a hand-drawn arrow's style reads as the nearest the spec can say", () => {
  const box = (id: string, y: number, labelId: string, arrowIds: string[]) => [{
    id,
    type: "rectangle",
    x: 0,
    y,
    width: 100,
    height: 50,
    boundElements: [
      { id: labelId, type: "text" },
      ...arrowIds.map((arrowId) => ({
        id: arrowId,
        type: "arrow",
      })),
    ],
  }, { id: labelId, type: "text", text: id, containerId: id }];
  const arrow = (id: string, style: Record<string, unknown>) => ({
    id,
    type: "arrow",
    startBinding: { elementId: "top" },
    endBinding: { elementId: "bottom" },
    ...style,
  });
  const styles: Record<string, unknown>[] = [
    { strokeStyle: "dashed", strokeWidth: 4, startArrowhead: "dot", endArrowhead: "triangle" },
    { strokeStyle: "solid", strokeWidth: 4, startArrowhead: "circle_outline", endArrowhead: "bar" },
    { strokeStyle: "solid", strokeWidth: 1, startArrowhead: null, endArrowhead: null },
    // Fields Excalidraw's restore() fills in: a missing start head is none, a missing end an arrow.
    {},
  ];
  const arrowIds = styles.map((_, index) => `arrow${index}`);
  const read = sceneSpec([
    ...box("top", 0, "top-label", arrowIds),
    ...box("bottom", 200, "bottom-label", arrowIds),
    ...styles.map((style, index) => arrow(arrowIds[index], style)),
  ]).spec;
  assert.deepEqual(read?.edges.map(({ line, start, end }) => ({ line, start, end })), [
    { line: "dashed", start: "circle", end: undefined },
    { line: "thick", start: "circle", end: "cross" },
    { line: undefined, start: undefined, end: "none" },
    { line: undefined, start: undefined, end: undefined },
  ]);
});

Deno.test("a generated diagram's groups, shapes, outlines and direction read back as the spec said them", async () => {
  const parsed = parseSpec({
    layout: "RL",
    groups: [
      // Outermost first, as a read-back lists them.
      { id: "cloud", label: "Cloud\nregion" },
      { id: "bare" },
      { id: "svc", label: "Services", parent: "cloud", direction: "BT" },
    ],
    nodes: SHAPES.map((shape, index) => ({
      id: `n${index}`,
      label: shape,
      shape,
      ...(index % 3 === 1 ? { group: "cloud" } : index % 3 === 2 ? { group: "svc" } : {}),
      ...(index === 4 ? { color: "blue", stroke: "#000000" } : {}),
      ...(index === 5 ? { group: "bare" } : {}),
    })),
    edges: [{ from: "n0", to: "n1" }, { from: "n1", to: "n2" }],
  });
  assert.ok(parsed.ok, JSON.stringify(parsed));
  const elements = await elementsOf(parsed.spec);
  const read = sceneSpec(elements);
  assert.deepEqual(read.spec?.nodes, parsed.spec.nodes);
  assert.deepEqual(read.spec?.groups, parsed.spec.groups);
  assert.equal(read.spec?.layout, "RL");
  assert.deepEqual(read.notExpressed, []);
  assert.deepEqual(await elementsOf(read.spec!), elements);
});

Deno.test("a hand-drawn frame is a group named by the frame, holding the shapes drawn in it", () => {
  const shape = (id: string, frameId: string | null) => [
    {
      id,
      type: "rectangle",
      x: 0,
      y: 0,
      width: 100,
      height: 50,
      frameId,
      boundElements: [{ id: `${id}-label`, type: "text" }],
    },
    { id: `${id}-label`, type: "text", text: id.toUpperCase(), containerId: id, frameId },
  ];
  const read = sceneSpec([
    ...shape("inside", "frame-1"),
    ...shape("outside", null),
    { id: "frame-1", type: "frame", name: "Backend", x: -20, y: -20, width: 200, height: 100 },
    { id: "frame-2", type: "frame", name: null, x: 500, y: 0, width: 100, height: 100 },
  ]);
  assert.deepEqual(read.spec?.groups, [{ id: "frame-1", label: "Backend" }, { id: "frame-2" }]);
  assert.deepEqual(read.spec?.nodes.map(({ id, group }) => [id, group]), [
    ["inside", "frame-1"],
    ["outside", undefined],
  ]);
  assert.ok(read.owned.has("frame-1"));
  assert.ok(parseSpec(read.spec).ok);
});
