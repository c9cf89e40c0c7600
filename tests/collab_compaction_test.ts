// Rooms that do not grow with every session: 200 short sessions, each a real y-websocket client
// (a new Yjs client id) that joins, moves the one element and leaves, the room unloading in
// between. The room file and the join time stay flat, as the room file is compacted at unload.
import assert from "node:assert/strict";
import { roomFiles } from "../collab/rooms/room_files.ts";
import {
  eventually,
  health,
  joinRoom,
  rectangle,
  startCollab,
  startDiagramWithAccount,
} from "./helpers/collab_instance.ts";

const SESSIONS = 200;
const FAST = { COLLAB_FLUSH_MS: "100", COLLAB_UNLOAD_MS: "100" };

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1];

Deno.test("200 sessions in one room, unloaded in between: the room file and the join time stay flat", async () => {
  const started = Date.now();
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST);
  const id = await setup.newDiagram([rectangle("moved", "a0"), rectangle("still", "a1")]);
  const files = roomFiles(`${collab.dataDir}/collab`);
  const sizes: number[] = [];
  const joins: number[] = [];
  let token = "";
  for (let i = 0; i < SESSIONS; i++) {
    // A token lasts minutes; a fresh one now and then, as the editor asks for.
    if (i % 50 === 0) token = await setup.token(id);
    const joinedAt = performance.now();
    using client = joinRoom(collab, id, token);
    await client.synced();
    joins.push(performance.now() - joinedAt);
    assert.deepEqual([...client.elements.keys()].sort(), ["moved", "still"]);
    const moved = JSON.parse(client.elements.get("moved") as string);
    if (i > 0) assert.equal(moved.x, i - 1, "the last session's edit is there");
    client.elements.set(
      "moved",
      JSON.stringify({ ...moved, x: i, version: moved.version + 1, updated: Date.now() }),
    );
    // The update goes out at once; the next session checks it arrived.
    await new Promise((resolve) => setTimeout(resolve, 20));
    client.destroy();
    await eventually(
      async () => (await health(collab)).rooms === 0 || undefined,
      10_000,
      `room unloaded after session ${i}`,
    );
    const record = await files.read(id);
    assert.ok(record && !record.pending);
    sizes.push(record.state.length);
  }
  const first = sizes.slice(0, 20);
  const last = sizes.slice(-20);
  console.log(
    `room file bytes: first 20 ${Math.min(...first)}-${Math.max(...first)}, ` +
      `last 20 ${Math.min(...last)}-${Math.max(...last)}; join ms median: first 20 ` +
      `${median(joins.slice(0, 20)).toFixed(1)}, last 20 ${median(joins.slice(-20)).toFixed(1)}; ` +
      `${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  // The same content each time, but for the digits of x: within a few bytes.
  assert.ok(Math.max(...last) <= Math.max(...first) + 8, `sizes ${first} then ${last}`);
  assert.ok(
    median(joins.slice(-20)) <= median(joins.slice(0, 20)) * 2 + 20,
    `join times ${joins.slice(0, 20)} then ${joins.slice(-20)}`,
  );
  const stored = await setup.storedElements(id);
  const moved = stored.elements.find((element) => element.id === "moved") as { x?: number };
  assert.equal(moved.x, SESSIONS - 1);
  assert.ok(Date.now() - started < 240_000, "bounded in time");
});
