// Full-text search against a real embedded libSQL database: the text inside a diagram is found,
// matches are marked and ranked, and every write keeps the index in step.
import assert from "node:assert/strict";
import {
  createDiagram,
  listDiagrams,
  replaceDiagramContent,
  updateDiagramMeta,
} from "./diagrams.ts";
import { randomId } from "./random_id.ts";
import { fileWithText, newDiagram, withStore } from "./store_testing.ts";
import { trashDiagram } from "./trash.ts";

Deno.test("search finds the text inside a diagram, labels included, folds diacritics and ranks name hits first", async () => {
  await withStore(async (db, alice, bob) => {
    const inside = await createDiagram(db, alice, {
      id: randomId(),
      name: "Architecture",
      collectionId: null,
      source: "mcp",
      now: Date.now(),
      file: fileWithText({ text: "Database cluster", containerId: "shape" }, { text: "café" }),
      thumbnailSvg: "<svg/>",
      elementCount: 1,
    });
    const named = await newDiagram(db, alice, "Data lake");
    const gone = await createDiagram(db, alice, {
      id: randomId(),
      name: "Old",
      collectionId: null,
      source: "web",
      now: Date.now(),
      file: fileWithText({ text: "database", deleted: true }),
      thumbnailSvg: "<svg/>",
      elementCount: 1,
    });
    const found = (query: string, owner = alice) =>
      listDiagrams(db, owner, { limit: 10, query }).then((rows) => rows.map((d) => d.id));
    assert.deepEqual(await found("data"), [named.id, inside.id]);
    assert.deepEqual(await found("CAFE"), [inside.id]);
    assert.deepEqual(await found("cluster datab"), [inside.id]);
    assert.ok(!(await found("database")).includes(gone.id), "deleted elements are not indexed");
    assert.deepEqual(await found("data", bob), []);
    const [hit] = await listDiagrams(db, alice, { limit: 1, query: "clust" });
    assert.equal(hit.match?.snippet, "Database \u0002cluster\u0003 café");

    // Every write keeps the index in step: a rename, new contents, a delete.
    await updateDiagramMeta(db, alice, named.id, { name: "Lakehouse" });
    assert.deepEqual(await found("data"), [inside.id]);
    assert.deepEqual(await found("lakeh"), [named.id]);
    await replaceDiagramContent(db, alice, inside.id, {
      file: fileWithText({ text: "Queue" }),
      thumbnailSvg: "<svg/>",
      elementCount: 1,
      changedVia: "mcp",
      now: Date.now(),
    });
    assert.deepEqual(await found("cafe"), []);
    assert.deepEqual(await found("queue"), [inside.id]);
    await trashDiagram(db, alice, inside.id, Date.now());
    assert.deepEqual(await found("queue"), []);
  });
});
