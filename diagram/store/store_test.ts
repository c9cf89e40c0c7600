// The store against a real embedded libSQL database: scoping by account, atomic revisions,
// collection trees and token lifecycles.
import assert from "node:assert/strict";
import type { Database } from "../db/database.ts";
import { openDatabase } from "../db/database.ts";
import { loadMigrations, migrate } from "../db/migrate.ts";
import { hashAccessToken } from "../auth/access_token.ts";
import { randomId } from "./random_id.ts";
import { encodeBase64Url } from "../../shared/base64url.ts";
import { sha256Hex } from "../digest.ts";
import { randomBytes } from "node:crypto";
import {
  createAccessToken,
  findTokenOwner,
  revokeAccessToken,
  tokenRevocations,
} from "./access_tokens.ts";
import {
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  MAX_COLLECTION_DEPTH,
  updateCollection,
} from "./collections.ts";
import {
  createDiagram,
  getDiagram,
  listDiagrams,
  replaceDiagramContent,
  updateDiagramMeta,
} from "./diagrams.ts";
import { listRevisions } from "./revisions.ts";
import { DIAGRAM_SOURCES } from "./sources.ts";
import { listTrash, trashDiagram } from "./trash.ts";
import { ConflictError, NotFoundError, StaleRevisionError } from "./errors.ts";
import { createSession, endSession, findSessionUser, sessionEnds } from "./sessions.ts";
import { changePassword } from "./users.ts";
import { content, fileWithText, newDiagram, withStore } from "./store_testing.ts";

Deno.test("another account's diagram is not found by any operation", async () => {
  await withStore(async (db, alice, bob) => {
    const diagram = await newDiagram(db, alice, "plan");
    await assert.rejects(getDiagram(db, bob, diagram.id), NotFoundError);
    await assert.rejects(
      replaceDiagramContent(db, bob, diagram.id, content("stolen")),
      NotFoundError,
    );
    await assert.rejects(
      updateDiagramMeta(db, bob, diagram.id, { name: "x" }),
      NotFoundError,
    );
    await assert.rejects(trashDiagram(db, bob, diagram.id, Date.now()), NotFoundError);
    assert.deepEqual(await listDiagrams(db, bob, { limit: 10 }), []);
    const kept = await getDiagram(db, alice, diagram.id);
    assert.equal(kept.name, "plan");
    assert.equal(kept.revision, 1);
    assert.match(kept.file, /"marker":"plan"/);
  });
});

Deno.test("a replace bumps the revision and an If-Match on an old revision changes nothing", async () => {
  await withStore(async (db, alice) => {
    const diagram = await newDiagram(db, alice, "flow");
    const second = await replaceDiagramContent(db, alice, diagram.id, {
      ...content("v2"),
      expectedRevision: 1,
    });
    assert.equal(second.revision, 2);
    const stale = await replaceDiagramContent(db, alice, diagram.id, {
      ...content("v3"),
      expectedRevision: 1,
    }).catch((error) => error);
    assert.ok(stale instanceof StaleRevisionError);
    assert.equal(stale.currentRevision, 2);
    const stored = await getDiagram(db, alice, diagram.id);
    assert.equal(stored.revision, 2);
    assert.match(stored.file, /"marker":"v2"/);
  });
});

Deno.test("listing filters by collection, newest first; a query of words finds names by prefix", async () => {
  await withStore(async (db, alice) => {
    const folder = await createCollection(db, alice, { name: "Work" });
    await newDiagram(db, alice, "100% done");
    await newDiagram(db, alice, "in folder", folder.id);
    const latest = await newDiagram(db, alice, "100 things");
    const all = await listDiagrams(db, alice, { limit: 10 });
    assert.equal(all[0].id, latest.id);
    assert.deepEqual(
      (await listDiagrams(db, alice, { limit: 10, query: "100%" })).map((d) => d.name).sort(),
      ["100 things", "100% done"],
    );
    assert.deepEqual(
      (await listDiagrams(db, alice, { limit: 10, query: "thin 100" })).map((d) => d.name),
      ["100 things"],
    );
    assert.deepEqual(await listDiagrams(db, alice, { limit: 10, query: '%_*"' }), []);
    assert.deepEqual(
      (await listDiagrams(db, alice, { limit: 10, collectionId: folder.id })).map((d) => d.name),
      ["in folder"],
    );
    assert.equal((await listDiagrams(db, alice, { limit: 10, collectionId: null })).length, 2);
  });
});

Deno.test("collections nest, refuse cycles, depth beyond the limit and deletion while not empty", async () => {
  await withStore(async (db, alice, bob) => {
    const top = await createCollection(db, alice, { name: "Top" });
    const child = await createCollection(db, alice, { name: "Child", parentId: top.id });
    const grandchild = await createCollection(db, alice, { name: "Grand", parentId: child.id });
    await assert.rejects(
      updateCollection(db, alice, top.id, { parentId: grandchild.id }),
      ConflictError,
    );
    await assert.rejects(updateCollection(db, alice, top.id, { parentId: top.id }), ConflictError);
    await assert.rejects(createCollection(db, bob, { name: "x", parentId: top.id }), NotFoundError);

    let parent = grandchild.id;
    for (let depth = 4; depth <= MAX_COLLECTION_DEPTH; depth++) {
      parent = (await createCollection(db, alice, { name: `L${depth}`, parentId: parent })).id;
    }
    await assert.rejects(
      createCollection(db, alice, { name: "too deep", parentId: parent }),
      ConflictError,
    );

    await newDiagram(db, alice, "inside", child.id);
    const refused = await deleteCollection(db, alice, top.id).catch((error) => error);
    assert.ok(refused instanceof ConflictError);
    assert.match(refused.message, /0 diagram\(s\) and 1 collection\(s\)/);
    assert.equal((await getCollection(db, alice, child.id)).diagramCount, 1);
    assert.deepEqual((await listCollections(db, alice, { parentId: null })).map((c) => c.name), [
      "Top",
    ]);
    assert.deepEqual(await listCollections(db, bob), []);
  });
});

Deno.test("deleting a collection moves what it holds to its parent or out of every collection", async () => {
  await withStore(async (db, alice, bob) => {
    const top = await createCollection(db, alice, { name: "Top" });
    const middle = await createCollection(db, alice, { name: "Middle", parentId: top.id });
    const leaf = await createCollection(db, alice, { name: "Leaf", parentId: middle.id });
    const plan = await newDiagram(db, alice, "plan", middle.id);
    const bobs = await createCollection(db, bob, { name: "Bob's" });

    await deleteCollection(db, alice, middle.id, "parent");
    assert.equal((await getDiagram(db, alice, plan.id)).collectionId, top.id);
    assert.equal((await getCollection(db, alice, leaf.id)).parentId, top.id);
    await assert.rejects(getCollection(db, alice, middle.id), NotFoundError);

    await deleteCollection(db, alice, top.id, "none");
    assert.equal((await getDiagram(db, alice, plan.id)).collectionId, null);
    assert.equal((await getCollection(db, alice, leaf.id)).parentId, null);
    assert.equal((await listDiagrams(db, alice, { limit: 10 })).length, 1, "nothing deleted");

    // Another account's collection is not found, whatever the caller says about its contents.
    await assert.rejects(deleteCollection(db, alice, bobs.id, "none"), NotFoundError);
    assert.equal((await getCollection(db, bob, bobs.id)).name, "Bob's");
  });
});

Deno.test("sessions and tokens are stored only as hashes and stop working when ended", async () => {
  await withStore(async (db, alice) => {
    const session = await createSession(db, alice);
    assert.equal((await findSessionUser(db, session))?.email, "alice@example.com");
    const stored = await db.execute("SELECT token_hash FROM sessions");
    assert.notEqual(stored.rows[0].token_hash, session);
    await endSession(db, session);
    assert.equal(await findSessionUser(db, session), null);

    const token = await createAccessToken(db, alice, "cli");
    const row = await db.execute("SELECT token_hash, last_used_at FROM access_tokens");
    assert.equal(row.rows[0].token_hash, hashAccessToken(token));
    assert.equal(row.rows[0].last_used_at, null);
    assert.equal((await findTokenOwner(db, token))?.userId, alice);
    assert.notEqual(
      (await db.execute("SELECT last_used_at FROM access_tokens")).rows[0].last_used_at,
      null,
    );
    assert.equal(await revokeAccessToken(db, alice, "cli"), true);
    assert.equal(await findTokenOwner(db, token), null);
    // The name is free again once its token is revoked.
    assert.match(await createAccessToken(db, alice, "cli"), /^dgm_/);
  });
});

Deno.test("ended sessions and revoked tokens say when they ended, live ones say null, unknown ones are left out", async () => {
  await withStore(async (db, alice, bob) => {
    const idOf = async (token: string) => (await findSessionUser(db, token))!.sessionId;
    const [signedOut, others, bobs] = [
      await createSession(db, alice),
      await createSession(db, alice),
      await createSession(db, bob),
    ];
    const ids = [await idOf(signedOut), await idOf(others), await idOf(bobs)];
    assert.notEqual(ids[0], signedOut, "the id is not the secret");
    const expired = await createSession(db, bob);
    const expiredId = await idOf(expired);
    const expiredAt = "2020-01-01T00:00:00.000Z";
    await db.execute({
      sql: "UPDATE sessions SET expires_at = ? WHERE id = ?",
      args: [expiredAt, expiredId],
    });

    const before = new Date().toISOString();
    await endSession(db, signedOut);
    let ends = await sessionEnds(db, [...ids, expiredId, "no-such-session"]);
    assert.ok(ends.get(ids[0])! >= before);
    assert.deepEqual([ends.get(ids[1]), ends.get(ids[2])], [null, null]);
    assert.equal(ends.get(expiredId), expiredAt);
    assert.equal(ends.has("no-such-session"), false);

    // A password change ends every other session of that account, and only that account's.
    await changePassword(db, alice, "hash-a2");
    ends = await sessionEnds(db, ids);
    assert.ok(ends.get(ids[1])! >= before);
    assert.equal(ends.get(ids[2]), null);
    assert.equal(await findSessionUser(db, others), null);
    // Signed out already: its end stays when it was.
    assert.ok(ends.get(ids[0])! <= ends.get(ids[1])!);

    const token = await createAccessToken(db, alice, "cli");
    const tokenId = (await findTokenOwner(db, token))!.tokenId;
    assert.deepEqual([...await tokenRevocations(db, [tokenId, "unknown"])], [[tokenId, null]]);
    await revokeAccessToken(db, alice, "cli");
    assert.ok((await tokenRevocations(db, [tokenId])).get(tokenId)! >= before);
  });
});

/** A database migrated up to (not including) migration `version`, holding one diagram. */
async function withLegacyDiagram(
  version: number,
  run: (db: Database, userId: string, diagramId: string) => Promise<void>,
) {
  const dir = await Deno.makeTempDir({ prefix: "store-test-" });
  const db = await openDatabase({ url: `file:${dir}/diagram.db` });
  try {
    await migrate(db, (await loadMigrations()).filter((migration) => migration.version < version));
    const userId = randomId();
    // The columns every schema since 0001 has (setPassword writes today's).
    await db.execute({
      sql: `INSERT INTO users (id, email, password_hash, created_at, updated_at)
            VALUES (?, 'old@example.com', 'hash', ?, ?)`,
      args: [userId, "2025-01-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z"],
    });
    const id = randomId();
    // The columns every schema since 0002 has.
    await db.execute({
      sql: `INSERT INTO diagrams (id, user_id, collection_id, name, file, thumbnail_svg, revision,
              source, created_at, updated_at)
            VALUES (?, ?, NULL, 'Legacy system', ?, '<svg/>', 4, 'mcp', ?, ?)`,
      args: [
        id,
        userId,
        fileWithText({ text: "Mainframe bridge" }),
        "2025-01-01T00:00:00.000Z",
        "2025-02-01T00:00:00.000Z",
      ],
    });
    await run(db, userId, id);
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("the session migration gives every session signed in before it an id, and they stay signed in", async () => {
  await withLegacyDiagram(8, async (db, userId) => {
    const token = encodeBase64Url(randomBytes(32));
    await db.execute({
      sql: `INSERT INTO sessions (token_hash, user_id, created_at, expires_at)
            VALUES (?, ?, ?, ?)`,
      args: [sha256Hex(token), userId, new Date().toISOString(), "2999-01-01T00:00:00.000Z"],
    });
    assert.equal((await migrate(db, await loadMigrations()))[0], "0008_session_ends.sql");
    const user = await findSessionUser(db, token);
    assert.equal(user?.userId, userId);
    assert.match(user.sessionId, /^[0-9a-f]{32}$/);
    assert.deepEqual([...await sessionEnds(db, [user.sessionId])], [[user.sessionId, null]]);
    await endSession(db, token);
    assert.equal(await findSessionUser(db, token), null);
  });
});

Deno.test("the search migration indexes the diagrams stored before it", async () => {
  await withLegacyDiagram(4, async (db, userId, id) => {
    assert.equal((await migrate(db, await loadMigrations()))[0], "0004_search_index.sql");
    const found = await listDiagrams(db, userId, { limit: 10, query: "mainfr" });
    assert.deepEqual(found.map((d) => d.id), [id]);
  });
});

Deno.test("the history migration keeps who made each diagram and when, and starts with no revisions and an empty trash", async () => {
  await withLegacyDiagram(7, async (db, userId, id) => {
    await db.execute({ sql: "UPDATE diagrams SET changed_via = 'web' WHERE id = ?", args: [id] });
    assert.equal((await migrate(db, await loadMigrations()))[0], "0007_history_and_trash.sql");
    const diagram = await getDiagram(db, userId, id);
    assert.equal(diagram.source, "mcp");
    assert.equal(diagram.changedVia, "web");
    assert.equal(diagram.savedAt, "2025-02-01T00:00:00.000Z");
    assert.equal(diagram.revision, 4);
    const { rows } = await db.execute("SELECT count(*) AS n FROM diagram_revisions");
    assert.equal(Number(rows[0].n), 0);
    assert.deepEqual(await listTrash(db, userId, { limit: 5, offset: 0 }), []);
  });
});

Deno.test("every door a change comes through is stored as a diagram's source, its changedVia and a revision's source", async () => {
  await withStore(async (db, alice) => {
    for (const source of DIAGRAM_SOURCES) {
      const created = await createDiagram(db, alice, {
        id: randomId(),
        name: `made by ${source}`,
        collectionId: null,
        source,
        ...content(source),
      });
      const replaced = await replaceDiagramContent(db, alice, created.id, {
        ...content(`${source} again`),
        changedVia: source,
      });
      assert.equal(replaced.source, source);
      assert.equal(replaced.changedVia, source);
      // Keeps what it replaced: the contents the first write made, under its source.
      await replaceDiagramContent(db, alice, created.id, content("a person's save"));
      const [kept] = await listRevisions(db, created.id, { limit: 1 });
      assert.equal(kept.source, source);
    }
  });
});

Deno.test("the access token a write was made with stays with its contents, into the revision they become", async () => {
  await withStore(async (db, alice) => {
    const created = await createDiagram(db, alice, {
      id: randomId(),
      name: "by token",
      collectionId: null,
      source: "mcp",
      withToken: "agent",
      ...content("by an agent"),
    });
    assert.equal(created.changedWithToken, "agent");
    const viewed = await replaceDiagramContent(db, alice, created.id, {
      ...content("in the view"),
      changedVia: "app",
      withToken: "claude-desktop",
    });
    assert.deepEqual([viewed.changedVia, viewed.changedWithToken], ["app", "claude-desktop"]);
    const signedIn = await replaceDiagramContent(db, alice, created.id, content("a person's save"));
    assert.equal(signedIn.changedWithToken, null);
    const kept = await listRevisions(db, created.id, { limit: 5 });
    assert.deepEqual(
      kept.map((revision) => [revision.revision, revision.source, revision.withToken]),
      [[2, "app", "claude-desktop"], [1, "mcp", "agent"]],
    );
  });
});

Deno.test("the app-source migration keeps every diagram's and revision's source as it was", async () => {
  await withLegacyDiagram(9, async (db, userId, id) => {
    // A restore over live editing as schema 8 wrote it: the replaced contents kept as revision 4.
    const at = "2025-03-01T00:00:00.000Z";
    await db.execute({
      sql: `INSERT INTO diagram_revisions (diagram_id, revision, source, saved_at, kept_at,
              element_count, byte_size, encoding, contents)
            VALUES (?, 4, 'collab', ?, ?, 0, 2, 'text', '{}')`,
      args: [id, at, at],
    });
    await db.execute({
      sql: "UPDATE diagrams SET changed_via = 'restore', revision = 5 WHERE id = ?",
      args: [id],
    });
    assert.equal((await migrate(db, await loadMigrations()))[0], "0009_app_source.sql");
    const diagram = await getDiagram(db, userId, id);
    assert.equal(diagram.source, "mcp");
    assert.equal(diagram.changedVia, "restore");
    const [kept] = await listRevisions(db, id, { limit: 5 });
    assert.equal(kept.source, "collab");
    await replaceDiagramContent(db, userId, id, { ...content("from a chat"), changedVia: "app" });
    assert.equal((await getDiagram(db, userId, id)).changedVia, "app");
  });
});
