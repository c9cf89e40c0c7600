// Fixtures (tests/fixtures/search/wikicommons/): search.json stands for the Commons API's answer
// (formatversion 2) to this module's query for "rust": three files with their imageinfo (an SVG
// logo, a JPEG photo with an HTML description and author link, a PNG without metadata) and one
// missing file, ordered by page id as the API sends them, each with its search rank in `index`.
// no_results.json is the answer to a search that finds nothing (no `query` at all),
// ratelimited.json the API's rate limit error, bad_param.json another API error.
import assert from "node:assert/strict";
import { EngineError, type EngineQuery, ParseError, TooManyRequestsError } from "../core/engine.ts";
import { engineHarness, fixture } from "./engines_testing.ts";
import { wikicommons } from "./wikicommons.ts";

const UPLOAD = "https://upload.wikimedia.org/wikipedia/commons";

const { request, results: parse } = engineHarness(wikicommons, {
  query: { query: "rust", category: "images" },
  responseHeaders: { "content-type": "application/json; charset=utf-8" },
});

function params(query: Partial<EngineQuery> = {}): URLSearchParams {
  return new URL(request(query)!.url).searchParams;
}

Deno.test("wikicommons: a search of pictures in the File: namespace generates their imageinfo", () => {
  assert.deepEqual(request(), {
    url: "https://commons.wikimedia.org/w/api.php?action=query&format=json&formatversion=2" +
      "&generator=search&gsrsearch=filetype%3Abitmap%7Cdrawing+rust&gsrnamespace=6&gsrlimit=20" +
      "&gsroffset=0&prop=imageinfo&iiprop=url%7Csize%7Cmime%7Cextmetadata&iiurlwidth=400" +
      "&iiextmetadatafilter=ImageDescription%7CArtist%7CLicenseShortName" +
      "&iiextmetadatalanguage=en&uselang=en",
    headers: { Accept: "application/json" },
  });
});

Deno.test("wikicommons: later pages start 20 files further on", () => {
  assert.equal(params({ pageno: 2 }).get("gsroffset"), "20");
  assert.equal(params({ pageno: 4 }).get("gsroffset"), "60");
});

Deno.test("wikicommons: the language picks the metadata's language; no safe search or time filter", () => {
  const german = params({ language: "de-AT" });
  assert.equal(german.get("uselang"), "de");
  assert.equal(german.get("iiextmetadatalanguage"), "de");
  assert.equal(wikicommons.safesearch, false);
  assert.equal(wikicommons.timeRange, false);
  assert.deepEqual(
    request({ safesearch: 2, timeRange: null }),
    request({ safesearch: 0 }),
  );
});

Deno.test("wikicommons: base_url replaces the origin and keeps the API path, also over http", () => {
  assert.ok(
    request({}, { baseUrl: "http://127.0.0.1:8484/wikicommons" })?.url.startsWith(
      "http://127.0.0.1:8484/wikicommons/w/api.php?action=query&",
    ),
  );
});

Deno.test("wikicommons: files come in search order with their file, thumbnail, size and licence", () => {
  const results = parse(fixture("wikicommons", "search.json"));
  assert.equal(results.length, 3);
  assert.deepEqual(results[0], {
    template: "images.html",
    url: "https://commons.wikimedia.org/wiki/File:Rust_programming_language_black_logo.svg",
    title: "Rust programming language black logo",
    content: "Logo of the Rust programming language. · by Rust Foundation · CC BY 4.0",
    img_src: `${UPLOAD}/d/d5/Rust_programming_language_black_logo.svg`,
    thumbnail_src:
      `${UPLOAD}/thumb/d/d5/Rust_programming_language_black_logo.svg/400px-Rust_programming_language_black_logo.svg.png`,
    resolution: "144 x 144",
    img_format: "svg+xml",
    source: "Wikimedia Commons",
    filesize: "6.0 KB",
  });
  assert.deepEqual(results[1], {
    template: "images.html",
    url: "https://commons.wikimedia.org/wiki/File:Rusty_chain_%26_padlock,_Hamburg.jpg",
    title: "Rusty chain & padlock, Hamburg",
    content:
      "Rusty chain & padlock on a bridge railing in Hamburg, Speicherstadt · by Jane Doe · CC BY-SA 4.0",
    img_src: `${UPLOAD}/7/7a/Rusty_chain_%26_padlock%2C_Hamburg.jpg`,
    thumbnail_src:
      `${UPLOAD}/thumb/7/7a/Rusty_chain_%26_padlock%2C_Hamburg.jpg/400px-Rusty_chain_%26_padlock%2C_Hamburg.jpg`,
    resolution: "4000 x 3000",
    img_format: "jpeg",
    source: "Wikimedia Commons",
    filesize: "2.1 MB",
  });
});

Deno.test("wikicommons: a file without metadata has an empty description; a missing file is left out", () => {
  const results = parse(fixture("wikicommons", "search.json"));
  assert.equal(results[2].title, "Rust-colored diagram");
  assert.equal(results[2].content, "");
  assert.ok(results[2].template === "images.html");
  assert.equal(results[2].filesize, "512 B");
  assert.ok(!results.some((result) => result.title === "Missing file"));
});

Deno.test("wikicommons: a search that finds nothing gives no results", () => {
  assert.deepEqual(parse(fixture("wikicommons", "no_results.json")), []);
});

Deno.test("wikicommons: the API's rate limit error is too many requests", () => {
  assert.throws(() => parse(fixture("wikicommons", "ratelimited.json")), TooManyRequestsError);
});

Deno.test("wikicommons: another API error, or an answer that is no API answer, is a parse error", () => {
  assert.throws(
    () => parse(fixture("wikicommons", "bad_param.json")),
    (error) => error instanceof ParseError && error.message.includes("badvalue"),
  );
  assert.throws(() => parse("<!DOCTYPE html><title>Wikimedia Error</title>"), ParseError);
  assert.throws(() => parse('{"warnings":{}}'), ParseError);
  assert.throws(() => parse('{"query":{"pages":{}}}'), ParseError);
});

Deno.test("wikicommons: garbage answers never throw anything but an EngineError", () => {
  const search = fixture("wikicommons", "search.json");
  const bodies = [
    "",
    "null",
    search.slice(0, search.length / 2),
    '{"query":{"pages":[null,1,{"title":"File:x"},{"title":"File:y","imageinfo":[{}]}]}}',
    '{"query":{"pages":[{"title":"File:z","imageinfo":[{"url":"javascript:x",' +
    '"descriptionurl":"https://commons.wikimedia.org/"}]}]}}',
  ];
  for (const body of bodies) {
    try {
      parse(body);
    } catch (error) {
      assert.ok(error instanceof EngineError, `${error}`);
    }
  }
});
