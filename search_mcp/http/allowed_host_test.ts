import assert from "node:assert/strict";
import { DEFAULT_ALLOWED_HOSTS, isAllowedHost } from "./allowed_host.ts";

Deno.test("the default hosts are loopback and the compose service name, on any port", () => {
  for (
    const host of ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:3000", "search_mcp:3000"]
  ) {
    assert.equal(isAllowedHost(host, DEFAULT_ALLOWED_HOSTS), true, host);
  }
  for (
    const host of ["evil.example", "evil.example:3000", "localhost.evil.example", "127.0.0.2", null]
  ) {
    assert.equal(isAllowedHost(host, DEFAULT_ALLOWED_HOSTS), false, String(host));
  }
});

Deno.test("a configured host with a port accepts that port only", () => {
  const allowed = ["mcp.example.org:443", "internal"];
  assert.equal(isAllowedHost("mcp.example.org:443", allowed), true);
  assert.equal(isAllowedHost("MCP.example.org:443", allowed), true);
  assert.equal(isAllowedHost("mcp.example.org:8443", allowed), false);
  assert.equal(isAllowedHost("mcp.example.org", allowed), false);
  assert.equal(isAllowedHost("internal:3000", allowed), true);
});
