import assert from "node:assert/strict";
import { isAcceptedLink, withoutUnsafeLinks } from "./element_links.ts";

Deno.test("script and data links are refused in any spelling a browser would still follow", () => {
  for (
    const link of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " JaVaScRiPt:alert(1)",
      "\tjavascript:alert(1)",
      "\u0000javascript:alert(1)",
      "\u001fjavascript:alert(1) ",
      "java\nscript:alert(1)",
      "java\tscr\ript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      " DATA:text/html;base64,PHNjcmlwdD4=",
      "vbscript:msgbox(1)",
      "VBScript:msgbox(1)",
      "file:///etc/passwd",
      "blob:https://gallery.example/1",
      "tel:+123",
      7,
      true,
      { href: "https://example.com" },
    ]
  ) {
    assert.equal(isAcceptedLink(link), false, JSON.stringify(link));
  }
});

Deno.test("web links, mailto and the gallery's own links are accepted, and no link at all", () => {
  for (
    const link of [
      null,
      undefined,
      "",
      "https://example.com/a?b=c#d",
      "http://example.com",
      "HTTPS://EXAMPLE.COM",
      " https://example.com ",
      "mailto:someone@example.com",
      "https://gallery.example/d/abc",
      "/d/abc",
      "?element=abc",
      "d/abc",
      "//example.com/x",
      // What Excalidraw's own link editor stores for a link it will not follow.
      "about:blank",
    ]
  ) {
    assert.equal(isAcceptedLink(link), true, JSON.stringify(link));
  }
});

Deno.test("withoutUnsafeLinks takes out only the links that may not be stored", () => {
  const safe = [{ id: "a", link: "https://example.com" }, { id: "b", link: null }, { id: "c" }];
  assert.equal(withoutUnsafeLinks(safe), safe, "nothing to take out: the same array");
  const mixed = [
    { id: "a", link: "https://example.com" },
    { id: "b", link: " javascript:alert(1)" },
    { id: "c", link: 42 },
    "not an element",
  ];
  assert.deepEqual(withoutUnsafeLinks(mixed), [
    { id: "a", link: "https://example.com" },
    { id: "b", link: null },
    { id: "c", link: null },
    "not an element",
  ]);
  assert.equal(mixed[1].link, " javascript:alert(1)", "the input is left as it was");
});
