import assert from "node:assert/strict";
import * as Y from "yjs";
import { sceneElements, seedDocument, TOMBSTONE_MS, undoElementChange } from "./scene.ts";

const NOW = Date.parse("2026-11-24T12:00:00Z");

Deno.test("a seeded document holds the elements by id as the very texts given, the files' metadata and the revision", () => {
  const doc = new Y.Doc();
  let updates = 0;
  doc.on("update", () => updates++);
  seedDocument(doc, {
    name: "Plan",
    revision: 7,
    elements: [
      '{"id":"a","index":"a0"}',
      '"not an element"',
      "{broken",
      '{ "id": "b", "index": "a1" }',
    ],
    files: { f1: { id: "f1", mimeType: "image/png", created: 1 } },
  }, "seed");
  assert.equal(updates, 1, "one transaction, one update for every client");
  assert.deepEqual([...doc.getMap("elements").keys()].sort(), ["a", "b"]);
  assert.equal(doc.getMap("elements").get("a"), '{"id":"a","index":"a0"}', "JSON text");
  // The text given, not a copy stringified again (which would drop the spaces).
  assert.equal(doc.getMap("elements").get("b"), '{ "id": "b", "index": "a1" }');
  assert.deepEqual(doc.getMap("files").get("f1"), { id: "f1", mimeType: "image/png", created: 1 });
  assert.equal(doc.getMap("meta").get("revision"), 7);
});

Deno.test("saved elements follow their fractional index, ties by id, old tombstones dropped", () => {
  const doc = new Y.Doc();
  const elements = doc.getMap("elements");
  elements.set("late", JSON.stringify({ id: "late", index: "a2", updated: NOW }));
  elements.set("b", JSON.stringify({ id: "b", index: "a0", updated: NOW }));
  elements.set("a", JSON.stringify({ id: "a", index: "a0", updated: NOW }));
  elements.set("Z", JSON.stringify({ id: "Z", index: "Zz", updated: NOW }));
  elements.set(
    "gone",
    JSON.stringify({
      id: "gone",
      index: "a1",
      isDeleted: true,
      updated: NOW - TOMBSTONE_MS - 1,
    }),
  );
  elements.set(
    "fresh-tombstone",
    JSON.stringify({
      id: "fresh-tombstone",
      index: "a3",
      isDeleted: true,
      updated: NOW,
    }),
  );
  elements.set("junk", 42);
  elements.set("broken", "{not json");
  assert.deepEqual(
    sceneElements(doc, NOW).map((element) => element.id),
    ["Z", "a", "b", "late", "fresh-tombstone"],
  );
});

Deno.test("a change is taken back with a version above both, so editors holding it give way", () => {
  const before = JSON.stringify({ id: "a", x: 0, version: 3, versionNonce: 1 });
  const after = JSON.stringify({ id: "a", x: 999, version: 7, versionNonce: 2 });
  const [restored, ...rest] = undoElementChange(before, after, NOW);
  assert.deepEqual(rest, []);
  const value = JSON.parse(restored as string);
  assert.deepEqual([value.x, value.version, value.updated], [0, 8, NOW]);
  assert.ok(Number.isInteger(value.versionNonce) && value.versionNonce >= 0);
});

Deno.test("an element that did not exist is deleted as Excalidraw deletes, then its key removed", () => {
  const after = JSON.stringify({ id: "new", version: 2, versionNonce: 2 });
  const [tombstone, removal] = undoElementChange(undefined, after, NOW);
  assert.deepEqual(
    [JSON.parse(tombstone as string).isDeleted, JSON.parse(tombstone as string).version],
    [true, 3],
  );
  assert.equal(removal, undefined);
  // Not an element: there is nothing for an editor to give way to; the key just goes.
  assert.deepEqual(undoElementChange(undefined, "junk", NOW), [undefined]);
  assert.deepEqual(undoElementChange("junk", after, NOW), ["junk"]);
});
