import assert from "node:assert/strict";
import { sameDrawing, sameElement, sameFile, sameValue } from "./same_drawing.ts";

const box = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "rectangle",
  x: 0,
  y: 0,
  index: "a0",
  version: 1,
  versionNonce: 1,
  updated: 1,
  boundElements: null,
  groupIds: [],
  customData: { kind: "node" },
  ...extra,
});

Deno.test("how a writer spells nothing, the order of keys and the bookkeeping are no change", () => {
  const stored = box("a");
  // Excalidraw's load: [] for null, no empty groupIds, keys in another order, a re-numbered index
  // and a version bump.
  const { groupIds: _, ...rest } = box("a", { boundElements: [], frameId: null, link: null });
  const loaded = Object.fromEntries(Object.entries(rest).reverse());
  Object.assign(loaded, { index: "Zz", version: 9, versionNonce: 77, updated: 2 });
  assert.equal(sameElement(stored, loaded), true);
  assert.equal(sameDrawing([stored], [loaded]), true);
});

Deno.test("anything drawn differently is a change: a field, a nested value, an empty value given", () => {
  assert.equal(sameElement(box("a"), box("a", { x: 1 })), false);
  assert.equal(sameElement(box("a"), box("a", { customData: { kind: "edge" } })), false);
  assert.equal(
    sameElement(box("a"), box("a", { boundElements: [{ id: "t", type: "text" }] })),
    false,
  );
  assert.equal(sameElement(box("a"), box("a", { strokeWidth: 0 })), false, "0 is not empty");
  assert.equal(sameElement(box("a"), box("a", { link: "" })), false, '"" is not empty');
});

Deno.test("a drawing is its live elements in order: a tombstone is absent, a reorder is a change", () => {
  const drawing = [box("a"), box("b", { index: "a1" })];
  assert.equal(sameDrawing(drawing, [...drawing, box("gone", { isDeleted: true })]), true);
  assert.equal(sameDrawing(drawing, [drawing[0]]), false, "one deleted");
  assert.equal(sameDrawing(drawing, [drawing[0], box("b", { isDeleted: true })]), false);
  assert.equal(sameDrawing(drawing, [drawing[1], drawing[0]]), false, "b brought to the back");
  assert.equal(sameDrawing(drawing, [drawing[0], box("c")]), false, "another element");
});

Deno.test("two files hold the same drawing when elements, appState, images and a writer's own keys agree; the envelope does not count", () => {
  const file = (extra: Record<string, unknown> = {}) => ({
    type: "excalidraw",
    version: 2,
    source: "https://excalidraw.com",
    elements: [box("a")],
    appState: { viewBackgroundColor: "#ffffff", gridSize: null },
    files: {},
    ...extra,
  });
  assert.equal(
    sameFile(file(), file({ source: "test", appState: { viewBackgroundColor: "#ffffff" } })),
    true,
  );
  assert.equal(sameFile(file(), file({ appState: { viewBackgroundColor: "#000000" } })), false);
  assert.equal(
    sameFile(file(), file({ files: { f: { id: "f", mimeType: "image/png" } } })),
    false,
  );
  assert.equal(sameFile(file(), file({ elements: [box("a", { x: 5 })] })), false);
  assert.equal(sameFile(file(), { ...file(), elements: "none" }), false);
  // A key of the writer's own is kept by a save, so a save that changes it is a change.
  assert.equal(sameFile(file({ note: "first" }), file({ note: "second" })), false);
  assert.equal(sameFile(file({ note: "first" }), file({ note: "first" })), true);
});

Deno.test("sameValue compares lists item by item and values exactly", () => {
  assert.equal(sameValue([1, [2, { a: null }]], [1, [2, {}]]), true);
  assert.equal(sameValue([1, 2], [2, 1]), false);
  assert.equal(sameValue(1, "1"), false);
  assert.equal(sameValue({ a: [] }, null), true);
  assert.equal(sameValue({ gridSize: null }, {}), true, "an object of nothing is nothing");
  assert.equal(sameValue([null], []), false, "a list's items are its length too");
});
