import assert from "node:assert/strict";
import * as Y from "yjs";
import { COMPACT_CLIENT, compactState } from "./compact.ts";
import { TOMBSTONE_MS } from "./scene.ts";

const element = (id: string, x: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id, x, version: x, updated: Date.now(), ...extra });

/** Two-way sync, as y-websocket does on reconnect: each side gets what it lacks. */
function sync(a: Y.Doc, b: Y.Doc): void {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

/** A room whose one element was edited by `sessions` clients in turn, each a new client id. */
function roomWithHistory(sessions: number): Y.Doc {
  const room = new Y.Doc();
  room.getMap("meta").set("revision", 1);
  for (let i = 0; i < sessions; i++) {
    const client = new Y.Doc();
    sync(room, client);
    client.getMap("elements").set("a", element("a", i));
    client.getMap("files").set(`f${i % 3}`, { id: `f${i % 3}`, mimeType: "image/png" });
    sync(room, client);
  }
  return room;
}

Deno.test("a compacted room holds the same content, from one client, at the cost of the content", () => {
  const room = roomWithHistory(200);
  const full = Y.encodeStateAsUpdate(room);
  const compact = compactState(room);
  const loaded = new Y.Doc();
  Y.applyUpdate(loaded, compact);
  for (const name of ["elements", "files", "meta"]) {
    assert.deepEqual(loaded.getMap(name).toJSON(), room.getMap(name).toJSON(), name);
  }
  assert.deepEqual([...Y.decodeStateVector(Y.encodeStateVector(loaded)).keys()], [COMPACT_CLIENT]);
  assert.ok(compact.length * 5 < full.length, `${compact.length} bytes against ${full.length}`);
  // 20 sessions or 200: the same size, but for the digits of the last x.
  assert.ok(Math.abs(compactState(roomWithHistory(20)).length - compact.length) <= 4);
});

Deno.test("tombstones older than a day are left out of the compacted room, newer ones kept", () => {
  const room = new Y.Doc();
  const old = Date.now() - TOMBSTONE_MS - 1000;
  room.getMap("elements").set("gone", element("gone", 1, { isDeleted: true, updated: old }));
  room.getMap("elements").set("recent", element("recent", 1, { isDeleted: true }));
  const loaded = new Y.Doc();
  Y.applyUpdate(loaded, compactState(room));
  assert.deepEqual([...loaded.getMap("elements").keys()], ["recent"]);
});

Deno.test("a client holding the old history reconnects to the compacted room: nothing stale, nothing twice, its new keys merged", () => {
  const room = roomWithHistory(5);
  // Alice was in the room and holds its whole history; she goes away.
  const alice = new Y.Doc();
  sync(room, alice);
  // The room is compacted and loaded again; Bob edits the element after that.
  const reloaded = new Y.Doc();
  Y.applyUpdate(reloaded, compactState(room));
  const bob = new Y.Doc();
  sync(reloaded, bob);
  bob.getMap("elements").set("a", element("a", 100));
  sync(reloaded, bob);
  // Alice, offline meanwhile, drew a new element; now she reconnects.
  alice.getMap("elements").set("offline", element("offline", 1));
  sync(reloaded, alice);
  sync(reloaded, bob);
  for (const doc of [reloaded, alice, bob]) {
    const elements = doc.getMap("elements");
    assert.deepEqual([...elements.keys()].sort(), ["a", "offline"]);
    assert.equal(JSON.parse(elements.get("a") as string).x, 100, "Bob's newer edit stays");
    assert.equal(doc.getMap("meta").get("revision"), 1);
  }
  assert.deepEqual(reloaded.getMap("files").toJSON(), room.getMap("files").toJSON());
});

Deno.test("an old client's value for a key the compacted room holds gives way to the room's", () => {
  const room = roomWithHistory(3);
  const alice = new Y.Doc();
  sync(room, alice);
  const reloaded = new Y.Doc();
  Y.applyUpdate(reloaded, compactState(room));
  // Offline, Alice moved the existing element: at the Yjs level the compacted value is the later
  // write; the editor's own rule (the higher version wins) writes hers back when it sees it.
  alice.getMap("elements").set("a", element("a", 50));
  sync(reloaded, alice);
  const values = [reloaded, alice].map((doc) => doc.getMap("elements").get("a"));
  assert.equal(values[0], values[1], "both sides agree");
  assert.deepEqual([...reloaded.getMap("elements").keys()], ["a"]);
});
