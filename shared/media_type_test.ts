import assert from "node:assert/strict";
import { parseMediaType } from "./media_type.ts";

Deno.test("the essence is lowercased and the charset read, quoted or not", () => {
  assert.deepEqual(parseMediaType("Text/HTML; Charset=ISO-8859-1"), {
    essence: "text/html",
    charset: "ISO-8859-1",
  });
  assert.deepEqual(parseMediaType('application/json; profile=x; charset="utf-8"'), {
    essence: "application/json",
    charset: "utf-8",
  });
});

Deno.test("a missing or typeless header has no essence and no charset", () => {
  assert.deepEqual(parseMediaType(null), { essence: "", charset: null });
  assert.deepEqual(parseMediaType("garbage"), { essence: "", charset: null });
  assert.deepEqual(parseMediaType("text/plain; charset="), {
    essence: "text/plain",
    charset: null,
  });
});

Deno.test("a charset in quotes is read only when they close it, and one with stray quotes is not", () => {
  const charset = (header: string) => parseMediaType(header).charset;
  assert.equal(charset('text/plain;  CHARSET = "utf-8"  '), "utf-8");
  assert.equal(charset('text/plain; charset=" latin1 "'), "latin1");
  assert.equal(charset('text/plain; charset="utf-8'), null);
  assert.equal(charset('text/plain; charset="a"b"'), null);
  assert.equal(charset('text/plain; charset=utf"8'), null);
  assert.equal(charset('text/plain; charset=""; charset=utf-8'), "utf-8");
  assert.equal(charset("text/plain; charsets=utf-8"), null);
});

Deno.test("a header crafted to make a pattern backtrack is read in one pass", () => {
  // As long as a server takes a header to be (64 KiB), and then some.
  for (const parameter of [`charset=a${" ".repeat(100_000)}"`, `charset=${'"'.repeat(100_000)}`]) {
    const started = performance.now();
    assert.equal(parseMediaType(`text/plain; ${parameter}`).charset, null);
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 1000, `${Math.round(elapsed)} ms`);
  }
});
