import assert from "node:assert/strict";
import { pagePolicy } from "./page_policy.ts";

Deno.test("a page's changes replace or add directives and keep every other one", () => {
  const policy = pagePolicy({ "connect-src": "'self' ws://collab:1234", "font-src": "'self'" });
  assert.ok(policy.includes("connect-src 'self' ws://collab:1234"));
  assert.ok(policy.includes("font-src 'self'"));
  assert.ok(!policy.includes("connect-src 'self'"), "the page's connect-src replaces the default");
  for (const kept of ["default-src 'none'", "script-src 'self'", "frame-ancestors 'none'"]) {
    assert.ok(policy.includes(kept), kept);
  }
  assert.equal(pagePolicy().length, 8);
});
