import assert from "node:assert/strict";
import { createBadFrames, LOCK_MS, MAX_BAD_FRAMES } from "./bad_frames.ts";

Deno.test("repeated malformed frames lock one session's pair out for a while, logged once", () => {
  let clock = 1_000_000;
  const lines: string[] = [];
  const guard = createBadFrames({ log: (line) => lines.push(line), now: () => clock });
  for (let i = 0; i < MAX_BAD_FRAMES - 1; i++) guard.record("s1", "d1");
  assert.equal(guard.locked("s1", "d1"), false);
  guard.record("s1", "d1");
  assert.equal(guard.locked("s1", "d1"), true);
  // More bad frames (connections already open) do not log again.
  guard.record("s1", "d1");
  guard.record("s1", "d1");
  assert.equal(lines.length, 1);
  assert.match(lines[0], /room d1: 3 malformed frames/);
  // Another session, or the same session in another room, is not affected.
  assert.equal(guard.locked("s2", "d1"), false);
  assert.equal(guard.locked("s1", "d2"), false);
  clock += LOCK_MS;
  assert.equal(guard.locked("s1", "d1"), false);
});

Deno.test("bad frames far apart never lock out", () => {
  let clock = 0;
  const guard = createBadFrames({ log: () => assert.fail("no lockout"), now: () => clock });
  for (let i = 0; i < 10; i++) {
    guard.record("s", "d");
    clock += LOCK_MS / 2 + 1;
  }
  assert.equal(guard.locked("s", "d"), false);
});
