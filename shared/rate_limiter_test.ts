import assert from "node:assert/strict";
import { createRateLimiter } from "./rate_limiter.ts";

Deno.test("a client may burst, is then refused with the wait, and recovers with time", () => {
  let clock = 0;
  const limiter = createRateLimiter({ burst: 3, perMinute: 6, now: () => clock });
  assert.equal(limiter.take("a"), null);
  assert.equal(limiter.take("a"), null);
  assert.equal(limiter.take("a"), null);
  assert.equal(limiter.take("a"), 10);
  assert.equal(limiter.take("b"), null, "another client has its own bucket");
  clock = 10_000;
  assert.equal(limiter.take("a"), null);
  assert.equal(limiter.take("a"), 10);
});

Deno.test("idle clients are forgotten when many are tracked", () => {
  let clock = 0;
  const limiter = createRateLimiter({ burst: 2, perMinute: 60, now: () => clock });
  for (let i = 0; i < 10_000; i++) limiter.take(`client-${i}`);
  clock = 60_000;
  limiter.take("newcomer");
  assert.equal(limiter.size(), 1);
});
