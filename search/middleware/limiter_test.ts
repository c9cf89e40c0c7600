import assert from "node:assert/strict";
import { Hono } from "hono";
import { createRateLimiter, rateLimit } from "./limiter.ts";

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

Deno.test("the middleware answers 429 with Retry-After and a JSON body", async () => {
  const app = new Hono();
  app.use(rateLimit(createRateLimiter({ burst: 1, perMinute: 1 })));
  app.get("/", (c) => c.text("ok"));
  assert.equal((await app.request("/")).status, 200);
  const refused = await app.request("/");
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get("Retry-After"), "60");
  assert.deepEqual(await refused.json(), { error: "Too many requests" });
});
