import assert from "node:assert/strict";
import { Hono } from "hono";
import { DEFAULT_TRUSTED_PROXIES, trustedProxies } from "../core/networks.ts";
import { clientAddressThrough } from "./trusted_proxies.ts";

/** The address the route sees for a request from `peer` with `headers`. */
async function seen(peer: string, headers: Record<string, string>, networks: string[]) {
  const isTrusted = trustedProxies(networks);
  const app = new Hono();
  app.get("/", (c) => c.text(clientAddressThrough(c, isTrusted)));
  const connection = { remoteAddr: { hostname: peer, port: 40000, transport: "tcp" } };
  return await (await app.request("/", { headers }, connection)).text();
}

Deno.test("forwarding headers name the client only when the peer is a trusted proxy", async () => {
  const forwarded = { "X-Forwarded-For": "198.51.100.9" };
  assert.equal(await seen("127.0.0.1", forwarded, DEFAULT_TRUSTED_PROXIES), "198.51.100.9");
  assert.equal(await seen("203.0.113.5", forwarded, DEFAULT_TRUSTED_PROXIES), "203.0.113.5");
  assert.equal(await seen("127.0.0.1", forwarded, []), "127.0.0.1");
  assert.equal(await seen("127.0.0.1", {}, DEFAULT_TRUSTED_PROXIES), "127.0.0.1");
});

Deno.test("the nearest untrusted hop counts: what a client wrote further left is ignored", async () => {
  const chain = { "X-Forwarded-For": "6.6.6.6, 198.51.100.9, 10.0.0.2" };
  const networks = [...DEFAULT_TRUSTED_PROXIES, "10.0.0.0/8"];
  assert.equal(await seen("127.0.0.1", chain, networks), "198.51.100.9");
  // A hop that is no address means the header cannot be read: the peer it is.
  assert.equal(
    await seen("127.0.0.1", { "X-Forwarded-For": "1.2.3.4, not-an-ip" }, networks),
    "127.0.0.1",
  );
  assert.equal(await seen("127.0.0.1", { "X-Real-IP": "198.51.100.7" }, networks), "198.51.100.7");
});
