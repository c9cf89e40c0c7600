import assert from "node:assert/strict";
import * as decoding from "lib0/decoding.js";
import * as encoding from "lib0/encoding.js";
import * as awarenessProtocol from "y-protocols/awareness.js";
import * as syncProtocol from "y-protocols/sync.js";
import * as Y from "yjs";
import {
  handleMessage,
  MESSAGE_AWARENESS,
  MESSAGE_QUERY_AWARENESS,
  MESSAGE_SYNC,
  ProtocolError,
  ReadOnlyError,
  syncStep1,
  syncStep2,
} from "./protocol.ts";

function room() {
  const doc = new Y.Doc();
  const awareness = new awarenessProtocol.Awareness(doc);
  awareness.setLocalState(null);
  return { doc, awareness };
}

Deno.test("step 1 from a client is answered with the update it lacks; its update is applied", () => {
  const server = room();
  server.doc.getMap("elements").set("a", { id: "a" });
  const reply = handleMessage(syncStep1(new Y.Doc()), server.doc, server.awareness, "client");
  assert.ok(reply);
  const decoder = decoding.createDecoder(reply);
  assert.equal(decoding.readVarUint(decoder), MESSAGE_SYNC);
  assert.equal(decoding.readVarUint(decoder), 1, "sync step 2");
  const caughtUp = new Y.Doc();
  Y.applyUpdate(caughtUp, decoding.readVarUint8Array(decoder));
  assert.deepEqual(caughtUp.getMap("elements").get("a"), { id: "a" });

  const edit = new Y.Doc();
  edit.getMap("elements").set("b", { id: "b" });
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, MESSAGE_SYNC);
  syncProtocol.writeUpdate(update, Y.encodeStateAsUpdate(edit));
  assert.equal(
    handleMessage(encoding.toUint8Array(update), server.doc, server.awareness, "c"),
    null,
  );
  assert.deepEqual(server.doc.getMap("elements").get("b"), { id: "b" });
  server.awareness.destroy();
});

/** The frame y-protocols itself writes for sync step 2. */
function referenceStep2(doc: Y.Doc, stateVector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  syncProtocol.writeSyncStep2(encoder, doc, stateVector);
  return encoding.toUint8Array(encoder);
}

Deno.test("sync step 2 is the frame y-protocols writes, whatever the size guess and state vector", () => {
  const server = room();
  const elements = server.doc.getMap("elements");
  // Lengths whose frames need one-, two- and three-byte length prefixes.
  for (const text of ["x", "y".repeat(200), "z".repeat(40_000)]) {
    elements.set(`e${text.length}`, text);
    const behind = new Y.Doc();
    Y.applyUpdate(behind, Y.encodeStateAsUpdate(server.doc));
    elements.set(`after${text.length}`, text);
    for (const stateVector of [Y.encodeStateVector(new Y.Doc()), Y.encodeStateVector(behind)]) {
      const expected = referenceStep2(server.doc, stateVector);
      for (const capacity of [0, 10, expected.byteLength, 4 * expected.byteLength]) {
        assert.deepEqual(
          syncStep2(server.doc, stateVector, capacity),
          expected,
          `capacity ${capacity}, ${expected.byteLength}-byte frame`,
        );
      }
    }
  }
  server.awareness.destroy();
});

Deno.test("sync step 2 carries the updates still waiting for what they depend on", () => {
  const writer = new Y.Doc();
  writer.getMap("elements").set("a", "first");
  const first = Y.encodeStateAsUpdate(writer);
  writer.getMap("elements").set("a", "second");
  const second = Y.encodeStateAsUpdate(writer, Y.encodeStateVector(new Y.Doc()));
  const server = room();
  // Only the later half arrives: Yjs keeps it pending.
  Y.applyUpdate(server.doc, Y.diffUpdate(second, Y.encodeStateVectorFromUpdate(first)));
  assert.notEqual(server.doc.store.pendingStructs, null);
  const empty = Y.encodeStateVector(new Y.Doc());
  const frame = syncStep2(server.doc, empty, 1 << 20);
  assert.deepEqual(frame, referenceStep2(server.doc, empty));
  const decoder = decoding.createDecoder(frame);
  decoding.readVarUint(decoder);
  decoding.readVarUint(decoder);
  const caughtUp = new Y.Doc();
  Y.applyUpdate(caughtUp, first);
  Y.applyUpdate(caughtUp, decoding.readVarUint8Array(decoder));
  assert.equal(caughtUp.getMap("elements").get("a"), "second");
  server.awareness.destroy();
});

Deno.test("awareness is applied with its origin and query-awareness returns every state", () => {
  const server = room();
  const client = room();
  client.awareness.setLocalState({ user: { name: "Ada" } });
  const origins: unknown[] = [];
  server.awareness.on("update", (_: unknown, origin: unknown) => origins.push(origin));
  const message = encoding.createEncoder();
  encoding.writeVarUint(message, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(
    message,
    awarenessProtocol.encodeAwarenessUpdate(client.awareness, [client.doc.clientID]),
  );
  handleMessage(encoding.toUint8Array(message), server.doc, server.awareness, "peer-1");
  assert.deepEqual(server.awareness.getStates().get(client.doc.clientID), {
    user: { name: "Ada" },
  });
  assert.deepEqual(origins, ["peer-1"]);
  const all = handleMessage(
    new Uint8Array([MESSAGE_QUERY_AWARENESS]),
    server.doc,
    server.awareness,
    "peer-2",
  );
  assert.equal(all?.[0], MESSAGE_AWARENESS);
  server.awareness.destroy();
  client.awareness.destroy();
});

Deno.test("malformed frames are ProtocolErrors and leave the document as it was", () => {
  const server = room();
  server.doc.getMap("elements").set("a", { id: "a" });
  const before = Y.encodeStateAsUpdate(server.doc);
  for (
    const frame of [
      new Uint8Array([]),
      new Uint8Array([0x80]),
      new Uint8Array([7]),
      new Uint8Array([MESSAGE_SYNC, 2, 50, 1, 2, 3]),
      crypto.getRandomValues(new Uint8Array(64)).map((byte, i) => i === 0 ? MESSAGE_SYNC : byte),
    ]
  ) {
    assert.throws(() => handleMessage(frame, server.doc, server.awareness, "x"), ProtocolError);
  }
  assert.deepEqual(Y.encodeStateAsUpdate(server.doc), before);
  server.awareness.destroy();
});

Deno.test("a client that may only read is answered, but its step 2, empty updates and presence change nothing, and a real update is a ReadOnlyError", () => {
  const server = room();
  server.doc.getMap("elements").set("a", "seeded");
  const viewer = new Y.Doc();
  viewer.getMap("elements").set("mine", "drawn by the viewer");
  const readOnly = (frame: Uint8Array) =>
    handleMessage(frame, server.doc, server.awareness, "viewer", 0, false);
  const frame = (write: (encoder: encoding.Encoder) => void) => {
    const encoder = encoding.createEncoder();
    write(encoder);
    return encoding.toUint8Array(encoder);
  };
  const sync = (subtype: number, update: Uint8Array) =>
    frame((encoder) => {
      encoding.writeVarUint(encoder, MESSAGE_SYNC);
      encoding.writeVarUint(encoder, subtype);
      encoding.writeVarUint8Array(encoder, update);
    });

  // Reads: its step 1 is answered with the room's state.
  assert.ok(readOnly(syncStep1(viewer)));
  // Its answer to ours (what it holds that the room lacks) is dropped quietly.
  assert.equal(readOnly(sync(1, Y.encodeStateAsUpdate(viewer))), null);
  // So is an update with nothing in it.
  assert.equal(readOnly(sync(2, Y.encodeStateAsUpdate(new Y.Doc()))), null);
  // Its presence is not taken.
  const presence = new awarenessProtocol.Awareness(viewer);
  presence.setLocalStateField("user", { name: "peeker" });
  assert.equal(
    readOnly(frame((encoder) => {
      encoding.writeVarUint(encoder, MESSAGE_AWARENESS);
      encoding.writeVarUint8Array(
        encoder,
        awarenessProtocol.encodeAwarenessUpdate(presence, [viewer.clientID]),
      );
    })),
    null,
  );
  // A write is refused.
  assert.throws(() => readOnly(sync(2, Y.encodeStateAsUpdate(viewer))), ReadOnlyError);
  // A malformed one is still malformed.
  assert.throws(() => readOnly(sync(2, new Uint8Array([200, 200, 200]))), ProtocolError);

  assert.deepEqual([...server.doc.getMap("elements").keys()], ["a"]);
  assert.deepEqual([...server.awareness.getStates().keys()], []);
  presence.destroy();
  server.awareness.destroy();
});
