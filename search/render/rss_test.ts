import assert from "node:assert/strict";
import { getElementsByTagName, textContent } from "domutils";
import { parseDocument } from "htmlparser2";
import { isTag } from "domhandler";
import type { SearchOutcome, WebSearchResult } from "../core/types.ts";
import { renderRss, seconds } from "./rss.ts";
import {
  ATTRIBUTE_PAYLOAD,
  sampleImage,
  samplePackage,
  samplePaper,
  sampleVideo,
} from "../pages/pages_testing.ts";

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
      `<rss version="2.0" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" ` +
      `xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
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

/** The feed's items, each as the [name, attributes or text] of its elements after the common ones. */
function kindElements(results: SearchOutcome["results"]) {
  const feed = parseDocument(renderRss({ ...outcome, results }, options), { xmlMode: true });
  return getElementsByTagName("item", feed).map((item) =>
    item.children.flatMap((child) =>
      isTag(child) && !["title", "type", "link", "description", "pubDate"].includes(child.name)
        ? [[child.name, Object.keys(child.attribs).length ? child.attribs : textContent(child)]]
        : []
    )
  );
}

Deno.test("an image item carries its file, type and size as media:content, its thumbnail and its source", () => {
  assert.deepEqual(kindElements([sampleImage()]), [[
    ["media:content", {
      url: "https://upload.example.org/ferris.png",
      medium: "image",
      type: "image/png",
      width: "1200",
      height: "800",
    }],
    ["media:thumbnail", { url: "https://upload.example.org/thumb/ferris.png" }],
    ["media:credit", "Example Commons"],
  ]]);
  // A format nobody names as a media type and a resolution in other words are left out.
  assert.deepEqual(
    kindElements([sampleImage({ img_format: "raw-ish", resolution: "big", source: null })])[0][0],
    ["media:content", { url: "https://upload.example.org/ferris.png", medium: "image" }],
  );
});

Deno.test("a video item carries its thumbnail, its player with its length in seconds, its page and its author", () => {
  assert.deepEqual(kindElements([sampleVideo()]), [[
    ["media:thumbnail", { url: "https://i.ytimg.example/vi/abc123/hq.jpg" }],
    ["media:content", {
      url: "https://www.youtube-nocookie.com/embed/abc123",
      medium: "video",
      duration: "134",
    }],
    ["media:player", { url: "https://www.youtube.com/watch?v=abc123" }],
    ["dc:creator", "Fireship"],
  ]]);
});

Deno.test("a paper item names each author, its publisher and DOI, and encloses its PDF", () => {
  assert.deepEqual(kindElements([samplePaper()]), [[
    ["dc:creator", "Ada Lovelace"],
    ["dc:creator", "Alan Turing"],
    ["dc:publisher", "ACM"],
    ["dc:identifier", "doi:10.1145/3453483.3454036"],
    ["enclosure", {
      url: "https://arxiv.org/pdf/2401.00001",
      length: "0",
      type: "application/pdf",
    }],
  ]]);
});

Deno.test("a package item names its maintainer and its tags as categories; a web page its thumbnail", () => {
  const web = result({ thumbnail: "https://img.example/t.png" });
  assert.deepEqual(kindElements([samplePackage({ tags: ["serde", "no_std"] }), web]), [
    [["dc:creator", "dtolnay"], ["category", "serde"], ["category", "no_std"]],
    [["media:thumbnail", { url: "https://img.example/t.png" }]],
  ]);
});

Deno.test("hostile kind fields stay inside their attributes and elements", () => {
  const hostile = `${ATTRIBUTE_PAYLOAD}</dc:creator><script>x</script>`;
  const feed = renderRss({
    ...outcome,
    results: [
      sampleImage({ img_src: `https://x.example/${ATTRIBUTE_PAYLOAD}`, source: hostile }),
      samplePaper({ authors: [hostile] }),
    ],
  }, options);
  const parsed = parseDocument(feed, { xmlMode: true });
  assert.equal(getElementsByTagName("script", parsed).length, 0);
  assert.equal(
    getElementsByTagName("media:content", parsed)[0].attribs.url,
    `https://x.example/${ATTRIBUTE_PAYLOAD}`,
  );
  assert.equal(textContent(getElementsByTagName("dc:creator", parsed)[0]), hostile);
});

Deno.test("a video length reads as seconds when it is minutes:seconds or hours:minutes:seconds", () => {
  assert.equal(seconds("2:14"), 134);
  assert.equal(seconds("1:02:03"), 3723);
  assert.equal(seconds("PT5M"), null);
  assert.equal(seconds(null), null);
});
