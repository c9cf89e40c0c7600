import assert from "node:assert/strict";
import type { DiagramSpec } from "../spec.ts";
import { validateScene } from "../excalidraw/validate.ts";
import { type Box, bundleEdges, offsetCopies } from "./edge_bundles.ts";
import { generateDiagram } from "../generate.ts";
import { layoutGraph } from "./layout.ts";
import type { PlacedNode } from "./layout_types.ts";

const OPTIONS = { diagramId: "bundles", source: "https://diagrams.example.test", updated: 0 };

function onSide(box: Box, [x, y]: [number, number]): boolean {
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01;
  const inside = x >= box.x - 0.01 && x <= box.x + box.width + 0.01 && y >= box.y - 0.01 &&
    y <= box.y + box.height + 0.01;
  return inside && (near(x, box.x) || near(x, box.x + box.width) || near(y, box.y) ||
    near(y, box.y + box.height));
}

Deno.test("edges are bundled by their ends in layout direction, first edge first", () => {
  const bundles = bundleEdges([
    { source: "a", target: "b" },
    { source: "b", target: "a" },
    { source: "a", target: "b" },
    { source: "a", target: "a" },
    { source: "a", target: "a" },
  ]);
  assert.deepEqual(bundles, [[0, 2], [1], [3, 4]]);
});

Deno.test("offset copies of a bent route stay orthogonal, apart, and on both borders", () => {
  const source: Box = { x: 0, y: 0, width: 120, height: 60 };
  const target: Box = { x: 200, y: 200, width: 120, height: 60 };
  const route: [number, number][] = [[60, 60], [60, 130], [260, 130], [260, 200]];
  const copies = offsetCopies(route, 3, source, target, { spacing: 15 });
  assert.deepEqual(copies[1], route);
  for (const copy of copies) {
    assert.ok(onSide(source, copy[0]) && onSide(target, copy.at(-1)!), JSON.stringify(copy));
    for (let i = 1; i < copy.length; i++) {
      assert.ok(copy[i][0] === copy[i - 1][0] || copy[i][1] === copy[i - 1][1]);
    }
  }
  assert.equal(Math.abs(copies[0][0][0] - copies[2][0][0]), 30);
});

Deno.test("copies that would not fit on the side move closer together", () => {
  const box: Box = { x: 0, y: 0, width: 100, height: 50 };
  const target: Box = { x: 0, y: 200, width: 100, height: 50 };
  const copies = offsetCopies([[50, 50], [50, 200]], 500, box, target, { spacing: 15 });
  const xs = copies.map(([[x]]) => x);
  assert.ok(
    Math.min(...xs) >= 10 && Math.max(...xs) <= 90,
    `${Math.min(...xs)}…${Math.max(...xs)}`,
  );
  assert.equal(new Set(xs).size, 500);
});

Deno.test("hundreds of parallel edges and self-loops run border to border", async () => {
  const nodes = ["a", "b"].map((id) => ({ id, width: 120, height: 60 }));
  const edges = [
    ...Array.from({ length: 300 }, (_, i) => ({ id: `p${i}`, from: "a", to: "b" })),
    ...Array.from({ length: 100 }, (_, i) => ({ id: `l${i}`, from: "b", to: "b" })),
    ...Array.from({ length: 100 }, (_, i) => ({ id: `r${i}`, from: "b", to: "a" })),
  ];
  const layout = await layoutGraph({ direction: "TB", nodes, edges });
  const box = (id: string): PlacedNode => layout.nodes.get(id)!;
  for (const { id, from, to } of edges) {
    const { points } = layout.edges.get(id)!;
    assert.ok(onSide(box(from), points[0]), `${id} starts on ${from}`);
    assert.ok(onSide(box(to), points.at(-1)!), `${id} ends on ${to}`);
  }
});

Deno.test("2000 parallel edges and 2000 self-loops on ellipses give valid files", async () => {
  const node = (id: string) => ({ id, label: id, shape: "ellipse" as const });
  const parallel: DiagramSpec = {
    layout: "LR",
    nodes: [node("a"), node("b")],
    edges: Array.from({ length: 2000 }, () => ({ from: "a", to: "b" })),
  };
  const loops: DiagramSpec = {
    layout: "TB",
    nodes: ["a", "b", "c"].map(node),
    edges: Array.from({ length: 2000 }, (_, i) => ({ from: "abc"[i % 3], to: "abc"[i % 3] })),
  };
  for (const spec of [parallel, loops]) {
    const result = validateScene(await generateDiagram(spec, OPTIONS));
    assert.deepEqual(result.ok ? [] : result.problems.slice(0, 3), []);
  }
});
