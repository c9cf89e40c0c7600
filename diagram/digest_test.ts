import assert from "node:assert/strict";
import { sha256Hex } from "./digest.ts";

// Expected values computed with `printf '%s' TEXT | sha256sum`.
Deno.test("matches sha256sum for ASCII and empty input", () => {
  assert.equal(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.equal(
    sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("hashes the UTF-8 encoding of non-ASCII text", () => {
  assert.equal(
    sha256Hex("héllo"),
    "3c48591d8d098a4538f5e013dfcf406e948eac4d3277b10bf614e295d6068179",
  );
});
