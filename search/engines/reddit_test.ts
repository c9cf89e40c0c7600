// Fixtures (tests/fixtures/search/reddit/): search.json stands for Reddit's answer to
// /search.json?q=rust&limit=25&sort=relevance&type=link&raw_json=1 (a Listing of t3 posts, trimmed
// of most fields): a text post with a long body, a link post with an image thumbnail, an NSFW
// post whose thumbnail is the word "nsfw", a subreddit (t5) and a post without a permalink.
// empty.json is the Listing for a query that finds nothing; blocked.html Reddit's block page
// ("whoa there, pardner!"), which it serves to refused clients.
import assert from "node:assert/strict";
import {
  AccessDeniedError,
  EngineError,
  type EngineQuery,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { reddit } from "./reddit.ts";
import { engineHarness, fixture } from "./engines_testing.ts";

const { request, results: parse } = engineHarness(reddit, {
  query: { query: "rust", category: "social media" },
  responseUrl: "https://www.reddit.com/search.json?q=rust",
});

function params(query: Partial<EngineQuery> = {}): URLSearchParams {
  return new URL(request(query)!.url).searchParams;
}

Deno.test("reddit: the JSON search asks for 25 posts by relevance, text unescaped", () => {
  assert.deepEqual(request(), {
    url: "https://www.reddit.com/search.json?q=rust&limit=25&sort=relevance&type=link&raw_json=1" +
      "&include_over_18=on",
    headers: { Accept: "application/json" },
  });
});

Deno.test("reddit: safe search leaves NSFW posts out", () => {
  assert.deepEqual(
    ([0, 1, 2] as const).map((safesearch) => params({ safesearch }).get("include_over_18")),
    ["on", "off", "off"],
  );
});

Deno.test("reddit: a time range sets t; no paging or language is offered", () => {
  for (const timeRange of ["day", "week", "month", "year"] as const) {
    assert.equal(params({ timeRange }).get("t"), timeRange);
  }
  assert.equal(params().get("t"), null);
  assert.equal(reddit.paging, false);
  assert.equal(reddit.language, false);
  assert.deepEqual(request({ pageno: 2, language: "de" }), request());
});

Deno.test("reddit: base_url replaces the origin and keeps the path, also over http", () => {
  assert.ok(
    request({}, { baseUrl: "http://127.0.0.1:8989/reddit" })!.url.startsWith(
      "http://127.0.0.1:8989/reddit/search.json?q=rust&",
    ),
  );
});

Deno.test("reddit: a post gives its thread, subreddit, score, comments, text and date", () => {
  const results = parse(fixture("reddit", "search.json"));
  assert.equal(results.length, 3);
  const [text, link] = results;
  assert.equal(text.template, undefined);
  assert.equal(text.url, "https://www.reddit.com/r/rust/comments/1p2q3r4/after_a_year_of_rust/");
  assert.equal(text.title, "After a year of Rust, the borrow checker finally clicked");
  assert.ok(
    text.content.startsWith(
      "r/rust · 1,234 points · 187 comments · I have been writing Rust for a year now & the " +
        "borrow checker finally clicks. Here is what helped me:",
    ),
    text.content,
  );
  assert.ok(text.content.endsWith(" …"));
  assert.equal(text.thumbnail, null);
  assert.deepEqual(text.publishedDate, new Date("2025-11-20T12:00:00Z"));
  assert.deepEqual(link, {
    url: "https://www.reddit.com/r/programming/comments/1p1a2b3/rust_191_released/",
    title: "Rust 1.91 released",
    content: "r/programming · 1 point · 1 comment",
    thumbnail: "https://b.thumbs.redditmedia.com/7Yz1Q2x3W4v5U6t7S8r9Q0p_o1N2m3L4k5J6i7H8g9.jpg",
    publishedDate: new Date("2025-11-19T12:00:00Z"),
  });
});

Deno.test("reddit: a thumbnail that is a word is none; subreddits and broken posts are left out", () => {
  const results = parse(fixture("reddit", "search.json"));
  assert.equal(results[2].title, "Rewrite it in Rust (NSFW edition)");
  assert.ok(results[2].template === undefined);
  assert.equal(results[2].thumbnail, null);
  assert.equal(results[2].content, "r/rustjerk · 0 points · 0 comments");
  assert.ok(!results.some((result) => result.title === "Missing permalink"));
  assert.ok(!results.some((result) => result.url.endsWith("/r/rust/")));
});

Deno.test("reddit: an empty listing gives no results", () => {
  assert.deepEqual(parse(fixture("reddit", "empty.json")), []);
});

Deno.test("reddit: its block page is access denied (403 or 200), a 429 too many requests", () => {
  const blocked = fixture("reddit", "blocked.html");
  assert.throws(() => parse(blocked, 403), AccessDeniedError);
  assert.throws(() => parse(blocked, 200), AccessDeniedError);
  assert.throws(
    () => parse('{"message": "Too Many Requests", "error": 429}', 429),
    TooManyRequestsError,
  );
});

Deno.test("reddit: an answer that is not a listing is a parse error", () => {
  assert.throws(() => parse('{"kind":"t3","data":{}}'), ParseError);
  assert.throws(() => parse("<!doctype html><title>reddit</title><p>Log in</p>"), ParseError);
});

Deno.test("reddit: garbage answers never throw anything but an EngineError", () => {
  const search = fixture("reddit", "search.json");
  const bodies = [
    "",
    "null",
    search.slice(0, search.length / 2),
    '{"kind":"Listing","data":{"children":[1,null,{"kind":"t3","data":{"title":1}}]}}',
  ];
  for (const body of bodies) {
    for (const status of [200, 500]) {
      try {
        parse(body, status);
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});
