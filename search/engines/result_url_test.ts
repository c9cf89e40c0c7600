import assert from "node:assert/strict";
import { httpUrl } from "./result_url.ts";

Deno.test("absolute http and https URLs are kept, in normalised form", () => {
  assert.equal(httpUrl("https://www.rust-lang.org"), "https://www.rust-lang.org/");
  assert.equal(httpUrl("http://example.com/a?b=c#d"), "http://example.com/a?b=c#d");
  assert.equal(
    httpUrl("https://de.wikipedia.org/wiki/Straße"),
    "https://de.wikipedia.org/wiki/Stra%C3%9Fe",
  );
});

Deno.test("relative, scheme-relative, non-http and empty values are rejected", () => {
  for (
    const value of [
      "/ads/click?x=1",
      "//duckduckgo.com/l/?uddg=x",
      "javascript:alert(1)",
      "data:text/html,hi",
      "ftp://example.com/file",
      "mailto:someone@example.com",
      "",
      null,
      undefined,
      "https://",
      "not a url",
    ]
  ) {
    assert.equal(httpUrl(value), null, String(value));
  }
});
