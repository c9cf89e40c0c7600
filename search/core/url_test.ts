import assert from "node:assert/strict";
import { cleanUrl, dedupKey, httpUrl, linkUnderBaseUrl, parsedUrl } from "./url.ts";

Deno.test("tracking parameters are left to the tracker_url_remover plugin", () => {
  assert.equal(
    cleanUrl("https://example.com/p?utm_source=feed&fbclid=x1"),
    "https://example.com/p?utm_source=feed&fbclid=x1",
  );
});

Deno.test("a URL comes back as the URL parser writes it", () => {
  assert.equal(
    cleanUrl("  HTTPS://Example.COM/a b?q=it's|x&&z  "),
    "https://example.com/a%20b?q=it%27s|x&&z",
  );
  assert.equal(cleanUrl("https://example.com/?"), "https://example.com/?");
});

Deno.test("a scheme-less URL becomes https", () => {
  assert.equal(cleanUrl("//cdn.example.com/x.png"), "https://cdn.example.com/x.png");
});

Deno.test("links that are not absolute http(s) URLs are rejected", () => {
  for (
    const raw of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://example.com/file",
      "/relative/path",
      "relative",
      "http://",
      "",
    ]
  ) {
    assert.equal(cleanUrl(raw), null, raw);
  }
});

Deno.test("the same page under www, another scheme or a trailing slash has one key", () => {
  const key = dedupKey("http://example.com/a");
  assert.equal(dedupKey("https://www.example.com/a/"), key);
  assert.equal(dedupKey("https://WWW.Example.COM/a"), key);
  assert.equal(dedupKey("https://example.com"), dedupKey("http://www.example.com/"));
});

Deno.test("paths are compared percent-decoded and a malformed escape does not throw", () => {
  assert.equal(dedupKey("https://example.com/caf%C3%A9"), dedupKey("https://example.com/café"));
  assert.equal(dedupKey("https://example.com/100%/"), dedupKey("http://www.example.com/100%"));
  assert.equal(dedupKey("https://example.com/%E0%A4%A/"), dedupKey("http://example.com/%E0%A4%A"));
  assert.notEqual(dedupKey("https://example.com/%E0%A4%A"), dedupKey("https://example.com/%E0"));
});

Deno.test("query, fragment, other subdomains and a second trailing slash keep pages apart", () => {
  const key = dedupKey("https://example.com/a");
  assert.notEqual(dedupKey("https://example.com/a?x=1"), key);
  assert.notEqual(dedupKey("https://example.com/a#part"), key);
  assert.notEqual(dedupKey("https://m.example.com/a"), key);
  assert.notEqual(dedupKey("https://example.com/a//"), key);
  assert.notEqual(dedupKey("https://example.com/a%3Fx=1"), dedupKey("https://example.com/a?x=1"));
});

Deno.test("parsedUrl splits a URL like Python's urlparse", () => {
  assert.deepEqual(parsedUrl("https://user:pw@example.com:8080/a/b;p=1?q=2&r=3#frag"), [
    "https",
    "user:pw@example.com:8080",
    "/a/b",
    "p=1",
    "q=2&r=3",
    "frag",
  ]);
  assert.deepEqual(parsedUrl("http://example.com/a;x/b"), [
    "http",
    "example.com",
    "/a;x/b",
    "",
    "",
    "",
  ]);
  assert.deepEqual(parsedUrl("https://example.com/"), ["https", "example.com", "/", "", "", ""]);
});

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
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
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

Deno.test("a relative link hangs under base_url with its path kept; an absolute one is kept", () => {
  const mirror = "https://mirror.example/pypi";
  assert.equal(
    linkUnderBaseUrl("/project/x/", mirror),
    "https://mirror.example/pypi/project/x/",
  );
  assert.equal(linkUnderBaseUrl("project/x/", mirror), "https://mirror.example/pypi/project/x/");
  assert.equal(
    linkUnderBaseUrl(" /th?id=1&w=2 ", mirror),
    "https://mirror.example/pypi/th?id=1&w=2",
  );
  assert.equal(linkUnderBaseUrl("/project/x/", "https://pypi.org"), "https://pypi.org/project/x/");
  assert.equal(
    linkUnderBaseUrl("https://pypi.org/project/x/", mirror),
    "https://pypi.org/project/x/",
  );
  assert.equal(
    linkUnderBaseUrl("//cdn.example/a.png", "http://mirror.example/p"),
    "http://cdn.example/a.png",
  );
  for (
    const value of ["javascript:alert(1)", "data:image/png;base64,AA", "", "  ", null, undefined]
  ) {
    assert.equal(linkUnderBaseUrl(value, mirror), null, String(value));
  }
});
