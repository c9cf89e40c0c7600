import assert from "node:assert/strict";
import { createLoginThrottle, type LoginAttempt, type Reservation } from "./login_throttle.ts";

function throttleAt(start = 0) {
  const clock = { now: start };
  const throttle = createLoginThrottle({
    maxFailuresPerEmailAndClient: 5,
    maxFailuresPerClient: 20,
    windowMs: 15 * 60_000,
    now: () => clock.now,
  });
  return { throttle, clock };
}

function granted(reservation: Reservation): LoginAttempt {
  if ("retryAfter" in reservation) throw new Error(`refused: ${reservation.retryAfter} s`);
  return reservation.attempt;
}

function refusal(reservation: Reservation): number | null {
  return "retryAfter" in reservation ? reservation.retryAfter : null;
}

Deno.test("the sixth attempt on one email from one address is refused until the first failure ages out", () => {
  const { throttle, clock } = throttleAt();
  for (let i = 0; i < 5; i++) {
    granted(throttle.reserve("a@x.test", "1.1.1.1")).failed();
    clock.now += 60_000;
  }
  // First failure at t=0, now t=5 min: it leaves the window at 15 min.
  assert.equal(refusal(throttle.reserve("a@x.test", "1.1.1.1")), 600);
  clock.now = 15 * 60_000 + 1;
  assert.equal(refusal(throttle.reserve("a@x.test", "1.1.1.1")), null);
});

Deno.test("a flood on the owner's email from one address does not lock the owner out elsewhere", () => {
  const { throttle } = throttleAt();
  for (let i = 0; i < 5; i++) granted(throttle.reserve("owner@x.test", "6.6.6.6")).failed();
  assert.ok(refusal(throttle.reserve("owner@x.test", "6.6.6.6"))! > 0);
  granted(throttle.reserve("owner@x.test", "10.0.0.2")).succeeded();
});

Deno.test("parallel attempts in flight count against the limit before any of them fails", () => {
  const { throttle } = throttleAt();
  const reservations = Array.from({ length: 30 }, () => throttle.reserve("a@x.test", "1.1.1.1"));
  const attempts = reservations.filter((reservation) => "attempt" in reservation);
  assert.equal(attempts.length, 5);
  // Refused only because others are in flight: retry as soon as they settle.
  assert.equal(refusal(reservations[5]), 1);
  for (const reservation of attempts) granted(reservation).failed();
  assert.equal(refusal(throttle.reserve("a@x.test", "1.1.1.1")), 900);
});

Deno.test("settling an attempt twice counts once", () => {
  const { throttle } = throttleAt();
  const attempt = granted(throttle.reserve("a@x.test", "1.1.1.1"));
  attempt.failed();
  attempt.failed();
  for (let i = 0; i < 4; i++) granted(throttle.reserve("a@x.test", "1.1.1.1")).failed();
  assert.ok(refusal(throttle.reserve("a@x.test", "1.1.1.1"))! > 0);
});

Deno.test("twenty failures from one address block it for every email", () => {
  const { throttle } = throttleAt();
  for (let i = 0; i < 20; i++) granted(throttle.reserve(`user${i}@x.test`, "9.9.9.9")).failed();
  assert.ok(refusal(throttle.reserve("fresh@x.test", "9.9.9.9"))! > 0);
  assert.equal(refusal(throttle.reserve("fresh@x.test", "8.8.8.8")), null);
});

Deno.test("a success clears the email's failures from that address but not the address's own", () => {
  const { throttle } = throttleAt();
  for (let i = 0; i < 4; i++) granted(throttle.reserve("a@x.test", "1.1.1.1")).failed();
  granted(throttle.reserve("a@x.test", "1.1.1.1")).succeeded();
  for (let i = 0; i < 4; i++) granted(throttle.reserve("a@x.test", "1.1.1.1")).failed();
  // Without the success this fifth failure from the address would already be refused.
  granted(throttle.reserve("a@x.test", "1.1.1.1")).failed();
  for (let i = 0; i < 11; i++) granted(throttle.reserve(`b${i}@x.test`, "1.1.1.1")).failed();
  assert.ok(refusal(throttle.reserve("c@x.test", "1.1.1.1"))! > 0);
});

Deno.test("a released attempt frees its place without counting as a failure", () => {
  const { throttle } = throttleAt();
  for (let i = 0; i < 4; i++) granted(throttle.reserve("a@x.test", "1.1.1.1")).failed();
  granted(throttle.reserve("a@x.test", "1.1.1.1")).released();
  granted(throttle.reserve("a@x.test", "1.1.1.1")).failed();
  assert.ok(refusal(throttle.reserve("a@x.test", "1.1.1.1"))! > 0);
});
