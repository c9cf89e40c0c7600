import assert from "node:assert/strict";
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);

Deno.test("encodes the RFC 4648 test vectors without padding", () => {
  const vectors: [string, string][] = [
    ["", ""],
    ["f", "Zg"],
    ["fo", "Zm8"],
    ["foo", "Zm9v"],
    ["foob", "Zm9vYg"],
    ["fooba", "Zm9vYmE"],
    ["foobar", "Zm9vYmFy"],
  ];
  for (const [plain, encoded] of vectors) {
    assert.equal(encodeBase64Url(utf8(plain)), encoded);
  }
});

Deno.test("decodes the RFC 4648 test vectors", () => {
  assert.deepEqual(decodeBase64Url("Zg"), utf8("f"));
  assert.deepEqual(decodeBase64Url("Zm8"), utf8("fo"));
  assert.deepEqual(decodeBase64Url("Zm9vYmFy"), utf8("foobar"));
});

Deno.test("uses '-' and '_' where standard base64 uses '+' and '/'", () => {
  const bytes = new Uint8Array([0xfb, 0xff, 0xbf]);
  assert.equal(encodeBase64Url(bytes), "-_-_");
  assert.deepEqual(decodeBase64Url("-_-_"), bytes);
});

Deno.test("round-trips every length from 0 to 64 bytes of varied content", () => {
  for (let length = 0; length <= 64; length++) {
    const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) & 0xff);
    const encoded = encodeBase64Url(bytes);
    assert.match(encoded, /^[A-Za-z0-9_-]*$/);
    assert.equal(encoded.length, Math.ceil((length * 8) / 6));
    if (length > 0) assert.deepEqual(decodeBase64Url(encoded), bytes);
  }
});

Deno.test("rejects the empty string", () => {
  assert.equal(decodeBase64Url(""), null);
});

Deno.test("rejects padding", () => {
  assert.equal(decodeBase64Url("Zg=="), null);
  assert.equal(decodeBase64Url("Zm8="), null);
});

Deno.test("rejects characters outside the base64url alphabet", () => {
  for (const text of ["Zm9v+mFy", "Zm9v/mFy", "Zm9v YmFy", "Zm9vYmF\n", " Zm9v", "Zm9vYmé"]) {
    assert.equal(decodeBase64Url(text), null, text);
  }
});

Deno.test("rejects lengths that leave a single dangling character", () => {
  assert.equal(decodeBase64Url("Z"), null);
  assert.equal(decodeBase64Url("Zm9vY"), null);
});

Deno.test("rejects non-canonical text whose unused trailing bits are set", () => {
  assert.equal(decodeBase64Url("Zh"), null);
  assert.equal(decodeBase64Url("Zm9"), null);
});
