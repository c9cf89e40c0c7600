import assert from "node:assert/strict";
import { indexKeys } from "../excalidraw/fractional_index.ts";
import { type DiagramSpec, edgeIds } from "../spec.ts";
import type { LinearElement, ShapeElement, TextElement } from "../excalidraw/types.ts";
import type { Layout, PlacedNode } from "../layout/layout_types.ts";
import {
  distanceToOutline,
  DRAWN_AS,
  isInsideOutline,
  labelPosition,
  measureDiagram,
  type NodeShape,
  shapeOutline,
} from "./node_boxes.ts";
import {
  ARROW_GAP,
  arrowLabelCentre,
  buildScene,
  edgeLayoutId,
  type SceneOptions,
} from "./scene.ts";

const SPEC: DiagramSpec = {
  layout: "TB",
  nodes: [
    { id: "a", label: "Alpha", shape: "rectangle", color: "blue" },
    { id: "b", label: "Beta", shape: "rounded" },
    { id: "c", label: "Gamma", shape: "ellipse", color: "#343a40" },
    { id: "d", label: "Delta", shape: "diamond" },
  ],
  edges: [
    { from: "a", to: "b", label: "calls" },
    { from: "b", to: "c", label: "then" },
    { from: "c", to: "d" },
    { from: "a", to: "a", label: "retry" },
    { from: "a", to: "b" },
  ],
};

/** A hand-made layout, so every expected coordinate can be worked out on paper. */
function handLayout(): Layout {
  const nodes: PlacedNode[] = [
    { id: "a", x: 0, y: 0, width: 160, height: 60 },
    { id: "b", x: 0, y: 160, width: 160, height: 60 },
    { id: "c", x: 200, y: 300, width: 200, height: 100 },
    { id: "d", x: 200, y: 500, width: 200, height: 100 },
  ];
  const routes: [number, number][][] = [
    [[60, 60], [60, 160]],
    [[80, 220], [80, 260], [300, 260], [300, 300]],
    [[300, 400], [300, 500]],
    [[0, 20], [-30, 20], [-30, 40], [0, 40]],
    [[100, 60], [100, 160]],
  ];
  return {
    nodes: new Map(nodes.map((node) => [node.id, node])),
    edges: new Map(
      routes.map((points, index) => [edgeLayoutId(index), { id: edgeLayoutId(index), points }]),
    ),
    layers: new Map([["a", 0], ["b", 1], ["c", 2], ["d", 3]]),
    groups: new Map(),
  };
}

const OPTIONS: SceneOptions = {
  diagramId: "diagram-1",
  source: "https://example.test",
  updated: 1_700_000_000_000,
};

function scene(options: SceneOptions = OPTIONS, layout: Layout = handLayout()) {
  const file = buildScene(SPEC, layout, measureDiagram(SPEC), options);
  const elements = file.elements as unknown as (ShapeElement | TextElement | LinearElement)[];
  const byId = new Map(elements.map((element) => [element.id, element]));
  const shapeOf = (nodeId: string) =>
    elements.find((element) => element.customData?.nodeId === nodeId) as ShapeElement;
  const arrows = elements.filter((element) => element.type === "arrow") as LinearElement[];
  const textOf = (container: { boundElements: ShapeElement["boundElements"] }) => {
    const ref = container.boundElements?.find(({ type }) => type === "text");
    return ref === undefined ? undefined : byId.get(ref.id) as TextElement;
  };
  return { file, elements, shapeOf, arrows, textOf };
}

const BASE_KEYS = [
  "id",
  "type",
  "x",
  "y",
  "width",
  "height",
  "angle",
  "strokeColor",
  "backgroundColor",
  "fillStyle",
  "strokeWidth",
  "strokeStyle",
  "roughness",
  "opacity",
  "roundness",
  "seed",
  "version",
  "versionNonce",
  "index",
  "isDeleted",
  "groupIds",
  "frameId",
  "boundElements",
  "updated",
  "link",
  "locked",
];
const KEYS_BY_TYPE: Record<string, string[]> = {
  shape: [...BASE_KEYS, "customData"],
  text: [
    ...BASE_KEYS,
    "text",
    "originalText",
    "fontSize",
    "fontFamily",
    "textAlign",
    "verticalAlign",
    "containerId",
    "lineHeight",
    "autoResize",
  ],
  arrow: [
    ...BASE_KEYS,
    "points",
    "lastCommittedPoint",
    "startBinding",
    "endBinding",
    "startArrowhead",
    "endArrowhead",
    "elbowed",
    "customData",
  ],
};

Deno.test("the file is an Excalidraw envelope with the exported app state", () => {
  const { file } = scene();
  assert.equal(file.type, "excalidraw");
  assert.equal(file.version, 2);
  assert.equal(file.source, "https://example.test");
  assert.deepEqual(file.appState, {
    gridSize: 20,
    gridStep: 5,
    gridModeEnabled: false,
    viewBackgroundColor: "#ffffff",
  });
  assert.deepEqual(file.files, {});
});

Deno.test("elements come shape, its label, … then arrow, its label, … with rising indices", () => {
  const { elements } = scene();
  assert.deepEqual(elements.map(({ type }) => type), [
    "rectangle",
    "text",
    "rectangle",
    "text",
    "ellipse",
    "text",
    "diamond",
    "text",
    "arrow",
    "text",
    "arrow",
    "text",
    "arrow",
    "arrow",
    "text",
    "arrow",
  ]);
  assert.deepEqual(elements.map(({ index }) => index), indexKeys(elements.length));
});

Deno.test("every element writes each field of its type explicitly", () => {
  for (const element of scene().elements) {
    const kind = element.type === "text" || element.type === "arrow" ? element.type : "shape";
    assert.deepEqual(Object.keys(element).sort(), [...KEYS_BY_TYPE[kind]].sort(), element.id);
    for (const [key, value] of Object.entries(element)) {
      assert.notEqual(value, undefined, `${element.id}.${key}`);
    }
  }
});

Deno.test("nodes become shapes with the spec's shape, palette colours and node id", () => {
  const { shapeOf } = scene();
  const [a, b, c, d] = ["a", "b", "c", "d"].map(shapeOf);
  assert.deepEqual([a.type, a.roundness], ["rectangle", null]);
  assert.deepEqual([b.type, b.roundness], ["rectangle", { type: 3 }]);
  assert.deepEqual([c.type, c.roundness], ["ellipse", null]);
  assert.deepEqual([d.type, d.roundness], ["diamond", { type: 2 }]);
  assert.deepEqual([a.strokeColor, a.backgroundColor], ["#1971c2", "#a5d8ff"]);
  assert.deepEqual([b.strokeColor, b.backgroundColor], ["#1e1e1e", "transparent"]);
  assert.deepEqual([a.x, a.y, a.width, a.height], [0, 0, 160, 60]);
  assert.deepEqual(
    [a.fillStyle, a.strokeWidth, a.strokeStyle, a.roughness, a.opacity, a.angle],
    ["solid", 2, "solid", 1, 100, 0],
  );
  // What get_diagram reads back: the node's id, its colour as the spec said it, the layout.
  assert.deepEqual(a.customData, { nodeId: "a", layout: "TB", color: "blue" });
  assert.deepEqual(b.customData, { nodeId: "b", layout: "TB" });
});

Deno.test("each arrow records its edge id, as get_diagram reads it back", () => {
  const { file } = scene();
  const arrows = file.elements.filter((element) => element.type === "arrow");
  assert.deepEqual(
    arrows.map((arrow) => (arrow.customData as { edgeId: string }).edgeId),
    edgeIds(SPEC.edges),
  );
});

Deno.test("each label is bound to its node and centred where Excalidraw would put it", () => {
  const { shapeOf, textOf } = scene();
  for (const node of SPEC.nodes) {
    const shape = shapeOf(node.id);
    const label = textOf(shape)!;
    assert.equal(label.containerId, shape.id);
    const [x, y] = labelPosition(DRAWN_AS[node.shape], shape, label);
    assert.deepEqual([label.x, label.y], [x, y]);
    assert.deepEqual(
      [label.text, label.originalText, label.fontSize, label.fontFamily, label.lineHeight],
      [node.label, node.label, 20, 5, 1.25],
    );
    assert.deepEqual([label.textAlign, label.verticalAlign, label.autoResize], [
      "center",
      "middle",
      true,
    ]);
  }
  assert.equal(textOf(shapeOf("c"))!.strokeColor, "#ffffff", "white on the dark fill");
  assert.equal(textOf(shapeOf("a"))!.strokeColor, "#1e1e1e");
});

Deno.test("a straight arrow starts and ends the gap away from the boxes, points relative", () => {
  const { arrows, shapeOf } = scene();
  const arrow = arrows[0];
  assert.deepEqual([arrow.x, arrow.y], [60, 60 + ARROW_GAP]);
  // Its label's spot is the free middle, made the middle point of three.
  assert.deepEqual(arrow.points, [[0, 0], [0, 50 - ARROW_GAP], [0, 100 - 2 * ARROW_GAP]]);
  assert.deepEqual([arrow.width, arrow.height], [0, 100 - 2 * ARROW_GAP]);
  assert.equal(arrows[2].points.length, 2, "no label, no new point");
  assert.deepEqual(arrow.startBinding, {
    elementId: shapeOf("a").id,
    focus: 0,
    gap: ARROW_GAP,
    fixedPoint: [0.375, 1],
    mode: "orbit",
  });
  assert.deepEqual(arrow.endBinding, {
    elementId: shapeOf("b").id,
    focus: 0,
    gap: ARROW_GAP,
    fixedPoint: [0.375, 0],
    mode: "orbit",
  });
  assert.deepEqual(
    [
      arrow.roundness,
      arrow.elbowed,
      arrow.startArrowhead,
      arrow.endArrowhead,
      arrow.lastCommittedPoint,
    ],
    [null, false, null, "arrow", null],
  );
});

Deno.test("every arrow end lies outside its shape at the gap from the real outline", () => {
  const { arrows, elements } = scene();
  const shapeById = new Map(elements.map((element) => [element.id, element]));
  const kindOf: Record<string, NodeShape> = {
    a: "rectangle",
    b: "rounded",
    c: "ellipse",
    d: "diamond",
  };
  for (const arrow of arrows) {
    const ends = [
      [arrow.startBinding!, arrow.points[0]],
      [arrow.endBinding!, arrow.points.at(-1)!],
    ] as const;
    for (const [binding, [dx, dy]] of ends) {
      const shape = shapeById.get(binding.elementId) as ShapeElement;
      const outline = shapeOutline(kindOf[shape.customData!.nodeId as string], shape);
      const point: [number, number] = [arrow.x + dx, arrow.y + dy];
      assert.ok(!isInsideOutline(outline, point), `${arrow.id} end inside`);
      assert.ok(Math.abs(distanceToOutline(outline, point) - ARROW_GAP) < 1e-6, `${arrow.id} gap`);
    }
  }
});

Deno.test("an end on an ellipse or diamond slides along its segment onto the curved outline", () => {
  const arrow = scene().arrows[2];
  // Ellipse c is centred at x = 300 with its bottom at y = 400.
  assert.deepEqual([arrow.x, arrow.y], [300, 400 + ARROW_GAP]);
  // Diamond d's rounded top apex is below the box (y = 500): the arrow ends lower than 492.
  const endY = arrow.y + arrow.points[1][1];
  assert.equal(arrow.points[1][0], 0, "stays on its vertical line");
  assert.ok(endY > 500 - ARROW_GAP && endY < 500, `ends at ${endY}`);
});

Deno.test("arrows are listed by both their shapes, a self-loop once", () => {
  const { shapeOf, arrows } = scene();
  const arrowRefs = (nodeId: string) =>
    shapeOf(nodeId).boundElements!.filter(({ type }) => type === "arrow").map(({ id }) => id);
  assert.deepEqual(arrowRefs("a"), [arrows[0].id, arrows[3].id, arrows[4].id]);
  assert.deepEqual(arrowRefs("b"), [arrows[0].id, arrows[1].id, arrows[4].id]);
  assert.deepEqual(arrowRefs("c"), [arrows[1].id, arrows[2].id]);
  assert.deepEqual(arrowRefs("d"), [arrows[2].id]);
  assert.equal(arrows[3].startBinding!.elementId, shapeOf("a").id);
  assert.equal(arrows[3].endBinding!.elementId, shapeOf("a").id);
});

Deno.test("edge labels are bound to their arrow at Excalidraw's midpoint, in 16 px", () => {
  const { arrows, textOf } = scene();
  const centre = (label: TextElement) => [label.x + label.width / 2, label.y + label.height / 2];
  const straight = textOf(arrows[0])!;
  assert.equal(straight.containerId, arrows[0].id);
  assert.deepEqual(centre(straight), [60, 110]);
  assert.deepEqual([straight.fontSize, straight.originalText], [16, "calls"]);
  // Four points: the middle of the middle segment.
  assert.deepEqual(centre(textOf(arrows[1])!), [190, 260]);
  // The self-loop's middle segment is its far side.
  assert.deepEqual(centre(textOf(arrows[3])!), [-30, 30]);
  assert.equal(arrows[2].boundElements, null, "an unlabelled arrow binds nothing");
});

Deno.test("an arrow's label centre follows Excalidraw's odd and even point rules", () => {
  const at = { x: 10, y: 20 };
  assert.deepEqual(arrowLabelCentre({ ...at, points: [[0, 0], [0, 40], [30, 40]] }), [10, 60]);
  assert.deepEqual(arrowLabelCentre({ ...at, points: [[0, 0], [0, 40]] }), [10, 40]);
  const five = arrowLabelCentre({ ...at, points: [[0, 0], [0, 10], [50, 10], [50, 30], [60, 30]] });
  assert.deepEqual(five, [60, 30]);
});

Deno.test("parallel edges keep their own routes", () => {
  const { arrows } = scene();
  const routes = arrows.map(({ x, y, points }) => JSON.stringify([x, y, points]));
  assert.equal(new Set(routes).size, routes.length);
});

Deno.test("the same inputs give the same bytes; another diagram id gives other ids and seeds", () => {
  assert.equal(JSON.stringify(scene().file), JSON.stringify(scene().file));
  const first = scene().elements;
  const other = scene({ ...OPTIONS, diagramId: "diagram-2" }).elements;
  const ids = new Set(first.map(({ id }) => id));
  assert.ok(other.every(({ id }) => !ids.has(id)));
  assert.notDeepEqual(first.map(({ seed }) => seed), other.map(({ seed }) => seed));
});

Deno.test("ids are unique, short and URL-safe; seeds and nonces are positive 31-bit integers", () => {
  const { elements } = scene();
  assert.equal(new Set(elements.map(({ id }) => id)).size, elements.length);
  for (const { id, seed, versionNonce, version, updated } of elements) {
    assert.match(id, /^[0-9A-Za-z]{1,24}$/);
    for (const value of [seed, versionNonce]) {
      assert.ok(Number.isInteger(value) && value >= 1 && value < 2 ** 31, `${id}: ${value}`);
    }
    assert.deepEqual([version, updated], [1, OPTIONS.updated]);
  }
  assert.notEqual(elements[0].seed, elements[0].versionNonce);
});

Deno.test("a layout without one of the spec's edges is a bug and throws", () => {
  const layout = handLayout();
  layout.edges.delete(edgeLayoutId(4));
  assert.throws(() => scene(OPTIONS, layout), /the layout has no edge 4/);
});

Deno.test("a route whose last segment misses the target's outline throws", () => {
  const layout = handLayout();
  // Runs along above b, level with the gap: never reaches it.
  layout.edges.set(edgeLayoutId(0), {
    id: edgeLayoutId(0),
    points: [[60, 60], [60, 100], [200, 100]],
  });
  assert.throws(() => scene(OPTIONS, layout), /misses the outline/);
});

Deno.test("an edge's line and heads become its arrow's stroke and arrowheads; unsaid, the defaults", () => {
  const styled: DiagramSpec = {
    ...SPEC,
    edges: [
      { ...SPEC.edges[0], line: "dashed", start: "circle", end: "cross" },
      { ...SPEC.edges[1], line: "dotted", end: "none" },
      { ...SPEC.edges[2], line: "thick", start: "arrow", end: "circle" },
      { ...SPEC.edges[3], line: "solid", start: "cross", end: "arrow" },
      SPEC.edges[4],
    ],
  };
  const arrows = (buildScene(styled, handLayout(), measureDiagram(styled), OPTIONS)
    .elements as unknown as LinearElement[]).filter((element) => element.type === "arrow");
  assert.deepEqual(
    arrows.map((arrow) => [
      arrow.strokeStyle,
      arrow.strokeWidth,
      arrow.startArrowhead,
      arrow.endArrowhead,
    ]),
    [
      ["dashed", 2, "circle", "bar"],
      ["dotted", 2, null, null],
      ["solid", 4, "arrow", "circle"],
      ["solid", 2, "bar", "arrow"],
      ["solid", 2, null, "arrow"],
    ],
  );
  // Style changes no geometry: the arrows lie where the unstyled ones do.
  assert.deepEqual(
    arrows.map(({ x, y, points }) => [x, y, points]),
    scene().arrows.map(({ x, y, points }) => [x, y, points]),
  );
});

Deno.test("an arrow with a segment over 1,000 px is drawn straight; shorter arrows stay hand-drawn", () => {
  const layout = handLayout();
  // c → d runs 2,000 px down instead of 100.
  layout.nodes.set("d", { id: "d", x: 200, y: 2400, width: 200, height: 100 });
  layout.edges.set(edgeLayoutId(2), { id: edgeLayoutId(2), points: [[300, 400], [300, 2400]] });
  const { arrows } = scene(OPTIONS, layout);
  assert.deepEqual(arrows.map(({ roughness }) => roughness), [1, 1, 0, 1, 1]);
});
