import assert from "node:assert/strict";
import { startDeadline } from "./deadline.ts";

Deno.test("a deadline aborts its signal with a TimeoutError when the time is up", async () => {
  const deadline = startDeadline(20);
  await new Promise((resolve) => deadline.signal.addEventListener("abort", resolve));
  assert.equal(deadline.expired, true);
  assert.equal((deadline.signal.reason as DOMException).name, "TimeoutError");
  deadline.clear();
});

Deno.test("a deadline follows its parent's abort, and says the time did not run out", () => {
  const parent = new AbortController();
  const deadline = startDeadline(10_000, parent.signal);
  parent.abort(new Error("client left"));
  assert.equal(deadline.signal.aborted, true);
  assert.equal((deadline.signal.reason as Error).message, "client left");
  assert.equal(deadline.expired, false);
  deadline.clear();
  const late = startDeadline(10_000, parent.signal);
  assert.equal(late.signal.aborted, true, "an already aborted parent aborts at once");
  late.clear();
});

Deno.test("a cleared deadline never fires and lets go of its parent", async () => {
  const parent = new AbortController();
  const deadline = startDeadline(10, parent.signal);
  deadline.clear();
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.equal(deadline.signal.aborted, false, "the timer is gone");
  parent.abort();
  assert.equal(deadline.signal.aborted, false, "the parent's listener is gone");
  // The test sanitizer fails a test that leaves a timer running: a 10 s one would be left here.
  startDeadline(10_000).clear();
});
