import assert from "node:assert/strict";
import { DEFAULT_TRUSTED_PROXIES, parseNetwork, trustedProxies } from "./networks.ts";

Deno.test("networks are addresses with an optional prefix, IPv4 or IPv6", () => {
  for (const text of ["127.0.0.0/8", "10.1.2.3", "::1", "fd00::/8", "2001:db8::/32"]) {
    assert.notEqual(parseNetwork(text), null, text);
  }
  for (
    const text of ["", "localhost", "10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/x", "1.2.3"]
  ) {
    assert.equal(parseNetwork(text), null, text);
  }
});

Deno.test("an address is trusted inside a listed network only; IPv4-mapped IPv6 counts as IPv4", () => {
  const isTrusted = trustedProxies([...DEFAULT_TRUSTED_PROXIES, "10.0.0.0/8", "fd00::/8"]);
  for (
    const address of ["127.0.0.1", "127.255.0.9", "::1", "10.9.8.7", "fd12::5", "::ffff:127.0.0.1"]
  ) {
    assert.ok(isTrusted(address), address);
  }
  for (const address of ["128.0.0.1", "11.0.0.1", "::2", "fe80::1", "unknown", ""]) {
    assert.ok(!isTrusted(address), address);
  }
});
