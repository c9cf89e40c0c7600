import assert from "node:assert/strict";
import { safeNext, safeNextWith } from "./safe_next.ts";

const BASE_URL = "http://localhost:8000";

Deno.test("paths on this site are kept, with their query and fragment", () => {
  assert.equal(safeNext("/d/abc", BASE_URL), "/d/abc");
  assert.equal(safeNext("/?sort=name&page=2", BASE_URL), "/?sort=name&page=2");
  assert.equal(safeNext("/c/x#top", BASE_URL), "/c/x#top");
});

Deno.test("dot segments are resolved as the browser will, and stay on this site", () => {
  assert.equal(safeNext("/c/../d/abc", BASE_URL), "/d/abc");
  assert.equal(safeNext("/c/%2e%2e/d/abc", BASE_URL), "/d/abc");
  // A percent-encoded slash is no slash to a browser: a path on this site.
  assert.equal(safeNext("/%2f%2fevil.example", BASE_URL), "/%2f%2fevil.example");
});

Deno.test("anything that could leave the site becomes the gallery", () => {
  const hostile = [
    "https://evil.example/",
    "http://localhost:8001/",
    "http://localhost.evil.example/",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/./evil.example/.././/evil.example",
    "/.//evil.example/",
    "/.//evil.example/x",
    "/..//evil.example/",
    "/%2e//evil.example/",
    "/%2E%2E//evil.example/",
    "/a/..//evil.example",
    "/.\\/evil.example",
    "/./\\evil.example",
    "/.\t//evil.example",
    "/%2e/%2e//evil.example",
    "/.//\\evil.example",
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "evil.example",
    "",
    undefined,
    null,
    "/login?next=/x",
    "/./login",
    "/" + "a".repeat(3000),
  ];
  for (const next of hostile) {
    const target = safeNext(next, BASE_URL);
    // Whatever comes back, a browser following it stays on this site.
    assert.equal(new URL(target, BASE_URL).origin, new URL(BASE_URL).origin, String(next));
    assert.equal(target, "/", JSON.stringify(next));
  }
});

Deno.test("a notice's parameter is set in the kept path's query, and never leads off the site", () => {
  assert.equal(safeNextWith("/", BASE_URL, { deleted: "abc" }), "/?deleted=abc");
  assert.equal(
    safeNextWith("/?q=plan&deleted=old#top", BASE_URL, { deleted: "abc" }),
    "/?q=plan&deleted=abc#top",
  );
  assert.equal(safeNextWith("/c/x", BASE_URL, { restored: "a&b=c" }), "/c/x?restored=a%26b%3Dc");
  assert.equal(safeNextWith("//evil.example/", BASE_URL, { deleted: "abc" }), "/?deleted=abc");
  assert.equal(safeNextWith("/.//evil.example/", BASE_URL, { deleted: "abc" }), "/?deleted=abc");
});
