import assert from "node:assert/strict";
import {
  ACCESS_TOKEN_PREFIX,
  generateAccessToken,
  hashAccessToken,
  isAccessTokenShape,
} from "./access_token.ts";

Deno.test("generated tokens are the prefix followed by 43 base64url characters", () => {
  const { token } = generateAccessToken();
  assert.equal(ACCESS_TOKEN_PREFIX, "dgm_");
  assert.ok(token.startsWith("dgm_"));
  assert.equal(token.length, 4 + 43);
  assert.match(token.slice(4), /^[A-Za-z0-9_-]{43}$/);
});

Deno.test("generated tokens come with the lowercase sha256 hex of the whole token", () => {
  const { token, hash } = generateAccessToken();
  assert.match(hash, /^[0-9a-f]{64}$/);
  assert.equal(hash, hashAccessToken(token));
});

Deno.test("generated tokens do not repeat over a few hundred draws", () => {
  const tokens = new Set(Array.from({ length: 500 }, () => generateAccessToken().token));
  assert.equal(tokens.size, 500);
});

// Expected value computed with `printf '%s' dgm_test | sha256sum`.
Deno.test("hashAccessToken matches sha256sum of the token text", () => {
  assert.equal(
    hashAccessToken("dgm_test"),
    "49b5f6cc8b31dd3d8377443ccb0b085a9b2dd185241798a8841989d6f3f942aa",
  );
});

Deno.test("isAccessTokenShape accepts generated tokens", () => {
  for (let i = 0; i < 50; i++) {
    assert.ok(isAccessTokenShape(generateAccessToken().token));
  }
});

Deno.test("isAccessTokenShape rejects a wrong prefix, wrong length or foreign characters", () => {
  const body = "A".repeat(43);
  assert.ok(isAccessTokenShape(`dgm_${body}`));
  for (
    const text of [
      `dgx_${body}`,
      `DGM_${body}`,
      body + "AAAA",
      `dgm_${body.slice(1)}`,
      `dgm_${body}A`,
      `dgm_${body.slice(1)}+`,
      `dgm_${body.slice(1)}=`,
      ` dgm_${body}`,
      `dgm_${body}\n`,
      "",
    ]
  ) {
    assert.equal(isAccessTokenShape(text), false, JSON.stringify(text));
  }
});
