import assert from "node:assert/strict";
import { Hono } from "hono";
import { listen } from "../serve.ts";
import { isAllowedOrigin, originGuard, type OriginPolicy } from "./browser_origin.ts";
import { jsonRpcError, UNAUTHORIZED } from "./jsonrpc_error.ts";

const LOOPBACK: OriginPolicy = { variable: "X_ORIGINS" };

Deno.test("an absent origin passes, loopback pages pass by default, foreign ones do not", () => {
  for (
    const origin of [null, "http://localhost:6274", "http://127.0.0.1", "https://[::1]:8443"]
  ) {
    assert.equal(isAllowedOrigin(origin, LOOPBACK), true, String(origin));
  }
  for (
    const origin of [
      "https://evil.example",
      "null",
      "http://localhost.evil.example",
      "http://127.0.0.2",
      "file://localhost",
    ]
  ) {
    assert.equal(isAllowedOrigin(origin, LOOPBACK), false, origin);
  }
});

Deno.test("a configured list replaces the loopback default and matches exactly", () => {
  const policy = { ...LOOPBACK, configured: ["https://chat.example.org"] };
  assert.equal(isAllowedOrigin("https://chat.example.org", policy), true);
  assert.equal(isAllowedOrigin("https://chat.example.org:8443", policy), false);
  assert.equal(isAllowedOrigin("http://localhost:6274", policy), false);
  assert.equal(isAllowedOrigin(null, policy), true);
});

Deno.test("the service's own origin passes whatever the list says; null never does", () => {
  const own = "https://diagrams.example.com";
  for (const configured of [undefined, ["https://chat.example.org"]]) {
    const policy = { ...LOOPBACK, own, configured };
    assert.equal(isAllowedOrigin(own, policy), true);
    assert.equal(isAllowedOrigin("https://evil.example", policy), false);
    assert.equal(isAllowedOrigin("null", policy), false);
  }
});

/** The guard in front of a handler that wants a token, as both MCP servers have it. */
async function serveGuarded(policy: OriginPolicy) {
  const app = new Hono();
  app.use("/mcp", originGuard(policy));
  app.all(
    "/mcp",
    (c) =>
      c.req.header("authorization")
        ? Response.json({ jsonrpc: "2.0", id: 1, result: {} })
        : jsonRpcError(401, UNAUTHORIZED, "Unauthorized", { "WWW-Authenticate": "Bearer" }),
  );
  const server = await listen(app.fetch, { hostname: "127.0.0.1", port: 0 });
  return { url: new URL("/mcp", server.url), [Symbol.asyncDispose]: () => server.stop() };
}

Deno.test("a page not allowed gets 403 in the JSON-RPC error shape before the token is asked for", async () => {
  await using served = await serveGuarded(LOOPBACK);
  for (const origin of ["http://evil.example", "null"]) {
    const response = await fetch(served.url, {
      method: "POST",
      headers: { Origin: origin, Authorization: "Bearer t" },
      body: "{}",
    });
    assert.equal(response.status, 403, origin);
    assert.equal(response.headers.get("access-control-allow-origin"), null);
    const body = await response.json();
    assert.equal(body.jsonrpc, "2.0");
    assert.equal(body.id, null);
    assert.equal(body.error.code, -32000);
    assert.equal(
      body.error.message,
      `Forbidden: Origin ${JSON.stringify(origin)} may not call this server ` +
        "(X_ORIGINS lists the pages that may)",
    );
  }
});

Deno.test("an allowed page gets its preflight and CORS headers on every answer, a 401 too", async () => {
  await using served = await serveGuarded(LOOPBACK);
  const origin = "http://localhost:6274";
  const preflight = await fetch(served.url, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, content-type, mcp-protocol-version",
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), origin);
  assert.match(preflight.headers.get("access-control-allow-methods")!, /\bPOST\b/);
  assert.match(preflight.headers.get("access-control-allow-headers")!, /\bAuthorization\b/);
  assert.match(preflight.headers.get("access-control-allow-headers")!, /\bMcp-Protocol-Version\b/);

  for (const [headers, status] of [[{ Authorization: "Bearer t" }, 200], [{}, 401]] as const) {
    const answer = await fetch(served.url, {
      method: "POST",
      headers: { Origin: origin, ...headers },
      body: "{}",
    });
    assert.equal(answer.status, status);
    assert.equal(answer.headers.get("access-control-allow-origin"), origin);
    assert.match(answer.headers.get("access-control-expose-headers")!, /\bWWW-Authenticate\b/);
    assert.equal(answer.headers.get("vary"), "Origin");
    await answer.body?.cancel();
  }

  const withoutOrigin = await fetch(served.url, { method: "POST", body: "{}" });
  assert.equal(withoutOrigin.status, 401, "a client that is not a page goes straight on");
  assert.equal(withoutOrigin.headers.get("access-control-allow-origin"), null);
  await withoutOrigin.body?.cancel();
});
