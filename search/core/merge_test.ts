import assert from "node:assert/strict";
import { emptyResults, type EngineInfobox, type EngineResults, type WebResult } from "./engine.ts";
import { type EngineOutput, mergeResults } from "./merge.ts";
import { rulesOf } from "../plugins/plugins_testing.ts";

const TRACKERS_REMOVED = rulesOf(["tracker_url_remover"]);

function output(
  engine: string,
  results: Partial<WebResult>[],
  extra: Partial<EngineResults> & { weight?: number; category?: string } = {},
): EngineOutput {
  const { weight = 1, category = "general", ...rest } = extra;
  return {
    engine,
    weight,
    category,
    results: {
      ...emptyResults(),
      results: results.map((result) => ({ url: "", title: "", content: "", ...result })),
      ...rest,
    },
  };
}

function infobox(overrides: Partial<EngineInfobox>): EngineInfobox {
  return {
    infobox: "",
    id: "",
    content: "",
    img_src: null,
    urls: [],
    attributes: [],
    ...overrides,
  };
}

Deno.test("a result has SearXNG's fields, in SearXNG's order", () => {
  const merged = mergeResults([
    output("brave", [{
      url: "https://example.com/a?utm_source=x&b=1",
      title: "  Example \n  page ",
      content: "Some\t\tcontent",
      publishedDate: new Date("2024-05-06T07:08:09Z"),
      thumbnail: "//cdn.example.com/t.png",
    }]),
  ], TRACKERS_REMOVED);
  assert.equal(
    JSON.stringify(merged.results),
    JSON.stringify([{
      url: "https://example.com/a?b=1",
      title: "Example page",
      content: "Some content",
      engine: "brave",
      engines: ["brave"],
      positions: [1],
      score: 1,
      category: "general",
      template: "default.html",
      parsed_url: ["https", "example.com", "/a", "", "b=1", ""],
      publishedDate: "2024-05-06T07:08:09.000Z",
      thumbnail: "https://cdn.example.com/t.png",
      img_src: null,
      priority: "",
    }]),
  );
  assert.deepEqual(Object.keys(merged), [
    "results",
    "answers",
    "corrections",
    "infoboxes",
    "suggestions",
  ]);
});

Deno.test("the score is the weight product times the hits times the sum of 1/position", () => {
  // SearXNG's own example (#6129): startpage + ddg + google, positions 1,1,2,2 → 4 × 3 = 12.
  const merged = mergeResults([
    output("startpage", [{ url: "https://example.com/x" }, { url: "https://www.example.com/x/" }]),
    output("duckduckgo", [{ url: "http://example.com/x" }]),
    output("google", [{ url: "https://other.example/" }, { url: "https://example.com/x" }]),
  ]);
  const hit = merged.results[0];
  assert.equal(hit.url, "https://example.com/x");
  assert.deepEqual(hit.engines, ["startpage", "duckduckgo", "google"]);
  assert.deepEqual(hit.positions, [1, 2, 1, 2]);
  assert.equal(hit.score, 12);
  assert.equal(merged.results[1].url, "https://other.example/");
  assert.equal(merged.results[1].score, 1);
});

Deno.test("engine weights multiply into the score and the list is sorted by it", () => {
  const merged = mergeResults([
    output("light", [{ url: "https://a.example/" }, { url: "https://b.example/" }], {
      weight: 0.5,
    }),
    output("heavy", [{ url: "https://b.example/" }, { url: "https://c.example/" }], { weight: 2 }),
  ]);
  assert.deepEqual(merged.results.map((result) => [result.url, result.score]), [
    ["https://b.example/", 0.5 * 2 * 2 * (1 / 2 + 1 / 1)],
    ["https://c.example/", 2 * 1 * (1 / 2)],
    ["https://a.example/", 0.5 * 1 * (1 / 1)],
  ]);
});

Deno.test("results with equal scores keep the order they were first seen in", () => {
  const merged = mergeResults([
    output("first", [{ url: "https://a.example/" }, { url: "https://b.example/" }]),
    output("second", [{ url: "https://c.example/" }, { url: "https://d.example/" }]),
  ]);
  assert.deepEqual(merged.results.map((result) => result.url), [
    "https://a.example/",
    "https://c.example/",
    "https://b.example/",
    "https://d.example/",
  ]);
});

Deno.test("results whose URL is rejected are dropped and do not take a position", () => {
  const merged = mergeResults([
    output("brave", [
      { url: "javascript:alert(1)", title: "evil" },
      { url: "/relative", title: "relative" },
      { url: "https://example.com/", title: "kept" },
    ]),
  ]);
  assert.deepEqual(merged.results.map((result) => [result.title, result.positions]), [
    ["kept", [1]],
  ]);
});

Deno.test("content that only repeats the title is blanked", () => {
  const merged = mergeResults([
    output("brave", [{ url: "https://example.com/", title: "Rust  lang", content: " Rust lang " }]),
  ]);
  assert.equal(merged.results[0].title, "Rust lang");
  assert.equal(merged.results[0].content, "");
});

Deno.test("published dates become ISO strings; invalid or pre-1900 dates become null", () => {
  const merged = mergeResults([
    output("news", [
      { url: "https://a.example/", publishedDate: new Date("1900-01-01T00:00:00Z") },
      { url: "https://b.example/", publishedDate: new Date("1899-12-31T23:59:59Z") },
      { url: "https://c.example/", publishedDate: new Date("not a date") },
      { url: "https://d.example/", publishedDate: null },
      { url: "https://e.example/" },
    ]),
  ]);
  assert.deepEqual(merged.results.map((result) => result.publishedDate), [
    "1900-01-01T00:00:00.000Z",
    null,
    null,
    null,
    null,
  ]);
});

Deno.test('a date counted back from "2 years ago" keeps its unit and no made-up time of day', () => {
  const merged = mergeResults([
    output("video", [
      {
        url: "https://a.example/",
        publishedDate: new Date("2024-11-21T12:34:56.789Z"),
        publishedDatePrecision: "year",
      },
      {
        url: "https://b.example/",
        publishedDate: new Date("2026-11-21T09:34:56.789Z"),
        publishedDatePrecision: "hour",
      },
      { url: "https://c.example/", publishedDate: new Date("2026-11-21T09:34:56.789Z") },
    ]),
  ]);
  const dates = merged.results.map(({ publishedDate, publishedDatePrecision }) => ({
    publishedDate,
    publishedDatePrecision,
  }));
  assert.deepEqual(dates, [
    { publishedDate: "2024-11-21T00:00:00.000Z", publishedDatePrecision: "year" },
    { publishedDate: "2026-11-21T09:00:00.000Z", publishedDatePrecision: "hour" },
    { publishedDate: "2026-11-21T09:34:56.789Z", publishedDatePrecision: undefined },
  ]);
  // An engine's own date is no approximation: the JSON has no such field.
  assert.equal("publishedDatePrecision" in JSON.parse(JSON.stringify(merged.results[2])), false);
});

Deno.test("of two engines' dates for one page the more precise wins; a counted-back one fills a gap", () => {
  const page = (date?: Partial<WebResult>) => ({ url: "https://a.example/", ...date });
  const yearsAgo = page({
    publishedDate: new Date("2024-11-21T12:00:00Z"),
    publishedDatePrecision: "year",
  });
  const weeksAgo = page({
    publishedDate: new Date("2026-11-07T12:00:00Z"),
    publishedDatePrecision: "week",
  });
  const exact = page({ publishedDate: new Date("2024-03-04T00:00:00Z") });
  const merge = (...pages: Partial<WebResult>[]) => {
    const [result] = mergeResults(pages.map((one, i) => output(`e${i}`, [one]))).results;
    return [result.publishedDate, result.publishedDatePrecision];
  };
  assert.deepEqual(merge(yearsAgo, exact), ["2024-03-04T00:00:00.000Z", undefined]);
  assert.deepEqual(merge(exact, yearsAgo), ["2024-03-04T00:00:00.000Z", undefined]);
  assert.deepEqual(merge(yearsAgo, weeksAgo), ["2026-11-07T00:00:00.000Z", "week"]);
  assert.deepEqual(merge(page(), yearsAgo), ["2024-11-21T00:00:00.000Z", "year"]);
});

Deno.test("image links are cleaned and unusable ones dropped", () => {
  const merged = mergeResults([
    output("images", [{
      url: "https://example.com/",
      thumbnail: "javascript:alert(1)",
      img_src: "https://img.example/x.png?fbclid=1",
    }]),
  ], TRACKERS_REMOVED);
  assert.equal(merged.results[0].thumbnail, null);
  assert.equal(merged.results[0].img_src, "https://img.example/x.png");
});

Deno.test("a duplicate keeps the longer texts, fills missing fields and upgrades to https", () => {
  const merged = mergeResults([
    output("first", [{
      url: "http://www.example.com/page/",
      title: "Short",
      content: "A much longer snippet from the first engine",
      img_src: "https://img.example/first.png",
    }], { category: "news" }),
    output("second", [{
      url: "https://example.com/page",
      title: "A longer title",
      content: "Short snippet",
      thumbnail: "https://img.example/thumb.png",
      img_src: "https://img.example/second.png",
      publishedDate: new Date("2025-01-02T03:04:05Z"),
    }]),
  ]);
  assert.equal(merged.results.length, 1);
  const [result] = merged.results;
  assert.equal(result.url, "https://example.com/page");
  assert.deepEqual(result.parsed_url, ["https", "example.com", "/page", "", "", ""]);
  assert.equal(result.title, "A longer title");
  assert.equal(result.content, "A much longer snippet from the first engine");
  assert.equal(result.thumbnail, "https://img.example/thumb.png");
  assert.equal(result.img_src, "https://img.example/first.png");
  assert.equal(result.publishedDate, "2025-01-02T03:04:05.000Z");
  assert.equal(result.engine, "first");
  assert.deepEqual(result.engines, ["first", "second"]);
  assert.equal(result.category, "news");
});

Deno.test("an https result is not downgraded by an http duplicate", () => {
  const merged = mergeResults([
    output("first", [{ url: "https://example.com/a" }]),
    output("second", [{ url: "http://www.example.com/a/" }]),
  ]);
  assert.equal(merged.results[0].url, "https://example.com/a");
  assert.equal(merged.results[0].parsed_url[0], "https");
});

Deno.test("a title taken from a duplicate blanks content that now repeats it", () => {
  const merged = mergeResults([
    output("first", [{ url: "https://example.com/", title: "Rust", content: "Rust language" }]),
    output("second", [{ url: "https://example.com/", title: "Rust language", content: "" }]),
  ]);
  assert.equal(merged.results[0].title, "Rust language");
  assert.equal(merged.results[0].content, "");
});

Deno.test("infoboxes with the same id merge into one, led by the heavier engine", () => {
  const merged = mergeResults([
    output("wikipedia", [], {
      infoboxes: [infobox({
        infobox: "Rust (programming language)",
        id: "https://en.wikipedia.org/wiki/Rust_(programming_language)",
        content: "Rust is a language.",
        img_src: "https://upload.example/wp.png",
        urls: [
          { title: "Wikipedia", url: "https://en.wikipedia.org/wiki/Rust_(programming_language)" },
          { title: "Bad", url: "javascript:alert(1)" },
        ],
        attributes: [{ label: "Designed by", value: "Graydon Hoare" }],
      })],
    }),
    output("wikidata", [], {
      weight: 2,
      infoboxes: [infobox({
        infobox: "Rust",
        id: "http://en.wikipedia.org/wiki/Rust_(programming_language)/",
        content: "Rust is a general-purpose programming language.",
        img_src: "https://upload.example/wd.png",
        urls: [
          {
            title: "Wikipedia",
            url: "http://www.en.wikipedia.org/wiki/Rust_(programming_language)",
          },
          { title: "Official site", url: "https://www.rust-lang.org/?utm_source=wikidata" },
        ],
        attributes: [
          { label: "Designed by", value: "Someone else" },
          { label: "First appeared", value: "2015" },
        ],
      })],
    }),
  ], TRACKERS_REMOVED);
  assert.deepEqual(merged.infoboxes, [{
    infobox: "Rust (programming language)",
    id: "https://en.wikipedia.org/wiki/Rust_(programming_language)",
    content: "Rust is a general-purpose programming language.",
    img_src: "https://upload.example/wd.png",
    urls: [
      { title: "Wikipedia", url: "https://en.wikipedia.org/wiki/Rust_(programming_language)" },
      { title: "Official site", url: "https://www.rust-lang.org/" },
    ],
    attributes: [
      { label: "Designed by", value: "Graydon Hoare" },
      { label: "First appeared", value: "2015" },
    ],
    engine: "wikidata",
    engines: ["wikipedia", "wikidata"],
  }]);
});

Deno.test("a lighter engine's infobox neither leads the merged box nor replaces its image", () => {
  const merged = mergeResults([
    output("wikidata", [], {
      weight: 2,
      infoboxes: [infobox({ infobox: "A", id: "https://x.example/A", img_src: "https://i/1.png" })],
    }),
    output("wikipedia", [], {
      infoboxes: [infobox({ infobox: "B", id: "https://x.example/A", img_src: "https://i/2.png" })],
    }),
  ]);
  assert.equal(merged.infoboxes.length, 1);
  assert.equal(merged.infoboxes[0].infobox, "A");
  assert.equal(merged.infoboxes[0].engine, "wikidata");
  assert.equal(merged.infoboxes[0].img_src, "https://i/1.png");
  assert.deepEqual(merged.infoboxes[0].engines, ["wikidata", "wikipedia"]);
});

Deno.test("infoboxes without an id or with different ids stay separate", () => {
  const merged = mergeResults([
    output("one", [], {
      infoboxes: [infobox({ infobox: "A" }), infobox({ infobox: "B", id: "https://x.example/B" })],
    }),
    output("two", [], {
      infoboxes: [infobox({ infobox: "C" }), infobox({ infobox: "D", id: "https://x.example/D" })],
    }),
  ]);
  assert.deepEqual(merged.infoboxes.map((box) => box.infobox), ["A", "B", "C", "D"]);
});

Deno.test("answers are de-duplicated by text and carry a parsed URL when they have one", () => {
  const merged = mergeResults([
    output("one", [], {
      answers: [
        { answer: "42", url: null },
        { answer: "Paris", url: "https://example.com/paris?gclid=1" },
      ],
    }),
    output("two", [], {
      answers: [{ answer: "42", url: "https://other.example/" }, {
        answer: "bad",
        url: "javascript:x",
      }],
    }),
  ], TRACKERS_REMOVED);
  assert.equal(
    JSON.stringify(merged.answers),
    JSON.stringify([
      { url: null, engine: "one", parsed_url: null, template: "answer/legacy.html", answer: "42" },
      {
        url: "https://example.com/paris",
        engine: "one",
        parsed_url: ["https", "example.com", "/paris", "", "", ""],
        template: "answer/legacy.html",
        answer: "Paris",
      },
      { url: null, engine: "two", parsed_url: null, template: "answer/legacy.html", answer: "bad" },
    ]),
  );
});

Deno.test("suggestions and corrections are trimmed, kept once each and in first-seen order", () => {
  const merged = mergeResults([
    output("one", [], { suggestions: [" rust book ", "Rust", ""], corrections: ["rust"] }),
    output("two", [], { suggestions: ["rust book", "rust"], corrections: [" rust", "rusty"] }),
  ]);
  assert.deepEqual(merged.suggestions, ["rust book", "Rust", "rust"]);
  assert.deepEqual(merged.corrections, ["rust", "rusty"]);
});
