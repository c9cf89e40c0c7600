// History and trash against a real embedded libSQL database, with a clock the test moves: every
// door that writes contents keeps exactly what it replaced, autosaves coalesce and nothing else
// does, restores are byte for byte and undoable, the trash hides a diagram everywhere and gives it
// back, and the upkeep compresses, thins, caps and purges as promised.
import assert from "node:assert/strict";
import type { Database } from "../db/database.ts";
import { fileWithNote } from "../../tests/helpers/scene_fixture.ts";
import type { DiagramService } from "./diagram_service.ts";
import { withTestCore } from "./service_testing.ts";
import type { Actor } from "./diagrams.ts";
import { NotFoundError, StaleRevisionError } from "./errors.ts";
import { runUpkeep } from "./upkeep.ts";

const START = Date.parse("2026-03-01T09:00:00Z");
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LIMITS = { historyMaxBytes: 1024 * 1024 * 1024, trashKeepMs: 30 * DAY };

interface Setup {
  core: DiagramService;
  db: Database;
  /** The clock every write reads; tests move it. */
  clock: { now: number };
  person: Actor;
  agent: Actor;
}

async function withHistory(run: (setup: Setup) => Promise<void>) {
  const clock = { now: START };
  await withTestCore(
    ({ core, db, userId }) =>
      run({ core, db, clock, person: { userId, via: "web" }, agent: { userId, via: "mcp" } }),
    {
      now: () => clock.now,
    },
  );
}

/** Kept revisions, oldest first: number, source and the note's text. */
async function kept(setup: Setup, id: string): Promise<[number, string, string][]> {
  const page = await setup.core.history.list(setup.person.userId, id, { limit: 100 });
  const rows: [number, string, string][] = [];
  for (const revision of page.revisions.toReversed()) {
    const { file } = await setup.core.history.file(setup.person.userId, id, revision.revision);
    rows.push([revision.revision, revision.source, noteOf(file)]);
  }
  return rows;
}

function noteOf(fileText: string): string {
  const { elements } = JSON.parse(fileText);
  return elements.find((element: { id: string }) => element.id === "note")?.text ?? "";
}

/** A one-node spec. */
function specOf(id: string, label: string) {
  return { layout: "LR", nodes: [{ id, label }], edges: [] };
}

async function revisionRows(db: Database): Promise<number> {
  const { rows } = await db.execute("SELECT count(*) AS n FROM diagram_revisions");
  return Number(rows[0].n);
}

async function noteDiagram(setup: Setup, text: string, actor = setup.person) {
  return await setup.core.diagrams.create(actor, {
    name: "Plan",
    collectionId: null,
    file: fileWithNote(text),
  });
}

function save(setup: Setup, id: string, text: string, actor = setup.person) {
  return setup.core.diagrams.replaceFile(actor, id, { file: fileWithNote(text) });
}

Deno.test("each door that writes contents keeps exactly one revision: what it replaced, under the source that made it", async () => {
  await withHistory(async (setup) => {
    const { core, person, agent, clock } = setup;
    const diagram = await noteDiagram(setup, "drawn by hand");
    clock.now += 10 * MINUTE;
    const spec = await core.diagrams.updateFromSpec(agent, diagram.id, {
      spec: specOf("a", "Agent node"),
    });
    assert.equal(spec.replacedRevision, 1);
    assert.deepEqual(await kept(setup, diagram.id), [[1, "web", "drawn by hand"]]);

    clock.now += 10 * MINUTE;
    const roomElements = fileWithNote("from the room").elements;
    await core.collabRooms.save(diagram.id, { baseRevision: 2, elements: roomElements });
    clock.now += 10 * MINUTE;
    await core.history.restore(person, diagram.id, { revision: 1 });
    clock.now += 10 * MINUTE;
    await save(setup, diagram.id, "saved over the restore");

    assert.deepEqual(
      (await kept(setup, diagram.id)).map(([revision, source]) => [revision, source]),
      [[1, "web"], [2, "mcp"], [3, "collab"], [4, "restore"]],
    );
    assert.equal(await revisionRows(setup.db), 4);
    const details = await core.diagrams.details(person.userId, diagram.id);
    assert.equal(details.revision, 5);
    assert.equal(details.changedVia, "web");
  });
});

Deno.test("autosaves within five minutes of an autosave's revision keep nothing more; anything an agent replaced keeps its own row", async () => {
  await withHistory(async (setup) => {
    const { clock } = setup;
    const diagram = await noteDiagram(setup, "v1");
    for (const [minutes, text] of [[1, "v2"], [2, "v3"], [3, "v4"]] as const) {
      clock.now = START + minutes * MINUTE;
      await save(setup, diagram.id, text);
    }
    // v1 was kept at minute 1; v2 and v3, replaced within five minutes of that, were not.
    assert.deepEqual(await kept(setup, diagram.id), [[1, "web", "v1"]]);

    clock.now = START + 7 * MINUTE;
    await save(setup, diagram.id, "v5");
    assert.deepEqual(await kept(setup, diagram.id), [[1, "web", "v1"], [4, "web", "v4"]]);

    clock.now = START + 7 * MINUTE + 5_000;
    const update = await setup.core.diagrams.updateFromSpec(setup.agent, diagram.id, {
      spec: specOf("a", "Agent"),
    });
    // What the agent replaced (v5) is kept, seconds after the last autosave's revision, under the
    // number its answer names.
    assert.equal(update.replacedRevision, 5);
    clock.now += 5_000;
    await save(setup, diagram.id, "v7");
    clock.now += 5_000;
    await save(setup, diagram.id, "v8");
    clock.now += 5_000;
    await save(setup, diagram.id, "v9");
    assert.deepEqual(await kept(setup, diagram.id), [
      [1, "web", "v1"],
      [4, "web", "v4"],
      [5, "web", "v5"],
      // The agent's version: its node, and the hand-made note it kept in place.
      [6, "mcp", "v5"],
      // The first edit after the agent's starts a window of its own.
      [7, "web", "v7"],
    ]);
  });
});

Deno.test("an agent's change seconds after it created the diagram can be undone", async () => {
  await withHistory(async (setup) => {
    const { core, agent, clock } = setup;
    const { diagram } = await core.diagrams.createFromSpec(agent, {
      name: "Flow",
      collectionId: null,
      spec: specOf("a", "First"),
    });
    const first = (await core.diagrams.stored(agent.userId, diagram.id)).file;
    clock.now += 2_000;
    const update = await core.diagrams.updateFromSpec(agent, diagram.id, {
      spec: specOf("b", "Second"),
    });
    const restored = await core.history.restore(agent, diagram.id, {
      revision: update.replacedRevision,
    });
    assert.equal((await core.diagrams.stored(agent.userId, diagram.id)).file, first);
    assert.equal(restored.replacedRevision, 2);
  });
});

Deno.test("a restore gives back the revision's file byte for byte, and can itself be undone", async () => {
  await withHistory(async (setup) => {
    const { core, person } = setup;
    // An import keeps its own text (indentation and all) when it needs no normalising.
    const original = JSON.stringify(fileWithNote("imported"), null, 2);
    const imported = await core.diagrams.create({ ...person, via: "import" }, {
      name: "Imported",
      collectionId: null,
      file: JSON.parse(original),
      sourceText: original,
    });
    await save(setup, imported.id, "overwritten");
    assert.equal((await core.history.file(person.userId, imported.id, 1)).file, original);

    const restored = await core.history.restore(person, imported.id, { revision: 1 });
    assert.equal(restored.diagram.revision, 3);
    assert.equal(restored.diagram.changedVia, "restore");
    assert.equal((await core.diagrams.get(person.userId, imported.id)).file, original);

    await core.history.restore(person, imported.id, { revision: restored.replacedRevision });
    assert.equal(noteOf((await core.diagrams.get(person.userId, imported.id)).file), "overwritten");
  });
});

Deno.test("a revision kept before links were checked comes back without its script link, its web link kept", async () => {
  await withHistory(async (setup) => {
    const { core, db, person } = setup;
    const diagram = await noteDiagram(setup, "linked");
    await save(setup, diagram.id, "overwritten");
    // What an earlier version stored: a note with a script link, beside a web link.
    const stored = fileWithNote("linked");
    const [note] = stored.elements;
    const elements = [
      { ...note, link: "javascript:alert(1)" },
      { ...note, id: "web", index: "b0", link: "https://example.com" },
    ];
    await db.execute({
      sql: "UPDATE diagram_revisions SET contents = ? WHERE diagram_id = ? AND revision = 1",
      args: [JSON.stringify({ ...stored, elements }), diagram.id],
    });

    await core.history.restore(person, diagram.id, { revision: 1 });
    const restored = JSON.parse((await core.diagrams.get(person.userId, diagram.id)).file);
    assert.deepEqual(
      restored.elements.map((element: { id: string; link: unknown }) => [element.id, element.link]),
      [["note", null], ["web", "https://example.com"]],
    );
  });
});

Deno.test("a restore over a stale If-Match, of an unknown revision or of a diagram in the trash writes nothing", async () => {
  await withHistory(async (setup) => {
    const { core, person } = setup;
    const diagram = await noteDiagram(setup, "v1");
    setup.clock.now += 10 * MINUTE;
    await save(setup, diagram.id, "v2");
    setup.clock.now += 10 * MINUTE;
    await save(setup, diagram.id, "v3");
    await assert.rejects(
      core.history.restore(person, diagram.id, { revision: 1, expectedRevision: 2 }),
      (error) => error instanceof StaleRevisionError && error.currentRevision === 3,
    );
    await assert.rejects(
      core.history.restore(person, diagram.id, { revision: 9 }),
      (error) => error instanceof NotFoundError && /no revision 9/.test(error.message),
    );
    const before = await revisionRows(setup.db);
    assert.equal((await core.diagrams.details(person.userId, diagram.id)).revision, 3);

    await core.diagrams.delete(person, diagram.id);
    const inTrash = (error: unknown) =>
      error instanceof NotFoundError && error.message === "diagram is in the trash";
    await assert.rejects(core.history.restore(person, diagram.id, { revision: 1 }), inTrash);
    await assert.rejects(core.history.list(person.userId, diagram.id, { limit: 10 }), inTrash);
    await assert.rejects(core.history.thumbnail(person.userId, diagram.id, 1), inTrash);
    assert.equal(await revisionRows(setup.db), before);

    await core.trash.restore(person, diagram.id);
    const restored = await core.history.restore(person, diagram.id, {
      revision: 1,
      expectedRevision: 3,
    });
    assert.equal(noteOf((await core.diagrams.get(person.userId, restored.diagram.id)).file), "v1");
  });
});

Deno.test("a write that changes nothing keeps no revision", async () => {
  await withHistory(async (setup) => {
    const diagram = await noteDiagram(setup, "same");
    await save(setup, diagram.id, "same");
    assert.equal(await revisionRows(setup.db), 0);
  });
});

Deno.test("the trash hides a diagram from lists, search, reads, thumbnails and rooms, and restoring it brings it back everywhere", async () => {
  await withHistory(async (setup) => {
    const { core, person } = setup;
    const folder = await core.collections.create(person, { name: "Folder" });
    const diagram = await core.diagrams.create(person, {
      name: "Zebra plan",
      collectionId: folder.id,
      file: fileWithNote("stripes"),
    });
    await core.diagrams.delete(person, diagram.id);

    const userId = person.userId;
    assert.deepEqual(await core.diagrams.list(userId, { limit: 10 }), []);
    assert.deepEqual(await core.diagrams.list(userId, { query: "stripes", limit: 10 }), []);
    assert.deepEqual(await core.diagrams.list(userId, { collectionId: folder.id, limit: 10 }), []);
    assert.equal((await core.collections.get(userId, folder.id)).diagramCount, 0);
    const inTrash = (error: unknown) =>
      error instanceof NotFoundError && error.message === "diagram is in the trash";
    await assert.rejects(core.diagrams.get(userId, diagram.id), inTrash);
    await assert.rejects(core.diagrams.thumbnail(userId, diagram.id), inTrash);
    await assert.rejects(save(setup, diagram.id, "after"), inTrash);
    const granter = { kind: "session" as const, id: "a-session" };
    await assert.rejects(core.collabRooms.ticket(userId, granter, diagram.id), inTrash);
    await assert.rejects(core.collabRooms.seed(diagram.id), NotFoundError);
    assert.deepEqual(await core.collabRooms.revisions([diagram.id]), { [diagram.id]: null });

    const trash = await core.trash.list(userId, { limit: 10, offset: 0 });
    assert.deepEqual(trash.map((entry) => [entry.id, entry.collectionId]), [
      [diagram.id, folder.id],
    ]);

    const back = await core.trash.restore(person, diagram.id);
    assert.equal(back.collectionId, folder.id);
    assert.equal((await core.diagrams.list(userId, { query: "stripes", limit: 10 })).length, 1);
    assert.equal((await core.collabRooms.revisions([diagram.id]))[diagram.id], 1);
    assert.deepEqual(await core.trash.list(userId, { limit: 10, offset: 0 }), []);
  });
});

Deno.test("a diagram whose collection went meanwhile comes back to no collection", async () => {
  await withHistory(async (setup) => {
    const { core, person } = setup;
    const folder = await core.collections.create(person, { name: "Folder" });
    const diagram = await core.diagrams.create(person, { name: "Plan", collectionId: folder.id });
    await core.diagrams.delete(person, diagram.id);
    // Nothing of it holds the collection back any more.
    await core.collections.delete(person, folder.id);
    assert.equal(
      (await core.trash.list(person.userId, { limit: 5, offset: 0 }))[0].collectionId,
      null,
    );
    assert.equal((await core.trash.restore(person, diagram.id)).collectionId, null);
  });
});

Deno.test("deleting for good, by hand or by the upkeep after the trash's days, takes the revisions too", async () => {
  await withHistory(async (setup) => {
    const { core, person, clock } = setup;
    const byHand = await noteDiagram(setup, "a");
    await save(setup, byHand.id, "b");
    const waited = await noteDiagram(setup, "c");
    await save(setup, waited.id, "d");
    const recent = await noteDiagram(setup, "e");
    assert.equal(await revisionRows(setup.db), 2);

    await core.diagrams.delete(person, byHand.id);
    await core.diagrams.delete(person, waited.id);
    await assert.rejects(core.trash.deleteForGood(person, recent.id), NotFoundError);
    await core.trash.deleteForGood(person, byHand.id);
    assert.equal(await revisionRows(setup.db), 1);

    clock.now += 29 * DAY;
    await core.diagrams.delete(person, recent.id);
    clock.now += 1 * DAY + MINUTE;
    const report = await runUpkeep(setup.db, clock.now, LIMITS);
    assert.equal(report.purged, 1);
    assert.equal(await revisionRows(setup.db), 0);
    assert.deepEqual(
      (await core.trash.list(person.userId, { limit: 5, offset: 0 })).map((entry) => entry.id),
      [recent.id],
    );
  });
});

Deno.test("the upkeep compresses kept revisions without changing a byte of what they read back as", async () => {
  await withHistory(async (setup) => {
    const { core, person } = setup;
    const diagram = await noteDiagram(setup, "x".repeat(5000));
    const before = (await core.diagrams.get(person.userId, diagram.id)).file;
    await save(setup, diagram.id, "short");
    const report = await runUpkeep(setup.db, setup.clock.now, LIMITS);
    assert.equal(report.compressed, 1);
    const { rows } = await setup.db.execute(
      "SELECT encoding, length(contents) AS stored, byte_size FROM diagram_revisions",
    );
    assert.equal(rows[0].encoding, "br");
    assert.ok(Number(rows[0].stored) * 10 < Number(rows[0].byte_size));
    assert.equal((await core.history.file(person.userId, diagram.id, 1)).file, before);
  });
});

Deno.test("the upkeep thins old revisions by the retention rules and holds history to its size cap, oldest first", async () => {
  await withHistory(async (setup) => {
    const { core, person, clock } = setup;
    const diagram = await noteDiagram(setup, "start");
    // An agent's update every 20 minutes for two hours: each keeps its own row.
    for (let step = 1; step <= 6; step++) {
      clock.now = START + step * 20 * MINUTE;
      await core.diagrams.updateFromSpec(setup.agent, diagram.id, {
        spec: specOf(`n${step}`, `Step ${step}`),
      });
    }
    assert.equal(await revisionRows(setup.db), 6);
    // A day on, all six are older than a day: one per hour is kept, the newest of each hour.
    const report = await runUpkeep(setup.db, START + DAY + 3 * 60 * MINUTE, LIMITS);
    // Saved at 9:00, 9:20, 9:40 (kept: 3) and 10:00, 10:20, 10:40 (kept: 6).
    assert.equal(report.thinned, 4);
    const page = await core.history.list(person.userId, diagram.id, { limit: 10 });
    assert.deepEqual(page.revisions.map((revision) => revision.revision), [6, 3]);

    // A cap below what the two take leaves the newest that fits.
    const sizes = await setup.db.execute(
      "SELECT length(contents) AS bytes FROM diagram_revisions ORDER BY revision DESC",
    );
    const newest = Number(sizes.rows[0].bytes);
    const capped = await runUpkeep(setup.db, clock.now, { ...LIMITS, historyMaxBytes: newest });
    assert.equal(capped.capped, 1);
    const left = await core.history.list(person.userId, diagram.id, { limit: 10 });
    assert.deepEqual(left.revisions.map((revision) => revision.revision), [6]);
  });
});
