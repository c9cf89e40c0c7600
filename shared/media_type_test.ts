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
