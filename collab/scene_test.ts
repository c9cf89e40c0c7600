import assert from "node:assert/strict";
import * as Y from "yjs";
import { sceneElements, seedDocument, TOMBSTONE_MS } from "./scene.ts";

const NOW = Date.parse("2026-11-24T12:00:00Z");

Deno.test("a seeded document holds the elements by id, the files' metadata and the revision", () => {
  const doc = new Y.Doc();
  let updates = 0;
  doc.on("update", () => updates++);
  seedDocument(doc, {
    name: "Plan",
    revision: 7,
    elements: [{ id: "a", index: "a0" }, "not an element", { id: "b", index: "a1" }],
    files: { f1: { id: "f1", mimeType: "image/png", created: 1 } },
  }, "seed");
  assert.equal(updates, 1, "one transaction, one update for every client");
  assert.deepEqual([...doc.getMap("elements").keys()].sort(), ["a", "b"]);
  assert.equal(doc.getMap("elements").get("a"), '{"id":"a","index":"a0"}', "JSON text");
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
