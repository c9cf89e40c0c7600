import assert from "node:assert/strict";
import { Hono } from "hono";
import { createRateLimiter } from "../../shared/rate_limiter.ts";
import { rateLimit } from "./limiter.ts";

Deno.test("the middleware answers 429 with Retry-After and a JSON body, per client address", async () => {
  const app = new Hono();
  app.use(
    rateLimit(createRateLimiter({ burst: 1, perMinute: 1 }), (c) => c.req.header("x-who") ?? ""),
  );
  app.get("/", (c) => c.text("ok"));
  const from = (who: string) => app.request("/", { headers: { "x-who": who } });
  assert.equal((await from("a")).status, 200);
  const refused = await from("a");
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get("Retry-After"), "60");
  assert.deepEqual(await refused.json(), { error: "Too many requests" });
  assert.equal((await from("b")).status, 200, "another client has its own bucket");
});
