import assert from "node:assert/strict";
import { createLoginThrottle } from "./login_throttle.ts";

function throttleAt(start = 0) {
  const clock = { now: start };
  const throttle = createLoginThrottle({
    maxFailuresPerEmail: 5,
    maxFailuresPerClient: 20,
    windowMs: 15 * 60_000,
    now: () => clock.now,
  });
  return { throttle, clock };
}

Deno.test("the sixth attempt on one email inside the window is refused until the first failure ages out", () => {
  const { throttle, clock } = throttleAt();
  for (let i = 0; i < 5; i++) {
    assert.equal(throttle.retryAfter("a@x.test", "1.1.1.1"), null);
    throttle.recordFailure("a@x.test", "1.1.1.1");
    clock.now += 60_000;
  }
  // First failure at t=0, now t=5 min: it leaves the window at 15 min.
  assert.equal(throttle.retryAfter("a@x.test", "2.2.2.2"), 600);
  clock.now = 15 * 60_000 + 1;
  assert.equal(throttle.retryAfter("a@x.test", "1.1.1.1"), null);
});

Deno.test("twenty failures from one address block it for every email", () => {
  const { throttle } = throttleAt();
  for (let i = 0; i < 20; i++) throttle.recordFailure(`user${i}@x.test`, "9.9.9.9");
  assert.ok(throttle.retryAfter("fresh@x.test", "9.9.9.9")! > 0);
  assert.equal(throttle.retryAfter("fresh@x.test", "8.8.8.8"), null);
});

Deno.test("a success clears the email's failures but not the address's", () => {
  const { throttle } = throttleAt();
  for (let i = 0; i < 4; i++) throttle.recordFailure("a@x.test", "1.1.1.1");
  throttle.recordSuccess("a@x.test");
  throttle.recordFailure("a@x.test", "1.1.1.1");
  assert.equal(throttle.retryAfter("a@x.test", "3.3.3.3"), null);
  for (let i = 0; i < 15; i++) throttle.recordFailure(`b${i}@x.test`, "1.1.1.1");
  assert.ok(throttle.retryAfter("c@x.test", "1.1.1.1")! > 0);
});
