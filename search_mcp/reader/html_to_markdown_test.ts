import assert from "node:assert/strict";
import { htmlToMarkdown } from "./html_to_markdown.ts";
import { UnreadableContentError } from "./unreadable_content_error.ts";

const PAGE = "https://news.example/2025/03/story.html";
const PARAGRAPHS = [
  "The harbour authority approved a new breakwater on Monday after two years of debate.",
  "Engineers expect the work to take eighteen months, starting with surveys of the seabed.",
  "Fishing crews welcomed the decision, saying winter storms had damaged boats every year.",
  "The breakwater will be built from granite blocks quarried a few miles along the coast.",
].map((text) => `<p>${text}</p>`).join("");

function page(head: string, body: string): string {
  return `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
}

Deno.test("the article is kept and the page chrome around it is not", () => {
  const { markdown } = htmlToMarkdown(
    page(
      "<title>Breakwater approved | Coast News</title>",
      '<div class="cookie-consent">We use cookies <button>Accept</button></div>' +
        '<header><a href="/">Coast News</a><nav><a href="/sport">Sport</a></nav></header>' +
        `<article><h1>Breakwater approved</h1>${PARAGRAPHS}` +
        '<div class="share-bar"><a href="https://share.example">Share on Facebook</a></div></article>' +
        '<aside><h3>Related articles</h3><a href="/x">Pier closed for repairs</a></aside>' +
        "<footer>© Coast News Ltd</footer>",
    ),
    PAGE,
  );
  assert.match(markdown, /^# Breakwater approved\n\nThe harbour authority approved/);
  assert.match(markdown, /quarried a few miles along the coast\.$/);
  for (
    const clutter of ["cookies", "Sport", "Share on Facebook", "Pier closed", "Coast News Ltd"]
  ) {
    assert.doesNotMatch(markdown, new RegExp(clutter), clutter);
  }
});

Deno.test("the headline is the title, once, when <title> adds the site name", () => {
  const result = htmlToMarkdown(
    page(
      "<title>Breakwater approved | Coast News</title>",
      `<article><h1>Breakwater approved</h1>${PARAGRAPHS}</article>`,
    ),
    PAGE,
  );
  assert.equal(result.title, "Breakwater approved");
  assert.equal(result.markdown.match(/Breakwater approved/g)?.length, 1);
});

Deno.test("a page without a heading gets its title as the top heading", () => {
  const result = htmlToMarkdown(
    page("<title>Harbour news</title>", `<div>${PARAGRAPHS}</div>`),
    PAGE,
  );
  assert.equal(result.title, "Harbour news");
  assert.match(result.markdown, /^# Harbour news\n\nThe harbour authority/);
});

Deno.test("a plain first line repeating the title becomes the heading instead of a duplicate", () => {
  const result = htmlToMarkdown(
    page(
      "<title>Harbour news</title>",
      `<div><div class="pagetitle">Harbour news</div>${PARAGRAPHS}</div>`,
    ),
    PAGE,
  );
  assert.equal(result.markdown.match(/Harbour news/g)?.length, 1);
  assert.match(result.markdown, /^# Harbour news\n\n/);
});

Deno.test("when Readability finds no article, the cleaned body is read instead", () => {
  // Readability returns nothing for a page whose only content is an image.
  const result = htmlToMarkdown(
    page(
      "<title>Chart</title>",
      '<nav><a href="/">Home</a></nav><img src="chart.png" alt="Tide heights in March">',
    ),
    PAGE,
  );
  assert.equal(
    result.markdown,
    "# Chart\n\n![Tide heights in March](https://news.example/2025/03/chart.png)",
  );
});

Deno.test("a page that renders only with JavaScript converts to empty Markdown", () => {
  const result = htmlToMarkdown(
    page(
      "<title>Dashboard</title><script src=app.js></script>",
      '<div id="root"></div><noscript>Enable JavaScript</noscript>',
    ),
    PAGE,
  );
  assert.deepEqual(result, { title: "Dashboard", markdown: "" });
});

Deno.test("fragments without <html> or <body> are read", () => {
  assert.equal(htmlToMarkdown("<p>Just <b>this</b>.</p>", PAGE).markdown, "Just **this**.");
  assert.match(
    htmlToMarkdown("<title>T</title><p>Body text here.</p>", PAGE).markdown,
    /Body text here\.$/,
  );
});

Deno.test("relative links resolve against <base href> when the page has one", () => {
  const { markdown } = htmlToMarkdown(
    page(
      '<base href="https://cdn.example/docs/">',
      `<article>${PARAGRAPHS}<p><a href="guide.html">Read the guide</a> for details on the works.</p></article>`,
    ),
    PAGE,
  );
  assert.match(markdown, /\[Read the guide\]\(https:\/\/cdn\.example\/docs\/guide\.html\)/);
});

Deno.test("code blocks keep their language through article extraction", () => {
  const { markdown } = htmlToMarkdown(
    page(
      "<title>Docs</title>",
      `<article>${PARAGRAPHS}<pre><code class="language-rust">fn main() {}</code></pre></article>`,
    ),
    PAGE,
  );
  assert.match(markdown, /```rust\nfn main\(\) \{\}\n```/);
});

Deno.test("HTML nested more than 1,000 deep is refused with a clear error", () => {
  const html = `<body>${"<div>".repeat(1200)}<p>deep</p></body>`;
  assert.throws(() => htmlToMarkdown(html, PAGE), (error: unknown) => {
    assert.ok(error instanceof UnreadableContentError);
    assert.match(error.message, /nested \d+ elements deep, more than the 1,000/);
    return true;
  });
});

Deno.test("a page too heavy for Readability is read quickly from the cleaned body", () => {
  // 60 blocks, each 100 divs deep: Readability alone would take seconds here.
  const block = `<section>${"<div>".repeat(100)}<p>Deep text.</p>${"</div>".repeat(100)}</section>`;
  const html = `<body><nav>Menu</nav>${block.repeat(60)}</body>`;
  const started = performance.now();
  const { markdown } = htmlToMarkdown(html, PAGE);
  assert.ok(performance.now() - started < 2000, "took too long");
  assert.equal(markdown.match(/Deep text\./g)?.length, 60);
  assert.doesNotMatch(markdown, /Menu/);
});
