import assert from "node:assert/strict";
import { savedDrawing } from "./saved_drawing.ts";
import type { SceneElement } from "./scene_binding.ts";

function box(id: string, extra: Partial<SceneElement> = {}): SceneElement {
  return { id, type: "rectangle", x: 0, index: "a0", version: 1, versionNonce: 1, ...extra };
}

Deno.test("a scene as Excalidraw loads it, or with versions bumped and nothing moved, is no change", () => {
  const onServer = savedDrawing([box("a", { boundElements: null })]);
  assert.equal(onServer.changed([box("a", { boundElements: [] })]), false);
  assert.equal(onServer.changed([box("a", { boundElements: [], version: 4 })]), false);
  assert.equal(
    onServer.changed([box("a"), box("gone", { isDeleted: true, index: "a1" })]),
    false,
    "a tombstone draws nothing",
  );
});

Deno.test("a moved, added or deleted element is a change until it is saved", () => {
  const onServer = savedDrawing([box("a")]);
  const moved = [box("a", { x: 30, version: 2 })];
  assert.equal(onServer.changed(moved), true);
  assert.equal(onServer.changed(moved), true, "still, when asked again");
  assert.equal(onServer.changed([box("a"), box("b", { index: "a1" })]), true);
  assert.equal(onServer.changed([box("a", { isDeleted: true, version: 2 })]), true);
  onServer.saved(moved);
  assert.equal(onServer.changed(moved), false);
});

Deno.test("what was saved is a copy: an element Excalidraw changes in place afterwards is a change", () => {
  const element = box("a");
  const onServer = savedDrawing([element]);
  Object.assign(element, { x: 99, version: 2 });
  assert.equal(onServer.changed([element]), true);
});
