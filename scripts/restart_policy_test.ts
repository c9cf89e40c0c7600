import assert from "node:assert/strict";
import {
  decide,
  type Exit,
  FRESH,
  MAX_FAILED_STARTS,
  type RestartState,
} from "./restart_policy.ts";

const CRASH: Exit = { code: 137, uptimeMs: 5_000, listened: true };

/** The pauses of `count` crashes in a row. */
function pauses(count: number, exit: Exit = CRASH): number[] {
  let state: RestartState = FRESH;
  const delays: number[] = [];
  for (let index = 0; index < count; index++) {
    const next = decide(state, exit);
    assert.equal(next.decision.action, "restart");
    if (next.decision.action === "restart") delays.push(next.decision.delayMs);
    state = next.state;
  }
  return delays;
}

Deno.test("crashes in a row are restarted after 1, 2, 4 … s, capped at 30 s", () => {
  assert.deepEqual(pauses(8), [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  const first = decide(FRESH, CRASH).decision;
  assert.deepEqual(first, { action: "restart", delayMs: 1_000, restart: 1 });
});

Deno.test("a run of 60 s or more starts the pauses again from 1 s", () => {
  let state: RestartState = FRESH;
  for (let index = 0; index < 4; index++) state = decide(state, CRASH).state;
  assert.equal(state.restarts, 4);
  const afterLongRun = decide(state, { ...CRASH, uptimeMs: 60_000 }).decision;
  assert.deepEqual(afterLongRun, { action: "restart", delayMs: 1_000, restart: 1 });
  const afterShortRun = decide(state, { ...CRASH, uptimeMs: 59_999 }).decision;
  assert.deepEqual(afterShortRun, { action: "restart", delayMs: 16_000, restart: 5 });
});

Deno.test("a bad setting at start stops everything with exit code 2", () => {
  const { decision } = decide(FRESH, { code: 2, uptimeMs: 300, listened: false });
  assert.deepEqual(decision, { action: "stop", exitCode: 2, why: "config" });
  // Code 2 from a service that was already serving is a crash like any other.
  const later = decide(FRESH, { code: 2, uptimeMs: 9_000, listened: true }).decision;
  assert.equal(later.action, "restart");
});

Deno.test("a service that cannot listen on its address stops everything with exit code 3, at once", () => {
  const { decision } = decide(FRESH, { code: 3, uptimeMs: 900, listened: false });
  assert.deepEqual(decision, { action: "stop", exitCode: 3, why: "listen" });
});

Deno.test("a service that dies before listening five times in a row is given up on", () => {
  const failedStart: Exit = { code: 1, uptimeMs: 500, listened: false };
  let state: RestartState = FRESH;
  for (let index = 1; index < MAX_FAILED_STARTS; index++) {
    const next = decide(state, failedStart);
    assert.equal(next.decision.action, "restart", `failed start ${index}`);
    state = next.state;
  }
  assert.deepEqual(decide(state, failedStart).decision, {
    action: "stop",
    exitCode: 1,
    why: "failed-starts",
  });
  // One run that got as far as listening clears the count.
  const recovered = decide(state, CRASH).state;
  assert.equal(recovered.failedStarts, 0);
  assert.equal(decide(recovered, failedStart).decision.action, "restart");
  const quiet = decide({ ...state }, { ...failedStart, code: 0 }).decision;
  assert.deepEqual(quiet, { action: "stop", exitCode: 1, why: "failed-starts" });
});
