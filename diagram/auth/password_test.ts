import assert from "node:assert/strict";
import { decodeBase64Url, encodeBase64Url } from "../../shared/base64url.ts";
import { hashPassword, scryptKey, verifyPassword } from "./password.ts";

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

Deno.test("scryptKey reproduces RFC 7914 vector 1 (empty password and salt)", async () => {
  const key = await scryptKey("", "", { N: 16, r: 1, p: 1, keyLength: 64 });
  assert.equal(
    hex(key),
    "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442" +
      "fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906",
  );
});

Deno.test("scryptKey reproduces RFC 7914 vector 2 (password/NaCl, N=1024, r=8, p=16)", async () => {
  const key = await scryptKey("password", "NaCl", { N: 1024, r: 8, p: 16, keyLength: 64 });
  assert.equal(
    hex(key),
    "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162" +
      "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640",
  );
});

Deno.test("scryptKey treats a string and its UTF-8 bytes alike", async () => {
  const params = { N: 16, r: 1, p: 1, keyLength: 16 };
  const fromText = await scryptKey("pässword", "salt", params);
  const fromBytes = await scryptKey(new TextEncoder().encode("pässword"), "salt", params);
  assert.equal(hex(fromText), hex(fromBytes));
});

Deno.test("a hashed password verifies and a wrong one does not", async () => {
  const stored = await hashPassword("correct horse battery staple");
  assert.equal(await verifyPassword("correct horse battery staple", stored), true);
  assert.equal(await verifyPassword("correct horse battery stapl", stored), false);
  assert.equal(await verifyPassword("", stored), false);
});

Deno.test("hashing the same password twice gives different strings thanks to the salt", async () => {
  const [first, second] = await Promise.all([hashPassword("same"), hashPassword("same")]);
  assert.notEqual(first, second);
  assert.equal(await verifyPassword("same", second), true);
});

Deno.test("the stored string records scheme, parameters, a 16-byte salt and a 32-byte key", async () => {
  const stored = await hashPassword("pw");
  const fields = stored.split("$");
  assert.equal(fields.length, 6);
  const [scheme, N, r, p, salt, key] = fields;
  assert.equal(scheme, "scrypt");
  assert.equal(N, "32768");
  assert.equal(r, "8");
  assert.equal(p, "1");
  assert.equal(decodeBase64Url(salt)?.length, 16);
  assert.equal(decodeBase64Url(key)?.length, 32);
});

Deno.test("verification uses the parameters written in the stored string", async () => {
  const salt = new Uint8Array(16).fill(7);
  const params = { N: 2 ** 14, r: 4, p: 2, keyLength: 24 };
  const key = await scryptKey("pw", salt, params);
  const stored = `scrypt$16384$4$2$${encodeBase64Url(salt)}$${encodeBase64Url(key)}`;
  assert.equal(await verifyPassword("pw", stored), true);
  assert.equal(await verifyPassword("pw", stored.replace("$4$2$", "$4$1$")), false);
});

Deno.test("malformed stored strings are rejected without throwing", async () => {
  const stored = await hashPassword("pw");
  const [, , , , salt, key] = stored.split("$");
  const malformed = [
    "",
    "scrypt",
    "plain-text-password",
    stored + "$extra",
    stored.replace("scrypt$", "bcrypt$"),
    `scrypt$32768$8$1$${salt}`,
    `scrypt$32768$8$1$${salt}$`,
    `scrypt$32768$8$1$$${key}`,
    `scrypt$32768$8$1$${salt}=$${key}`,
    `scrypt$32768$8$1$${salt}$${key}+`,
    `scrypt$032768$8$1$${salt}$${key}`,
    `scrypt$32768.0$8$1$${salt}$${key}`,
    `scrypt$ 32768$8$1$${salt}$${key}`,
    `scrypt$-8$8$1$${salt}$${key}`,
    `scrypt$1e5$8$1$${salt}$${key}`,
    `scrypt$abc$8$1$${salt}$${key}`,
  ];
  for (const text of malformed) {
    assert.equal(await verifyPassword("pw", text), false, text);
  }
});

Deno.test("tampered salts or keys fail verification", async () => {
  const stored = await hashPassword("pw");
  const [scheme, N, r, p, salt, key] = stored.split("$");
  const flipFirstByte = (text: string) => {
    const bytes = decodeBase64Url(text)!;
    bytes[0] ^= 1;
    return encodeBase64Url(bytes);
  };
  const tamperedSalt = [scheme, N, r, p, flipFirstByte(salt), key].join("$");
  const tamperedKey = [scheme, N, r, p, salt, flipFirstByte(key)].join("$");
  assert.equal(await verifyPassword("pw", tamperedSalt), false);
  assert.equal(await verifyPassword("pw", tamperedKey), false);
});

Deno.test("absurd parameters are refused even when the key matches them", async () => {
  const salt16 = new Uint8Array(16).fill(1);
  const cases = [
    { N: 2 ** 13, r: 8, p: 1, salt: salt16, why: "N below 2^14" },
    { N: 2 ** 14, r: 33, p: 1, salt: salt16, why: "r above 32" },
    { N: 2 ** 14, r: 1, p: 17, salt: salt16, why: "p above 16" },
    { N: 2 ** 14, r: 8, p: 1, salt: new Uint8Array(15), why: "salt below 16 bytes" },
  ];
  for (const { N, r, p, salt, why } of cases) {
    const key = await scryptKey("pw", salt, { N, r, p, keyLength: 32 });
    const stored = `scrypt$${N}$${r}$${p}$${encodeBase64Url(salt)}$${encodeBase64Url(key)}`;
    assert.equal(await verifyPassword("pw", stored), false, why);
  }
});

Deno.test("parameters scrypt itself rejects give false instead of an exception", async () => {
  const salt = encodeBase64Url(new Uint8Array(16));
  const key = encodeBase64Url(new Uint8Array(32));
  for (const [N, r, p] of [[3 * 2 ** 13, 8, 1], [2 ** 14, 0, 1], [2 ** 14, 8, 0]]) {
    assert.equal(await verifyPassword("pw", `scrypt$${N}$${r}$${p}$${salt}$${key}`), false);
  }
});

Deno.test("a stored hash that would need more than 256 MiB is refused without running scrypt", async () => {
  const salt = encodeBase64Url(new Uint8Array(16).fill(7));
  const key = encodeBase64Url(new Uint8Array(32).fill(9));
  // Each field is within its own bounds, but together they ask for 1 GiB.
  const started = performance.now();
  assert.equal(await verifyPassword("pw", `scrypt$${2 ** 20}$8$1$${salt}$${key}`), false);
  // Refusal happens before derivation; deriving would allocate 1 GiB and take seconds.
  assert.ok(performance.now() - started < 2000);
});
