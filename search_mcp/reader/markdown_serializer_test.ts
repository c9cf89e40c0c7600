import assert from "node:assert/strict";
import { parseHtmlDocument } from "./dom.ts";
import { elementToMarkdown } from "./markdown_serializer.ts";

const PAGE = "https://example.org/docs/guide/page.html";

function md(bodyHtml: string): string {
  return elementToMarkdown(parseHtmlDocument(`<body>${bodyHtml}</body>`).body, PAGE);
}

Deno.test("headings become ATX headings of the same level", () => {
  assert.equal(
    md("<h1>One</h1><h3>Three <b>bold</b></h3><h6>Six</h6>"),
    "# One\n\n### Three bold\n\n###### Six",
  );
});

Deno.test("paragraphs are separated by exactly one blank line, whitespace collapsed", () => {
  assert.equal(
    md("<p>  First\n   paragraph  </p>\n\n\n<div><p>Second</p></div><p></p><p>Third</p>"),
    "First paragraph\n\nSecond\n\nThird",
  );
});

Deno.test("strong and emphasis hug their text and do not nest twice", () => {
  assert.equal(
    md("<p>a<strong> bold </strong>b <em>it</em> <b>x <strong>y</strong></b> <i></i>c</p>"),
    "a **bold** b *it* **x y** c",
  );
});

Deno.test("inline code uses a longer backtick run when the code contains backticks", () => {
  assert.equal(
    md("<p>Use <code>a  b</code> or <code>x`y</code> or <kbd>`</kbd></p>"),
    "Use `a b` or ``x`y`` or `` ` ``",
  );
});

Deno.test("<pre> becomes a fenced block with its language and whitespace kept", () => {
  assert.equal(
    md('<pre><code class="language-python">def f():\n    return 1\n</code></pre>'),
    "```python\ndef f():\n    return 1\n```",
  );
  assert.equal(md('<pre class="lang-sh">ls  -l<br>pwd</pre>'), "```sh\nls  -l\npwd\n```");
});

Deno.test("a code block containing a fence gets a longer fence", () => {
  assert.equal(md("<pre>a\n```\nb</pre>"), "````\na\n```\nb\n````");
});

Deno.test("links resolve against the page URL; javascript: links keep only their text", () => {
  assert.equal(
    md(
      '<p><a href="../api?q=1">API</a>, <a href="/root">root</a>, ' +
        '<a href="https://other.example/x">other</a>, <a href="javascript:go()">Go</a>, ' +
        '<a href="mailto:a@example.org">mail</a></p>',
    ),
    "[API](https://example.org/docs/api?q=1), [root](https://example.org/root), " +
      "[other](https://other.example/x), Go, [mail](mailto:a@example.org)",
  );
});

Deno.test("parentheses in URLs are encoded so they cannot end the link", () => {
  assert.equal(
    md('<a href="/wiki/Foo_(bar)">Foo</a>'),
    "[Foo](https://example.org/wiki/Foo_%28bar%29)",
  );
});

Deno.test("links within the page keep their text; bare permalink marks disappear", () => {
  assert.equal(
    md('<h2>Usage <a href="#usage">¶</a></h2><p>See <a href="#x">below</a>.</p>'),
    "## Usage\n\nSee below.",
  );
});

Deno.test("brackets in link text are escaped; empty links vanish", () => {
  assert.equal(
    md('<p><a href="/a">[draft]</a> <a href="/b"> </a>end</p>'),
    "[\\[draft\\]](https://example.org/a) end",
  );
});

Deno.test("images are kept only when they have alt text", () => {
  assert.equal(
    md('<p><img src="img/a.png" alt="A chart"> <img src="b.png"> <img src="c.png" alt=""></p>'),
    "![A chart](https://example.org/docs/guide/img/a.png)",
  );
});

Deno.test("unordered, ordered and nested lists are indented under their items", () => {
  assert.equal(
    md(
      "<ul><li>one</li><li>two<ul><li>two a</li><li>two b<ol><li>deep</li></ol></li></ul></li></ul>" +
        '<ol start="9"><li>nine</li><li>ten</li></ol>',
    ),
    "- one\n- two\n  - two a\n  - two b\n    1. deep\n\n9. nine\n10. ten",
  );
});

Deno.test("a list nested directly inside a list belongs to the item before it", () => {
  assert.equal(md("<ul><li>a</li><ul><li>b</li></ul></ul>"), "- a\n  - b");
});

Deno.test("list items with several paragraphs make a loose list", () => {
  assert.equal(md("<ol><li><p>a</p><p>more</p></li><li>b</li></ol>"), "1. a\n\n   more\n\n2. b");
});

Deno.test("blockquotes prefix every line, blank ones included", () => {
  assert.equal(md("<blockquote><p>one</p><p>two</p></blockquote>"), "> one\n>\n> two");
});

Deno.test("tables become GFM tables with the <th> row as header and pipes escaped", () => {
  assert.equal(
    md(
      "<table><thead><tr><th>Name</th><th>Value</th></tr></thead>" +
        "<tbody><tr><td>a|b</td><td><p>line one</p><p>line two</p></td></tr></tbody></table>",
    ),
    "| Name | Value |\n| --- | --- |\n| a\\|b | line one line two |",
  );
});

Deno.test("a table without <th> uses its first row as header; colspan adds cells", () => {
  assert.equal(
    md(
      '<table><tr><td>x</td><td>y</td><td>z</td></tr><tr><td colspan="2">wide</td><td>1</td></tr>' +
        "<tr><td>short</td></tr></table>",
    ),
    "| x | y | z |\n| --- | --- | --- |\n| wide |  | 1 |\n| short |  |  |",
  );
});

Deno.test("a one-column layout table is read as plain content", () => {
  assert.equal(md("<table><tr><td><p>Just text</p></td></tr></table>"), "Just text");
});

Deno.test("<hr> is a rule and <br> a hard line break", () => {
  assert.equal(md("<p>a<br>b</p><hr><p>c</p>"), "a  \nb\n\n---\n\nc");
});

Deno.test("two <br> in a row start a new paragraph", () => {
  assert.equal(md("<div>one<br><br>two</div>"), "one\n\ntwo");
});

Deno.test("definition lists show each term in bold with its definitions under it", () => {
  assert.equal(
    md(
      "<dl><dt>TTL</dt><dd>Time to live.</dd><dd>In seconds.</dd><div><dt>Key</dt><dd>Cache key.</dd></div></dl>",
    ),
    "**TTL**\n: Time to live.\n: In seconds.\n\n**Key**\n: Cache key.",
  );
});

Deno.test("text that would read as Markdown syntax at a line start is escaped", () => {
  assert.equal(
    md(
      "<p>1. not a list</p><p># not a heading</p><p>- not an item</p><p>&gt; no quote</p><p>***</p><p>&lt;div&gt; text</p>",
    ),
    "1\\. not a list\n\n\\# not a heading\n\n\\- not an item\n\n\\> no quote\n\n\\***\n\n\\<div> text",
  );
});

Deno.test("scripts, styles, forms controls and media are skipped", () => {
  assert.equal(
    md(
      "<p>kept<script>var x = 1;</script><style>p{}</style></p><button>Click</button><video>fallback</video><input value=x>",
    ),
    "kept",
  );
});

Deno.test("an inline element wrapping blocks is laid out as blocks", () => {
  assert.equal(md("<span><p>one</p><p>two</p></span>"), "one\n\ntwo");
});

Deno.test("non-breaking spaces read as ordinary spaces", () => {
  assert.equal(md("<p>10&nbsp;km&nbsp;&nbsp;away</p>"), "10 km away");
});
