import assert from "node:assert/strict";
import { hashPlugin } from "./hash_plugin.ts";

Deno.test("hash plugin answers each function's hex digest of the rest of the query", () => {
  assert.equal(
    hashPlugin("sha256 hello"),
    "sha256 hash digest: 2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",
  );
  assert.equal(hashPlugin("md5 hello"), "md5 hash digest: 5d41402abc4b2a76b9719d911017c592");
  assert.equal(
    hashPlugin("SHA1 hello world"),
    "sha1 hash digest: 2aae6c35c94fcfb415dbe95f408b9ce91ee846ed",
  );
  assert.match(hashPlugin("sha224 x")!, /^sha224 hash digest: [0-9a-f]{56}$/);
  assert.match(hashPlugin("sha384 x")!, /^sha384 hash digest: [0-9a-f]{96}$/);
  assert.match(hashPlugin("sha512 héllo")!, /^sha512 hash digest: [0-9a-f]{128}$/);
});

Deno.test("hash plugin declines other words and a function without text", () => {
  for (
    const query of ["sha256", "sha256 ", "sha3 hello", "md4 hello", "hello sha256", "sha256hello"]
  ) {
    assert.equal(hashPlugin(query), null, query);
  }
});
