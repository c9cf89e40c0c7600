import assert from "node:assert/strict";
import { TimeLimitError, withinTime } from "./time_limit.ts";

Deno.test("a computation that never yields is stopped at its time limit, and the thread runs on", () => {
  const started = performance.now();
  assert.throws(() =>
    withinTime(200, () => {
      while (performance.now() < started + 10_000) {
        // Busy, as resvg drawing a costly picture is.
      }
    }), TimeLimitError);
  const took = performance.now() - started;
  assert.ok(took >= 190 && took < 2000, `stopped after ${took} ms`);
  assert.equal(withinTime(200, () => 6 * 7), 42);
});

Deno.test("a computation's own error and its result pass through unchanged", () => {
  const own = new RangeError("its own");
  assert.throws(() =>
    withinTime(1000, () => {
      throw own;
    }), (error) => error === own);
  const result = { drawn: true };
  assert.equal(withinTime(1000, () => result), result);
});
