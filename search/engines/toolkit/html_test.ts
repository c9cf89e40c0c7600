import assert from "node:assert/strict";
import { selectAll } from "css-select";
import type { AnyNode, Element } from "domhandler";
import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { collapseWhitespace } from "../../../shared/collapse_whitespace.ts";
import { all, attr, htmlToText, parseHtml, text } from "./html.ts";
import { fixturePages } from "../engines_testing.ts";

Deno.test("text and attributes read from a page are what a decoding parse gives, on every provider page", () => {
  const pages = fixturePages();
  assert.ok(pages.length > 20);
  for (const [name, page] of pages) {
    const decoded = selectAll<AnyNode, Element>("*", parseDocument(page));
    const ours = all(parseHtml(page), "*");
    assert.equal(ours.length, decoded.length, name);
    ours.forEach((element, i) => {
      const expected = decoded[i];
      assert.equal(
        text(element),
        collapseWhitespace(textContent(expected)),
        `${name} <${element.name}>`,
      );
      for (const [attribute, value] of Object.entries(expected.attribs)) {
        assert.equal(attr(element, attribute), value, `${name} <${element.name} ${attribute}>`);
      }
    });
  }
});

Deno.test("character references are decoded in text, titles and attributes, not in scripts and styles", () => {
  const doc = parseHtml(
    `<title>A &amp; B</title><p id="p">caf&eacute; &lt;b&gt; &#x263A; &copy 2024 <b>&amp</b>lt;</p>` +
      `<a href="/s?q=a&amp;b=1&copy=2">x</a><script>if (a &amp;&amp; b) {}</script>` +
      `<style>p::after { content: "&amp;" }</style>`,
  );
  assert.equal(text(all(doc, "title")[0]), "A & B");
  assert.equal(text(all(doc, "#p")[0]), "café <b> ☺ © 2024 &lt;");
  assert.equal(attr(all(doc, "a")[0], "href"), "/s?q=a&b=1&copy=2");
  assert.equal(text(all(doc, "script")[0]), "if (a &amp;&amp; b) {}");
  assert.equal(text(all(doc, "style")[0]), 'p::after { content: "&amp;" }');
  assert.equal(htmlToText("<b>Rust</b> &amp; C"), "Rust & C");
  assert.equal(htmlToText("a &amp;lt; b"), "a &lt; b");
  assert.equal(htmlToText(" plain\n  text "), "plain text");
});
