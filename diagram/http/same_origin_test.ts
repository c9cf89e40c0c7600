import assert from "node:assert/strict";
import { Hono } from "hono";
import { isSameOrigin, requireSameOrigin } from "./same_origin.ts";

const OWN = "https://diagrams.example.com";

Deno.test("only our exact origin or a same-origin fetch counts as same-origin", () => {
  assert.equal(isSameOrigin(new Headers({ origin: OWN }), OWN), true);
  assert.equal(isSameOrigin(new Headers({ origin: "https://evil.example" }), OWN), false);
  assert.equal(isSameOrigin(new Headers({ origin: `${OWN}.evil.example` }), OWN), false);
  assert.equal(isSameOrigin(new Headers({ origin: "null" }), OWN), false);
  // A form on our own no-referrer page: Origin null, and the browser's own same-origin word.
  assert.equal(
    isSameOrigin(new Headers({ origin: "null", "sec-fetch-site": "same-origin" }), OWN),
    true,
  );
  assert.equal(
    isSameOrigin(new Headers({ origin: "null", "sec-fetch-site": "cross-site" }), OWN),
    false,
  );
  assert.equal(isSameOrigin(new Headers({ "sec-fetch-site": "same-origin" }), OWN), true);
  assert.equal(isSameOrigin(new Headers({ "sec-fetch-site": "cross-site" }), OWN), false);
  assert.equal(isSameOrigin(new Headers(), OWN), false);
  // A stated foreign Origin wins over a same-origin claim.
  assert.equal(
    isSameOrigin(
      new Headers({ origin: "https://evil.example", "sec-fetch-site": "same-origin" }),
      OWN,
    ),
    false,
  );
});

Deno.test("a loopback origin is also reached under its other loopback names, on the same scheme and port only", () => {
  const local = "http://localhost:8000";
  const from = (origin: string) => isSameOrigin(new Headers({ origin }), local);
  assert.equal(from("http://127.0.0.1:8000"), true);
  assert.equal(from("http://[::1]:8000"), true);
  assert.equal(from("http://127.0.0.1:8001"), false);
  assert.equal(from("https://127.0.0.1:8000"), false);
  assert.equal(from("http://127.0.0.2:8000"), false);
  assert.equal(from("http://localhost.evil.example:8000"), false);
  assert.equal(from("not a url"), false);
  // A public origin has no aliases.
  assert.equal(isSameOrigin(new Headers({ origin: "https://127.0.0.1" }), OWN), false);
});

Deno.test("the guard refuses foreign writes with 403 and lets reads and our own writes through", async () => {
  const app = new Hono();
  app.use(requireSameOrigin(OWN));
  app.all("/x", (c) => c.text("done"));
  const post = (headers: Record<string, string>) => app.request("/x", { method: "POST", headers });
  const refused = await post({ origin: "https://evil.example" });
  assert.equal(refused.status, 403);
  assert.match((await refused.json()).error, /cross-site/);
  assert.equal((await post({ origin: OWN })).status, 200);
  assert.equal((await app.request("/x")).status, 200);
  assert.equal((await app.request("/x", { method: "DELETE" })).status, 403);
});
