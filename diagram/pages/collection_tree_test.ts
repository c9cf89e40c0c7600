import assert from "node:assert/strict";
import type { CollectionSummary } from "../service/collections.ts";
import { collectionTree, flatten, pathTo } from "./collection_tree.ts";

const collection = (id: string, parentId: string | null): CollectionSummary => ({
  id,
  name: id.toUpperCase(),
  parentId,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  diagramCount: 0,
  collectionCount: 0,
});

const list = [
  collection("a", null),
  collection("a1", "a"),
  collection("a1x", "a1"),
  collection("b", null),
  collection("lost", "gone"),
];

Deno.test("collectionTree nests children under their parents and keeps the list's order", () => {
  const tree = collectionTree(list);
  assert.deepEqual(tree.roots.map((node) => node.collection.id), ["a", "b", "lost"]);
  assert.deepEqual(tree.roots[0].children[0].children[0].collection.id, "a1x");
});

Deno.test("pathTo runs from the top collection down to the one asked for", () => {
  const tree = collectionTree(list);
  assert.deepEqual(pathTo(tree, "a1x").map((c) => c.id), ["a", "a1", "a1x"]);
  assert.deepEqual(pathTo(tree, "unknown"), []);
});

Deno.test("pathTo ends on a parent cycle instead of looping", () => {
  const tree = collectionTree([collection("p", "q"), collection("q", "p")]);
  assert.deepEqual(pathTo(tree, "p").map((c) => c.id), ["q", "p"]);
});

Deno.test("flatten lists depth-first with depths and leaves out a skipped subtree", () => {
  const tree = collectionTree(list);
  assert.deepEqual(
    flatten(tree).map(({ collection, depth }) => `${collection.id}:${depth}`),
    ["a:0", "a1:1", "a1x:2", "b:0", "lost:0"],
  );
  assert.deepEqual(flatten(tree, (c) => c.id === "a1").map(({ collection }) => collection.id), [
    "a",
    "b",
    "lost",
  ]);
});
