import assert from "node:assert/strict";
import { selfInfo } from "./self_info.ts";
import { testContext } from "./answers_testing.ts";

Deno.test("self info answers the address and the user agent the instance saw", () => {
  const context = testContext();
  assert.equal(selfInfo("ip", context), "Your IP is: 203.0.113.7");
  assert.equal(selfInfo("IP", context), "Your IP is: 203.0.113.7");
  assert.equal(selfInfo("what is my ip?", context), "Your IP is: 203.0.113.7");
  assert.equal(
    selfInfo("user agent", context),
    "Your user-agent is: Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0",
  );
  assert.equal(
    selfInfo("user-agent", testContext({ userAgent: "curl/8" })),
    "Your user-agent is: curl/8",
  );
  assert.equal(selfInfo("ip", testContext({ clientAddress: "::1" })), "Your IP is: ::1");
});

Deno.test("self info declines queries that only start like its words, and what it did not see", () => {
  const context = testContext();
  for (const query of ["iphone 15", "ip camera", "ipv6", "zip", "user agents list", "agent"]) {
    assert.equal(selfInfo(query, context), null, query);
  }
  assert.equal(selfInfo("ip", testContext({ clientAddress: "unknown" })), null);
  assert.equal(selfInfo("user agent", testContext({ userAgent: "" })), null);
});
