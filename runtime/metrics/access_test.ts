import assert from "node:assert/strict";
import { isLoopbackPeer, metricsAccess } from "./access.ts";

Deno.test("loopback peers are 127.0.0.0/8, ::1 and IPv4-mapped loopback; nothing else", () => {
  for (const peer of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"]) {
    assert.equal(isLoopbackPeer(peer), true, peer);
  }
  for (
    const peer of ["10.0.0.1", "192.168.1.5", "::", "::2", "::ffff:10.0.0.1", "fe80::1", "unknown"]
  ) {
    assert.equal(isLoopbackPeer(peer), false, peer);
  }
});

Deno.test("without METRICS_TOKEN a scrape from another machine is refused with 403", () => {
  const check = metricsAccess(undefined);
  assert.equal(check(null, "127.0.0.1"), null);
  assert.equal(check(null, "::1"), null);
  const refused = check(null, "203.0.113.9");
  assert.equal(refused?.status, 403);
  assert.match(refused!.error, /METRICS_TOKEN/);
  assert.equal(check("Bearer anything-at-all", "10.1.2.3")?.status, 403);
});

Deno.test("with METRICS_TOKEN the token is needed from anywhere, loopback included", () => {
  const check = metricsAccess("metrics-token-0123456789");
  assert.equal(check("Bearer metrics-token-0123456789", "203.0.113.9"), null);
  assert.equal(check("Bearer metrics-token-0123456789", "127.0.0.1"), null);
  assert.equal(check(null, "127.0.0.1")?.status, 401);
  assert.equal(check("Bearer wrong-token-0123456789", "203.0.113.9")?.status, 401);
  assert.equal(check("Basic bWV0cmljczp4", "127.0.0.1")?.status, 401);
});
