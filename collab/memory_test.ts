import assert from "node:assert/strict";
import { memoryReleaser } from "./memory.ts";
import { Room, SERVER_ORIGIN } from "./room.ts";
import { seedDocument } from "./scene.ts";

Deno.test("a full GC runs after a tick on which rooms were loaded or unloaded, and only then", () => {
  let rooms = 0;
  let collections = 0;
  const release = memoryReleaser(() => rooms, () => collections++);
  assert.equal(release(), false);
  rooms = 3;
  assert.equal(release(), true, "rooms loaded");
  assert.equal(release(), false, "nothing changed");
  rooms = 0;
  assert.equal(release(), true, "rooms unloaded");
  assert.equal(collections, 2);
});

Deno.test("without --expose-gc the releaser does nothing", () => {
  let rooms = 0;
  const release = memoryReleaser(() => rooms, undefined);
  rooms = 1;
  assert.equal(release(), false);
});

Deno.test("a room filled before anyone joins has no update encoded for it, and broadcasts again afterwards", () => {
  const room = new Room("r");
  room.fill((doc) => {
    // Yjs encodes a transaction's update only while someone listens for "update".
    assert.equal(
      (doc as unknown as { _observers: Map<string, unknown> })._observers.has("update"),
      false,
    );
    seedDocument(
      doc,
      { name: "n", revision: 1, elements: ['{"id":"a"}'], files: {} },
      SERVER_ORIGIN,
    );
  });
  assert.equal(room.doc.getMap("elements").get("a"), '{"id":"a"}');
  assert.equal(room.dirty, false);
  const sent: Uint8Array[] = [];
  const peer = {
    send: (frame: Uint8Array) => sent.push(frame),
    close() {},
    awarenessIds: new Set<number>(),
    session: "s",
  };
  const other = { ...peer, send() {}, awarenessIds: new Set<number>() };
  room.join(peer);
  room.join(other);
  sent.length = 0;
  room.doc.transact(() => room.doc.getMap("elements").set("b", '{"id":"b"}'), other);
  assert.equal(sent.length, 1, "the update reaches the other client");
  assert.throws(() => room.fill(() => {}), /before anyone joins/);
  room.destroy();
});
