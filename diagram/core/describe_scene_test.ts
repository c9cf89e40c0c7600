import assert from "node:assert/strict";
import { outlineScene, outlineText } from "./describe_scene.ts";

const box = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "rectangle",
  roundness: null,
  ...extra,
});

Deno.test("a scene reads back as spec node ids, labels, shapes and bound edges", () => {
  const outline = outlineScene([
    box("e1", { customData: { nodeId: "api" }, boundElements: [{ id: "t1", type: "text" }] }),
    {
      id: "t1",
      type: "text",
      text: "API\nGateway",
      originalText: "API Gateway",
      containerId: "e1",
    },
    { id: "e2", type: "ellipse", customData: { nodeId: "db" }, boundElements: [] },
    {
      id: "a1",
      type: "arrow",
      startBinding: { elementId: "e1" },
      endBinding: { elementId: "e2" },
      boundElements: [{ id: "t2", type: "text" }],
    },
    { id: "t2", type: "text", text: "reads", containerId: "a1" },
    { id: "loose", type: "arrow", startBinding: null, endBinding: null },
    { id: "note", type: "text", text: "free note", containerId: null },
    box("gone", { isDeleted: true }),
    box("hand", { roundness: { type: 3 } }),
  ]);
  assert.deepEqual(outline.nodes, [
    { id: "api", label: "API Gateway", shape: "rectangle" },
    { id: "db", label: "", shape: "ellipse" },
    { id: "hand", label: "", shape: "rounded" },
  ]);
  assert.deepEqual(outline.edges, [{ from: "api", to: "db", label: "reads" }]);
  assert.equal(outline.otherElements, 2);
  assert.equal(
    outlineText(outline),
    [
      "nodes (3):",
      '  api [rectangle] "API Gateway"',
      '  db [ellipse] ""',
      '  hand [rounded] ""',
      "edges (1):",
      '  api -> db "reads"',
      "plus 2 other element(s) (free text, loose arrows, drawings)",
    ].join("\n"),
  );
});
