import assert from "node:assert/strict";
import type { Peer } from "../room/room.ts";
import type { DiagramClient } from "./diagram_client.ts";
import { roomFiles } from "./room_files.ts";
import { createRooms } from "./rooms.ts";
import { createSessionGate } from "./session_gate.ts";

Deno.test("roomChanges counts every room loaded and every room unloaded, even when the number of rooms stays the same", async () => {
  const dir = await Deno.makeTempDir({ prefix: "collab-rooms-" });
  let clock = 1_000;
  const now = () => clock;
  const client: DiagramClient = {
    seed: () => Promise.resolve({ name: "d", revision: 1, elements: [], files: {} }),
    save: (_id, baseRevision) => Promise.resolve({ saved: true, revision: baseRevision + 1 }),
    revisions: (ids) => Promise.resolve(Object.fromEntries(ids.map((id) => [id, 1]))),
    endedSessions: () => Promise.resolve({}),
  };
  const rooms = createRooms({
    client,
    sessions: createSessionGate({ client, confirmMs: 100, now }),
    files: roomFiles(dir),
    maxRooms: 10,
    flushMs: 100,
    unloadMs: 1_000,
    log: () => {},
    now,
  });
  const peer = (): Peer => ({ send() {}, close() {}, awarenessIds: new Set(), session: "s" });
  try {
    assert.equal(rooms.roomChanges(), 0);
    const first = peer();
    const a = await rooms.join("a", first);
    assert.equal(rooms.roomChanges(), 1, "a loaded");
    rooms.leave(a, first);
    clock += 2_000;
    const second = peer();
    await rooms.join("b", second);
    await rooms.tick();
    assert.equal(rooms.stats().rooms, 1, "still one room: b");
    assert.equal(rooms.roomChanges(), 3, "a unloaded, b loaded");
  } finally {
    await rooms.shutdown();
    await Deno.remove(dir, { recursive: true });
  }
});
