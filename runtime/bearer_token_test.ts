import assert from "node:assert/strict";
import { bearerToken, bearerTokenCheck } from "./bearer_token.ts";

Deno.test("the bearer token is what follows the scheme, whatever the scheme's case", () => {
  assert.equal(bearerToken("Bearer dgm_abc"), "dgm_abc");
  assert.equal(bearerToken("bearer dgm_abc"), "dgm_abc");
  assert.equal(bearerToken("BEARER \tdgm_abc"), "dgm_abc");
});

Deno.test("the token keeps its case and its inner spaces", () => {
  assert.equal(bearerToken("Bearer AbC"), "AbC");
  assert.equal(bearerToken("Bearer two words"), "two words");
});

Deno.test("no header, another scheme or no token is no bearer token", () => {
  assert.equal(bearerToken(null), null);
  assert.equal(bearerToken(""), null);
  assert.equal(bearerToken("Bearer"), null);
  assert.equal(bearerToken("Bearer "), null);
  assert.equal(bearerToken("Basic dXNlcjpwdw=="), null);
  assert.equal(bearerToken("Bearerdgm_abc"), null);
  assert.equal(bearerToken("dgm_abc"), null);
});

const TOKEN = "s3cret-token-0123456789";

Deno.test("only the exact bearer token passes", () => {
  const check = bearerTokenCheck(TOKEN);
  assert.equal(check(`Bearer ${TOKEN}`), true);
  assert.equal(check(`bearer ${TOKEN}`), true, "the scheme is case-insensitive");
  assert.equal(check(null), false);
  assert.equal(check(""), false);
  assert.equal(check(TOKEN), false, "the scheme is required");
  assert.equal(check(`Bearer ${TOKEN.toUpperCase()}`), false, "the token is case-sensitive");
  assert.equal(check(`Bearer ${TOKEN}x`), false);
  assert.equal(check(`Bearer ${TOKEN.slice(0, -1)}`), false);
  assert.equal(check(`Basic ${btoa(`user:${TOKEN}`)}`), false);
});

Deno.test("a configured token with inner spaces is matched whole", () => {
  const check = bearerTokenCheck("two words 0123456789");
  assert.equal(check("Bearer two words 0123456789"), true);
  assert.equal(check("Bearer two"), false);
});
