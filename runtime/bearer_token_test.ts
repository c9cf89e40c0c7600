import assert from "node:assert/strict";
import { bearerToken } from "./bearer_token.ts";

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
