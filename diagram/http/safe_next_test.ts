import assert from "node:assert/strict";
import { safeNext } from "./safe_next.ts";

Deno.test("paths on this site are kept, with their query", () => {
  assert.equal(safeNext("/d/abc"), "/d/abc");
  assert.equal(safeNext("/?sort=name&page=2"), "/?sort=name&page=2");
});

Deno.test("anything that could leave the site becomes the gallery", () => {
  for (
    const next of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      undefined,
      null,
      "/login?next=/x",
      "/" + "a".repeat(3000),
    ]
  ) {
    assert.equal(safeNext(next), "/", String(next));
  }
});
