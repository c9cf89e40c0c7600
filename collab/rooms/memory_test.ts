import assert from "node:assert/strict";
import { memoryReleaser, QUIET_MS } from "./memory.ts";
import { Room, SERVER_ORIGIN } from "../room/room.ts";
import { seedDocument } from "../room/scene.ts";

/** A releaser over a fake server whose clock moves by one tick (10 s) per call. */
function releaserOf(collect?: () => void) {
  const server = { roomChanges: 0, saves: 0, lastEditAt: 0, clock: 1_000 };
  const release = memoryReleaser(
    {
      roomChanges: () => server.roomChanges,
      saves: () => server.saves,
      lastEditAt: () => server.lastEditAt,
    },
    collect,
    () => server.clock,
  );
  const tick = () => {
    server.clock += 10_000;
    return release();
  };
  return { server, tick };
}

Deno.test("a full GC runs after rooms were loaded, saved or unloaded, on a tick when nobody edits, and only then", () => {
  let collections = 0;
  const { server, tick } = releaserOf(() => collections++);
  assert.equal(tick(), false, "nothing happened");
  server.roomChanges = 3;
  assert.equal(tick(), true, "rooms loaded, nobody edited for QUIET_MS");
  assert.equal(tick(), false, "nothing changed");
  server.saves++;
  assert.equal(tick(), true, "a room saved");
  server.roomChanges += 3;
  assert.equal(tick(), true, "rooms unloaded");
  server.roomChanges += 2;
  assert.equal(tick(), true, "one room unloaded and another loaded: as many rooms as before");
  assert.equal(collections, 4);
});

Deno.test("while clients edit the collection waits for a tick QUIET_MS after the last edit", () => {
  let collections = 0;
  const { server, tick } = releaserOf(() => collections++);
  server.roomChanges = 20;
  server.lastEditAt = server.clock + 9_000;
  assert.equal(tick(), false, "busy: an edit a second before the tick");
  server.saves++;
  server.lastEditAt = server.clock + 10_000 - QUIET_MS + 1;
  assert.equal(tick(), false, "an edit just under QUIET_MS before the tick");
  assert.equal(tick(), true, "quiet at last");
  assert.equal(tick(), false, "collected already");
  assert.equal(collections, 1);
});

Deno.test("without --expose-gc the releaser does nothing", () => {
  const { server, tick } = releaserOf(undefined);
  server.roomChanges = 1;
  assert.equal(tick(), false);
});

Deno.test("a room filled before anyone joins has no update encoded for it, and broadcasts again afterwards", () => {
  const room = new Room("r");
  room.fill((doc) => {
    // Yjs encodes a transaction's update only while someone listens for "update".
    assert.equal(
      (doc as unknown as { _observers: Map<string, unknown> })._observers.has("update"),
      false,
    );
    return seedDocument(
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
  assert.throws(() => room.fill(() => 0), /before anyone joins/);
  room.destroy();
});

Deno.test("collab's collection hands the freed pages back (RSS falls, not only the heap)", async () => {
  const script = `
    import { exposedGc } from "${new URL("./memory.ts", import.meta.url).href}";
    let keep = [];
    for (let i = 0; i < 300000; i++) keep.push({ a: i, b: "s" + i, c: [i, i + 1] });
    const with_ = Deno.memoryUsage().rss;
    keep = null;
    exposedGc();
    console.log(JSON.stringify({ with: with_, after: Deno.memoryUsage().rss }));
  `;
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--v8-flags=--expose-gc,--max-semi-space-size=2", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const rss = JSON.parse(new TextDecoder().decode(stdout));
  // About 45 MiB of garbage: a plain gc() left RSS where it was, this takes most of it back.
  assert.ok(rss.with - rss.after > 25 * 1024 * 1024, JSON.stringify(rss));
});
