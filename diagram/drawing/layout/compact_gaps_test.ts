import assert from "node:assert/strict";
import { compactGaps, type GapInput } from "./compact_gaps.ts";
import type { PlacedNode } from "./layout_types.ts";

const SPACING = { node: 60, edgeNode: 24, edge: 18, label: 12 };

function box(id: string, x: number, y: number, width = 100, height = 40): PlacedNode {
  return { id, x, y, width, height };
}

/** Two nodes 160 px apart along a flow going down, joined by a straight edge. */
function twoLayers(labelled: Map<string, number> = new Map()): GapInput {
  return {
    direction: "TB",
    nodes: new Map([["a", box("a", 0, 0)], ["b", box("b", 0, 200)]]),
    groups: new Map(),
    edges: new Map([["e", { id: "e", points: [[50, 40], [50, 200]] }]]),
    labelled,
  };
}

Deno.test("room between layers that nothing uses shrinks to the layer spacing, edges through it get shorter", () => {
  const { nodes, edges } = compactGaps(twoLayers(), SPACING);
  assert.deepEqual(nodes.get("b"), box("b", 0, 100));
  assert.deepEqual(edges.get("e")!.points, [[50, 40], [50, 100]]);
});

Deno.test("the band an edge label sits in keeps its room", () => {
  const { nodes, edges } = compactGaps(twoLayers(new Map([["e", 120]])), SPACING);
  assert.deepEqual(nodes.get("b"), box("b", 0, 200));
  assert.deepEqual(edges.get("e")!.points, [[50, 40], [50, 200]]);
});

Deno.test("an edge running across the flow keeps the edge-node spacing on both sides", () => {
  const input: GapInput = {
    ...twoLayers(),
    nodes: new Map([["a", box("a", 0, 0)], ["b", box("b", 300, 200)]]),
    edges: new Map([["e", { id: "e", points: [[50, 40], [50, 120], [350, 120], [350, 200]] }]]),
  };
  const { nodes, edges } = compactGaps(input, SPACING);
  assert.deepEqual(edges.get("e")!.points, [[50, 40], [50, 64], [350, 64], [350, 88]]);
  assert.deepEqual(nodes.get("b"), box("b", 300, 88));
});

Deno.test("a group keeps its padding and the room above it for a frame's name; only its inside gap shrinks", () => {
  const padding = { top: 40, right: 24, bottom: 24, left: 24 };
  const input: GapInput = {
    direction: "TB",
    nodes: new Map([["a", box("a", 24, 0)], ["b", box("b", 24, 300)]]),
    groups: new Map([["g", { ...box("g", 0, 220, 148, 144), padding, nameAbove: 20 }]]),
    edges: new Map(),
    labelled: new Map(),
  };
  const { nodes, groups } = compactGaps(input, SPACING);
  // a ends at 40, the frame's name starts at 200: 160 px shrink to 60.
  assert.deepEqual(groups.get("g"), box("g", 0, 120, 148, 144));
  assert.deepEqual(nodes.get("b"), box("b", 24, 200));
});

Deno.test("a flow going right compacts along x and leaves y alone", () => {
  const input: GapInput = {
    direction: "LR",
    nodes: new Map([["a", box("a", 0, 0)], ["b", box("b", 400, 30)]]),
    groups: new Map(),
    edges: new Map([["e", { id: "e", points: [[100, 20], [250, 20], [250, 50], [400, 50]] }]]),
    labelled: new Map(),
  };
  const { nodes, edges } = compactGaps(input, SPACING);
  assert.deepEqual(nodes.get("b"), box("b", 148, 30));
  assert.deepEqual(edges.get("e")!.points, [[100, 20], [124, 20], [124, 50], [148, 50]]);
});
