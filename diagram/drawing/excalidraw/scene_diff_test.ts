import assert from "node:assert/strict";
import { diffScenes } from "./scene_diff.ts";

const box = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "rectangle",
  x: 0,
  y: 0,
  version: 1,
  versionNonce: 1,
  updated: 1,
  boundElements: null,
  ...extra,
});
const label = (id: string, containerId: string, text: string) => ({
  id,
  type: "text",
  containerId,
  text,
  originalText: text,
  version: 1,
});

Deno.test("elements only the second drawing has are added, ones only the first has are removed, with their words", () => {
  const before = [box("a"), box("b", { boundElements: [{ id: "b-label", type: "text" }] })];
  before.push(label("b-label", "b", "Billing") as never);
  const after = [box("a"), box("c"), label("note", "", "New note")];
  const diff = diffScenes(before, after);
  assert.deepEqual(diff.added, [
    { id: "c", type: "rectangle", text: "" },
    { id: "note", type: "text", text: "New note" },
  ]);
  assert.deepEqual(diff.removed, [
    { id: "b", type: "rectangle", text: "Billing" },
    { id: "b-label", type: "text", text: "Billing" },
  ]);
  assert.deepEqual(diff.changed, []);
});

Deno.test("a moved element is changed; a new version number alone is not; a deleted one counts as absent", () => {
  const before = [box("moved"), box("resaved"), box("deleted")];
  const after = [
    box("moved", { x: 40, version: 2 }),
    box("resaved", { version: 7, versionNonce: 99, updated: 5 }),
    box("deleted", { isDeleted: true, version: 2 }),
  ];
  const diff = diffScenes(before, after);
  assert.deepEqual(diff.changed.map((element) => element.id), ["moved"]);
  assert.deepEqual(diff.removed.map((element) => element.id), ["deleted"]);
  assert.deepEqual(diff.added, []);
});

Deno.test("an element Excalidraw loaded and saved back unchanged is no change: [] for null, keys in another order", () => {
  const before = [box("a"), box("b", { index: "a1" })];
  const after = before.map((element) => ({
    ...Object.fromEntries(Object.entries(element).reverse()),
    boundElements: [],
    version: 2,
  }));
  assert.deepEqual(diffScenes(before, after), { added: [], removed: [], changed: [] });
});
