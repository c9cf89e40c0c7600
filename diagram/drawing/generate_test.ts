import assert from "node:assert/strict";
import type { DiagramSpec } from "./spec.ts";
import { validateScene } from "./excalidraw/validate.ts";
import { generateDiagram } from "./generate.ts";

const SPEC: DiagramSpec = {
  layout: "LR",
  nodes: [
    { id: "client", label: "Browser", shape: "ellipse", color: "blue" },
    { id: "lb", label: "LOAD BALANCER", shape: "diamond" },
    { id: "api", label: "API server with a rather long name", shape: "rounded", color: "#b2f2bb" },
    { id: "db", label: "Postgres", shape: "rectangle", color: "gray" },
  ],
  edges: [
    { from: "client", to: "lb", label: "HTTPS" },
    { from: "lb", to: "api" },
    { from: "api", to: "db", label: "SQL queries over a pooled connection" },
    { from: "db", to: "api", label: "rows" },
    { from: "api", to: "api", label: "retry" },
  ],
};

const OPTIONS = {
  diagramId: "d-42",
  source: "https://diagrams.example.test",
  updated: 1_700_000_000_000,
};

Deno.test("the same spec gives a byte-identical file", async () => {
  const first = JSON.stringify(await generateDiagram(SPEC, OPTIONS));
  const second = JSON.stringify(await generateDiagram(SPEC, OPTIONS));
  assert.equal(first, second);
});

Deno.test("another diagram id gives other element ids for the same drawing", async () => {
  const first = (await generateDiagram(SPEC, OPTIONS)).elements;
  const other = (await generateDiagram(SPEC, { ...OPTIONS, diagramId: "d-43" })).elements;
  const ids = new Set(first.map(({ id }) => id));
  assert.ok(other.every(({ id }) => !ids.has(id)));
  const geometry = (elements: typeof first) =>
    elements.map(({ type, x, y, width, height }) => [type, x, y, width, height]);
  assert.deepEqual(geometry(other), geometry(first));
});

Deno.test("the generated file passes the scene validator", async () => {
  const result = validateScene(await generateDiagram(SPEC, OPTIONS));
  assert.deepEqual(result.ok ? [] : result.problems, []);
});

Deno.test("a labelled self-loop stands far enough out that its label clears the node", async () => {
  const file = await generateDiagram(SPEC, OPTIONS);
  const api = file.elements.find((element) =>
    (element.customData as { nodeId?: string } | undefined)?.nodeId === "api"
  )!;
  const retry = file.elements.find((element) => element.originalText === "retry")!;
  const [top, labelBottom] = [api.y as number, (retry.y as number) + (retry.height as number)];
  // Going right, ELK puts self-loops above the node.
  assert.ok(labelBottom < top, `label ends at ${labelBottom}, the node starts at ${top}`);
});

for (
  const [layout, shape] of [
    ["LR", "diamond"],
    ["TB", "diamond"],
    ["LR", "ellipse"],
    ["TB", "ellipse"],
    ["LR", "circle"],
  ] as const
) {
  const article = shape === "ellipse" ? "an" : "a";
  Deno.test(`six arrows into ${article} ${shape} arrive an arrowhead apart, however near the ends of its outline (${layout})`, async () => {
    const steps = ["lint", "linux", "macos", "windows", "e2e", "audit"];
    const spec: DiagramSpec = {
      layout,
      nodes: [
        ...steps.map((id) => ({ id, label: `Job ${id}`, shape: "rectangle" as const })),
        { id: "gate", label: "All green?", shape },
      ],
      edges: steps.map((from) => ({ from, to: "gate" })),
    };
    const file = await generateDiagram(spec, OPTIONS);
    const elements = file.elements as unknown as {
      type: string;
      x: number;
      y: number;
      points: [number, number][];
    }[];
    const heads = elements.filter(({ type }) => type === "arrow").map(({ x, y, points }) => {
      const [px, py] = points[points.length - 1];
      return [x + px, y + py];
    });
    assert.equal(heads.length, 6);
    for (const [i, a] of heads.entries()) {
      for (const b of heads.slice(i + 1)) {
        const apart = Math.hypot(a[0] - b[0], a[1] - b[1]);
        assert.ok(apart >= 16, `${apart.toFixed(1)} px between ${a} and ${b}`);
      }
    }
  });
}

Deno.test("arrows closing a cycle through a diamond count on the side they end on: all its ends stay an arrowhead apart", async () => {
  // Four arrows out of the bus, and two back into it from services behind two of them: six ends
  // on the side facing the flow's end, as many as the rule for diamonds had to count.
  const ids = ["a", "b", "bus", "d", "e", "f", "g", "p", "q"];
  const spec: DiagramSpec = {
    layout: "LR",
    nodes: ids.map((id) => ({
      id,
      label: id === "bus" ? "Event bus" : `Service ${id}`,
      shape: id === "bus" ? "hexagon" : "rectangle",
    })),
    edges: [
      ...["a", "b"].map((from) => ({ from, to: "bus" })),
      ...["d", "e", "f", "g"].map((to) => ({ from: "bus", to })),
      { from: "d", to: "p" },
      { from: "e", to: "q" },
      ...["p", "q"].map((from) => ({ from, to: "bus" })),
    ],
  };
  const file = await generateDiagram(spec, OPTIONS);
  const elements = file.elements as unknown as {
    id: string;
    type: string;
    x: number;
    y: number;
    points: [number, number][];
    startBinding: { elementId: string } | null;
    endBinding: { elementId: string } | null;
  }[];
  const busId = elements.find((element) => element.type === "diamond")!.id;
  const ends = elements.filter(({ type }) => type === "arrow").flatMap((arrow) => {
    const at = ([px, py]: [number, number]) => [arrow.x + px, arrow.y + py];
    return [
      ...(arrow.startBinding?.elementId === busId ? [at(arrow.points[0])] : []),
      ...(arrow.endBinding?.elementId === busId ? [at(arrow.points[arrow.points.length - 1])] : []),
    ];
  });
  assert.equal(ends.length, 8);
  for (const [i, a] of ends.entries()) {
    for (const b of ends.slice(i + 1)) {
      const apart = Math.hypot(a[0] - b[0], a[1] - b[1]);
      assert.ok(apart >= 16, `${apart.toFixed(1)} px between ${a} and ${b}`);
    }
  }
});
