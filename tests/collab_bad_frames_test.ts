// Bad frames cost little: a crafted update that cost Yjs 170-450 ms of CPU before it threw is
// refused by a cheap walk first, and a session that keeps sending malformed frames is locked out
// of the room for a minute, logged once, while good clients carry on.
import assert from "node:assert/strict";
import { craftedUpdateFrame } from "./helpers/bad_update.ts";
import {
  draw,
  eventually,
  FAST_FLUSH,
  joinRoom,
  rawSocket,
  rectangle,
  sees,
  startCollab,
  startDiagramWithAccount,
  stored,
} from "./helpers/collab_instance.ts";

const LOCKOUT_LOG = /malformed frames from one token's session/g;

Deno.test("a crafted update is refused at once; repeated bad frames lock the session out of the room, logged once; good clients carry on", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  using alice = joinRoom(collab, id, await setup.token(id));
  using bob = joinRoom(collab, id, await setup.token(id));
  await Promise.all([alice.synced(), bob.synced()]);

  // Another browser of the account turns bad.
  const mallory = await setup.signIn();
  const token = await setup.token(id, mallory);
  const frame = craftedUpdateFrame();
  const refusedIn: number[] = [];
  for (let i = 0; i < 3; i++) {
    await using raw = rawSocket(collab, id, token);
    await raw.opened;
    // Joined once the server answers with its sync step 1.
    await new Promise((resolve) => raw.socket.addEventListener("message", resolve, { once: true }));
    const sentAt = performance.now();
    raw.socket.send(frame);
    const closed = await raw.closed;
    refusedIn.push(performance.now() - sentAt);
    assert.equal(closed.code, 4400);
    assert.match(closed.reason, /malformed update/);
  }
  // Applied, the frame cost 170-450 ms before Yjs threw; walked, it is refused at once.
  assert.ok(Math.min(...refusedIn) < 50, `refused in ${refusedIn.map((ms) => ms.toFixed(1))} ms`);

  // Locked out: the same token, and a fresh one of the same session, are refused with 4400.
  for (const again of [token, await setup.token(id, mallory)]) {
    await using raw = rawSocket(collab, id, again);
    const closed = await raw.closed;
    assert.equal(closed.code, 4400);
    assert.match(closed.reason, /try again in a minute/);
  }
  await eventually(() => LOCKOUT_LOG.test(collab.process.output) || undefined, 5000, "logged");
  assert.equal(collab.process.output.match(LOCKOUT_LOG)?.length, 1);
  assert.ok(!collab.process.output.includes(token), "the token is never logged");

  // The good clients were never disturbed, and the room goes on saving.
  draw(alice, "still-working", "a1");
  await sees(bob, ["still-working"]);
  assert.deepEqual([alice.connectionCloses(), bob.connectionCloses()], [0, 0]);
  using carol = joinRoom(collab, id, await setup.token(id));
  await carol.synced();
  await sees(carol, ["still-working"]);
  await stored(setup, id, ["still-working"]);

  // What /metrics shows of it: the three bad frames, the room, its clients, traffic and saves.
  const metrics = await (await fetch(new URL("/metrics", collab.url))).text();
  const value = (name: string) => Number(metrics.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1]);
  assert.equal(value("collab_malformed_frames_total"), 3);
  assert.equal(value("collab_rooms"), 1);
  assert.equal(value("collab_connections"), 3);
  assert.ok(value("collab_received_bytes_total") > frame.byteLength * 3);
  assert.ok(value("collab_sent_bytes_total") > 0);
  assert.ok(value("collab_flushes_total") >= 1);
  assert.equal(value("collab_flush_failures_total"), 0);
  assert.match(metrics, /^http_requests_total\{route="\/:room",method="GET",code="101"\} \d+$/m);
});
