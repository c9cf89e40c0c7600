import assert from "node:assert/strict";
import { all, attr, first, text } from "../engines/toolkit/html.ts";
import { renderPage } from "./layout.ts";
import { html } from "../../runtime/markup.ts";
import { checkPage, samplePrefs, sampleSite } from "./pages_testing.ts";

function page(theme: "auto" | "light" | "dark" = "auto") {
  return checkPage(
    renderPage(sampleSite(), samplePrefs({ theme }), {
      kind: "test",
      title: "Things",
      main: html`<p>body</p>`,
      aside: html`<aside>side</aside>`,
    }),
  );
}

Deno.test("the head sets no-referrer, the viewport, the stylesheet and the OpenSearch link", () => {
  const document = page();
  assert.equal(attr(first(document, "html"), "lang"), "en");
  assert.equal(attr(first(document, "meta[name=referrer]"), "content"), "no-referrer");
  assert.match(attr(first(document, "meta[name=viewport]"), "content") ?? "", /width=device-width/);
  assert.equal(attr(first(document, "link[rel=stylesheet]"), "href"), "/static/style.css");
  const search = first(document, "link[rel=search]");
  assert.equal(attr(search, "type"), "application/opensearchdescription+xml");
  assert.equal(attr(search, "href"), "/opensearch.xml");
  assert.equal(attr(search, "title"), "Test Search");
  assert.equal(text(first(document, "title")), "Things · Test Search");
});

Deno.test("the theme preference becomes data-theme on <html>", () => {
  for (const theme of ["auto", "light", "dark"] as const) {
    assert.equal(attr(first(page(theme), "html"), "data-theme"), theme);
  }
});

Deno.test("the page has a skip link to main, a header with site navigation, and the aside", () => {
  const document = page();
  const skip = first(document, "body > a")!;
  assert.equal(attr(skip, "href"), "#main");
  assert.equal(attr(first(document, "main"), "id"), "main");
  assert.deepEqual(
    all(document, "header nav[aria-label] a").map((a) => attr(a, "href")),
    ["/preferences", "/stats"],
  );
  assert.equal(text(first(document, "aside")), "side");
});
