import assert from "node:assert/strict";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import { removeBoilerplate } from "./boilerplate.ts";
import { type DomNode, isElement, parseHtmlDocument } from "./dom.ts";

const LONG_TEXT = "This sentence is the article itself and it goes on for a while. ".repeat(12);

/** The body text left after cleaning, one space between text nodes. */
function cleaned(bodyHtml: string): string {
  const document = parseHtmlDocument(`<body>${bodyHtml}</body>`);
  removeBoilerplate(document);
  const texts: string[] = [];
  const walk = (node: DomNode) => {
    if (isElement(node)) Array.from(node.childNodes).forEach(walk);
    else texts.push(node.textContent ?? "");
  };
  walk(document.body);
  return collapseWhitespace(texts.join(" "));
}

Deno.test("blocks whose id or class names clutter are removed, in any naming style", () => {
  const text = cleaned(
    `<p>${LONG_TEXT}</p>` +
      '<div id="cookieBanner">cookies</div><div class="gdpr_notice">gdpr</div>' +
      '<div class="newsletter-box">newsletter</div><ul class="share-tools">share</ul>' +
      '<section class="related-posts">related</section><div id="sidebar">sidebar</div>' +
      '<ol class="breadcrumbs">crumbs</ol><div class="ad-slot">advert</div>' +
      '<div class="promo">promo</div><div class="modal popup">popup</div>' +
      '<div class="page-feedback">helpful?</div>',
  );
  assert.equal(text, LONG_TEXT.trim());
});

Deno.test("names are matched as words, not as parts of unrelated words", () => {
  const text = cleaned(
    `<article><p>${LONG_TEXT}</p>` +
      '<h2 class="header-title">Kept heading</h2><div class="shared-notes">Kept notes</div>' +
      '<div class="download-links">Kept downloads</div><div class="leaderboard">Kept board</div>' +
      "</article>",
  );
  assert.match(text, /Kept heading Kept notes Kept downloads Kept board$/);
});

Deno.test("site chrome goes; an article's own header and aside stay", () => {
  const text = cleaned(
    "<header>Site header</header><nav>Menu</nav>" +
      `<main><article><header>Article header</header><p>${LONG_TEXT}</p>` +
      "<aside>Article note</aside><footer>Article footer</footer></article>" +
      "<aside>Main sidebar</aside></main>" +
      '<div role="contentinfo">Contact info</div><footer>Site footer</footer>',
  );
  assert.equal(text, `Article header ${LONG_TEXT.trim()} Article note`);
});

Deno.test("a header inside <main> without an article is the page's own header", () => {
  assert.match(
    cleaned(`<main><header><h1>Page title</h1></header><p>${LONG_TEXT}</p></main>`),
    /^Page title/,
  );
});

Deno.test("a clutter-named wrapper around the article is kept", () => {
  const text = cleaned(`<div class="has-sidebar"><article><p>${LONG_TEXT}</p></article></div>`);
  assert.equal(text, LONG_TEXT.trim());
});

Deno.test("a clutter-named block holding most of the page's text is kept", () => {
  const text = cleaned(
    `<div class="layout with-sidebar"><div><p>${LONG_TEXT}</p></div></div><p>Other</p>`,
  );
  assert.match(text, /^This sentence/);
});

Deno.test("on a page with almost no text, a small clutter block still goes", () => {
  assert.equal(
    cleaned('<nav><a href="/">Home</a></nav><div class="cookie-bar">OK</div><p>Hi</p>'),
    "Hi",
  );
});

Deno.test("hidden elements, scripts and form controls are removed", () => {
  const text = cleaned(
    `<p>${LONG_TEXT}</p><div hidden>h1</div><div aria-hidden="true">h2</div>` +
      '<div style="display: none">h3</div><script>s()</script><style>p{}</style>' +
      "<button>Click</button><label>Email</label><select><option>o</option></select>",
  );
  assert.equal(text, LONG_TEXT.trim());
});
