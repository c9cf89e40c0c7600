import assert from "node:assert/strict";
import { selectAll as referenceSelectAll } from "css-select";
import type { AnyNode, Element as ReferenceElement } from "domhandler";
import { parseDocument } from "htmlparser2";
import { all, first, parseHtml, remove, text } from "./html.ts";
import { compileSelector, SelectorError } from "./html_select.ts";
import { fixturePages } from "../engines_testing.ts";

// Every selector the provider parsers and the page tests use, and a few more of each form.
const SELECTORS = [
  "*",
  "a",
  "h2 a",
  "div#links > div.web-result:not(.result--ad)",
  "ol#b_results > li.b_algo",
  "div.top-info > p.top-info.spell > em > a",
  "ul.results-standard > li",
  "section.news-search-result article",
  "a[href]",
  "div[class*=title]",
  "a.thumbnail img[src]",
  "form[id*=captcha], form[action*=captcha]",
  "form#challenge-form, div.anomaly-modal__modal",
  "iframe[src*='/turing/captcha']",
  "input[name=vqd]",
  "form#search input[name=sc]",
  "link[rel=alternate][type='application/rss+xml']",
  "input:not([type=hidden]), select, textarea",
  "div.results, section.news-search-result",
  "span.t-secondary",
  "p.s",
  "[id]",
  "[href], [src]",
  "body > a",
  "html *",
  "* > a",
  "a[href^=http]",
  'a[href$=".html"]',
  "[class~=result]",
  "[lang|=en]",
  "div :not(a, span)",
  "ul li a",
  "DIV.Results",
  // Near misses: a prefix or part of a value is not the value, a word's part is not the word.
  "input[type=hid]",
  "[class=result]",
  ".resul",
];

Deno.test("selectors find what css-select finds on htmlparser2's tree, on every provider page", () => {
  for (const [name, page] of fixturePages()) {
    const referenceDocument = parseDocument(page);
    const referenceAll = referenceSelectAll<AnyNode, ReferenceElement>("*", referenceDocument);
    const ours = parseHtml(page);
    const oursAll = all(ours, "*");
    assert.equal(oursAll.length, referenceAll.length, name);
    const referenceIndex = new Map(referenceAll.map((element, i) => [element, i]));
    const ourIndex = new Map(oursAll.map((element, i) => [element, i]));
    for (const selector of SELECTORS) {
      const expected = referenceSelectAll<AnyNode, ReferenceElement>(selector, referenceDocument)
        .map((element) => referenceIndex.get(element));
      assert.deepEqual(
        all(ours, selector).map((e) => ourIndex.get(e)),
        expected,
        `${name}: ${selector}`,
      );
      assert.equal(
        ourIndex.get(first(ours, selector)!),
        expected[0],
        `${name}: first ${selector}`,
      );
    }
  }
});

Deno.test("a single root is searched below itself, an array of roots includes them", () => {
  const doc = parseHtml(`<div class="a"><p class="a">x</p><div class="a"><p>y</p></div></div>`);
  const outer = first(doc, "div.a")!;
  assert.equal(all(outer, ".a").length, 2);
  const inner = all(doc, "div.a");
  // The inner div is inside the outer one: it is found once, not twice.
  assert.deepEqual(all(inner, ".a").map((e) => e.name), ["div", "p", "div"]);
  assert.equal(first([outer], "div")?.name, "div");
  assert.equal(first([outer], "div"), outer);
});

Deno.test("class and attribute values are read with references decoded and whitespace of any kind", () => {
  const doc = parseHtml(`<a class="x\tresult\nbig" href="/s?a=1&amp;b=2" id="caf&eacute;">k</a>`);
  assert.equal(all(doc, ".result").length, 1);
  assert.equal(all(doc, ".resul").length, 0);
  assert.equal(all(doc, "a[href='/s?a=1&b=2']").length, 1);
  assert.equal(all(doc, "#café").length, 1);
});

Deno.test("a value spelled only through references still matches, a word elsewhere in the tag does not", () => {
  // Selectors skip tags whose text cannot hold the value: a reference must not be skipped.
  const doc = parseHtml(
    `<li class="b&#95;algo" id="&#x72;esult">a</li><li data-result="1" class="other">b</li>` +
      `<li title="x" data-b_algo>c</li>`,
  );
  assert.deepEqual(all(doc, ".b_algo").map((e) => text(e)), ["a"]);
  assert.deepEqual(all(doc, "#result").map((e) => text(e)), ["a"]);
  assert.deepEqual(all(doc, "[class*=algo]").map((e) => text(e)), ["a"]);
  assert.deepEqual(all(doc, ".result, [title=b_algo]").map((e) => text(e)), []);
  assert.deepEqual(all(doc, "[title='']").map((e) => text(e)), []);
  assert.deepEqual(all(doc, "[data-b_algo='']").map((e) => text(e)), ["c"]);
});

Deno.test("removed elements are no longer found, nor is their text read", () => {
  const doc = parseHtml(`<p>keep <span class="icon">drop</span> this</p>`);
  remove(all(doc, "span.icon"));
  assert.equal(first(doc, "span"), null);
  assert.equal(text(first(doc, "p")), "keep this");
});

Deno.test("a selector outside the supported forms is refused when compiled, naming what is wrong", () => {
  for (
    const selector of [
      "a + b",
      "a ~ b",
      "li:first-child",
      "a[href",
      "a[href=x",
      "",
      "a,",
      ".",
      "a[x!=y]",
    ]
  ) {
    assert.throws(() => compileSelector(selector), SelectorError, selector);
  }
  assert.throws(
    () => all(parseHtml("<a>"), "p:hover"),
    /unsupported pseudo-class at \d+ in selector "p:hover"/,
  );
});
