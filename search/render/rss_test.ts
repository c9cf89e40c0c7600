import assert from "node:assert/strict";
import { getElementsByTagName, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import type { SearchOutcome, WebSearchResult } from "../core/types.ts";
import { renderRss } from "./rss.ts";

function result(overrides: Partial<WebSearchResult>): WebSearchResult {
  return {
    url: "https://example.com/",
    title: "",
    content: "",
    engine: "brave",
    engines: ["brave"],
    positions: [1],
    score: 1,
    category: "general",
    template: "default.html",
    parsed_url: ["https", "example.com", "/", "", "", ""],
    publishedDate: null,
    thumbnail: null,
    img_src: null,
    priority: "",
    ...overrides,
  };
}

// Markup, a CDATA terminator, C0 controls, an emoji, a lone surrogate and a non-character.
const HOSTILE_TITLE = "<script>alert('x')</script> & ]]> \u0000\u0007\u001f🦀 lone\ud800" +
  " end\ufffe";

const outcome: SearchOutcome = {
  query: `rust & "<b>"`,
  results: [
    result({
      url: "https://example.com/?a=1&b=2",
      title: HOSTILE_TITLE,
      content: "tab\tand\nnewline stay",
      publishedDate: "2024-05-06T07:08:09.000Z",
    }),
    result({ url: "https://example.org/", title: "Plain" }),
  ],
  answers: [],
  corrections: [],
  infoboxes: [],
  suggestions: [],
  unresponsive_engines: [],
};

const options = {
  instanceName: "SearXNG",
  searchUrl: "https://search.example/search?q=rust&format=rss",
  pageno: 2,
};

Deno.test("the feed is RSS 2.0 with OpenSearch elements and every text escaped", () => {
  assert.equal(
    renderRss(outcome, options),
    [
      `<?xml version="1.0" encoding="UTF-8"?>`,
      `<rss version="2.0" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">`,
      `  <channel>`,
      `    <title>rust &amp; &quot;&lt;b&gt;&quot; – SearXNG</title>`,
      `    <link>https://search.example/search?q=rust&amp;format=rss</link>`,
      `    <description>Search results for "rust &amp; &quot;&lt;b&gt;&quot;" - SearXNG` +
      `</description>`,
      `    <opensearch:totalResults>2</opensearch:totalResults>`,
      `    <opensearch:startIndex>1</opensearch:startIndex>`,
      `    <opensearch:itemsPerPage>2</opensearch:itemsPerPage>`,
      `    <opensearch:Query role="request" searchTerms="rust &amp; &quot;&lt;b&gt;&quot;" ` +
      `startPage="2"/>`,
      `    <item>`,
      `      <title>&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt; &amp; ]]&gt; 🦀 lone end` +
      `</title>`,
      `      <type>result</type>`,
      `      <link>https://example.com/?a=1&amp;b=2</link>`,
      `      <description>tab\tand\nnewline stay</description>`,
      `      <pubDate>Mon, 06 May 2024 07:08:09 GMT</pubDate>`,
      `    </item>`,
      `    <item>`,
      `      <title>Plain</title>`,
      `      <type>result</type>`,
      `      <link>https://example.org/</link>`,
      `      <description></description>`,
      `    </item>`,
      `  </channel>`,
      `</rss>`,
      ``,
    ].join("\n"),
  );
});

Deno.test("an XML parser reads the hostile title back without the characters XML forbids", () => {
  const feed = parseDocument(renderRss(outcome, options), { xmlMode: true });
  const items = getElementsByTagName("item", feed);
  assert.equal(items.length, 2);
  const [title] = getElementsByTagName("title", items[0]);
  assert.equal(textContent(title), "<script>alert('x')</script> & ]]> 🦀 lone end");
  assert.equal(getElementsByTagName("script", feed).length, 0);
  assert.equal(getElementsByTagName("pubDate", items[1]).length, 0);
  const [query] = getElementsByTagName("opensearch:Query", feed);
  assert.equal(query.attribs.searchTerms, `rust & "<b>"`);
});

Deno.test("the channel's description names the engines that failed and why", () => {
  const feed = renderRss(
    { ...outcome, results: [], unresponsive_engines: [["brave", "timeout"], ["b&b", "<CAPTCHA>"]] },
    options,
  );
  assert.match(
    feed,
    /<description>Search results for "rust &amp; &quot;&lt;b&gt;&quot;" - SearXNG\. Engines that failed: brave \(timeout\), b&amp;b \(&lt;CAPTCHA&gt;\)<\/description>/,
  );
  assert.doesNotMatch(renderRss(outcome, options), /Engines that failed/);
});
