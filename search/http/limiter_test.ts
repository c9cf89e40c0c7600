import assert from "node:assert/strict";
import { Hono } from "hono";
import { createRateLimiter } from "../../shared/rate_limiter.ts";
import { rateLimit } from "./limiter.ts";

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
