// Fixtures (tests/fixtures/search/peertube/): videos.json stands for SepiaSearch's answer to
// /api/v1/search/videos?search=rust (PeerTube's search API, as its search index fills it): a video
// on framatube.org with all its fields, a live stream on another instance with only a preview, a
// video on an http-only instance with an unreadable date, and one with a malformed uuid.
// empty.json is the answer for a query that finds nothing, bad_request.json PeerTube's problem
// report for a bad parameter.
import assert from "node:assert/strict";
import {
  EngineError,
  type EngineQuery,
  HttpStatusError,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { peertube } from "./peertube.ts";
import { engineHarness, fixture } from "./engines_testing.ts";

const NOW = new Date("2026-11-21T12:00:00Z");

const { request, results: parse } = engineHarness(peertube, {
  query: { query: "rust", category: "videos" },
  context: { now: NOW },
  responseHeaders: { "content-type": "application/json" },
});

function params(query: Partial<EngineQuery> = {}): URLSearchParams {
  return new URL(request(query)!.url).searchParams;
}

Deno.test("peertube: SepiaSearch's video search is asked by best match, ten a page", () => {
  assert.deepEqual(request(), {
    url: "https://sepiasearch.org/api/v1/search/videos?search=rust&start=0&count=10&sort=-match" +
      "&nsfw=both",
    headers: { Accept: "application/json" },
  });
  assert.equal(params({ pageno: 3 }).get("start"), "20");
});

Deno.test("peertube: safe search leaves sensitive videos out", () => {
  assert.deepEqual(([0, 1, 2] as const).map((safesearch) => params({ safesearch }).get("nsfw")), [
    "both",
    "false",
    "false",
  ]);
});

Deno.test("peertube: a language keeps and boosts videos in it", () => {
  const german = params({ language: "de-AT" });
  assert.deepEqual(german.getAll("languageOneOf[]"), ["de"]);
  assert.deepEqual(german.getAll("boostLanguages[]"), ["de"]);
  assert.equal(params({ language: "all" }).get("languageOneOf[]"), null);
});

Deno.test("peertube: a time range asks for videos published since that many days before now", () => {
  assert.equal(params({ timeRange: "day" }).get("startDate"), "2026-11-20T12:00:00.000Z");
  assert.equal(params({ timeRange: "week" }).get("startDate"), "2026-11-14T12:00:00.000Z");
  assert.equal(params({ timeRange: "month" }).get("startDate"), "2026-10-21T12:00:00.000Z");
  assert.equal(params({ timeRange: "year" }).get("startDate"), "2025-11-21T12:00:00.000Z");
  assert.equal(params().get("startDate"), null);
});

Deno.test("peertube: base_url (a mirror or a PeerTube instance) replaces the origin, also over http", () => {
  assert.ok(
    request({}, { baseUrl: "http://127.0.0.1:8787/peertube" })!.url.startsWith(
      "http://127.0.0.1:8787/peertube/api/v1/search/videos?search=rust&",
    ),
  );
});

Deno.test("peertube: a video links to its instance and embeds that instance's player", () => {
  const results = parse(fixture("peertube", "videos.json"));
  assert.equal(results.length, 3);
  assert.deepEqual(results[0], {
    template: "videos.html",
    url: "https://framatube.org/w/kkGMgK9ZtnKfYAgnEtQxbv",
    title: "Rust: ownership & borrowing explained",
    content: "An introduction to the borrow checker, with examples from real code…",
    thumbnail:
      "https://framatube.org/lazy-static/thumbnails/9c9de5e8-0a1e-484a-b099-e80766180a6d.jpg",
    iframe_src: "https://framatube.org/videos/embed/9c9de5e8-0a1e-484a-b099-e80766180a6d",
    length: "12:34",
    author: "Rust FR",
    publishedDate: new Date("2024-03-01T10:15:00.000Z"),
  });
  assert.deepEqual(results[1], {
    template: "videos.html",
    url: "https://peertube.example.social/videos/watch/04af977f-4201-4697-be67-a8d8cae6fa7a",
    title: "RustConf live stream",
    content: "",
    thumbnail: "https://peertube.example.social/lazy-static/previews/04af977f.jpg",
    iframe_src: "https://peertube.example.social/videos/embed/04af977f-4201-4697-be67-a8d8cae6fa7a",
    length: null,
    author: "RustConf",
    publishedDate: new Date("2026-11-20T18:00:00.000Z"),
  });
});

Deno.test("peertube: an http instance gets no embed, an unreadable date none, a bad uuid no result", () => {
  const results = parse(fixture("peertube", "videos.json"));
  const iron = results[2];
  assert.ok(iron.template === "videos.html");
  assert.equal(iron.url, "http://tube.example.net/w/abc");
  assert.equal(iron.iframe_src, null);
  assert.equal(iron.length, "1:02:05");
  assert.equal(iron.publishedDate, undefined);
  assert.ok(!results.some((result) => result.title === "Bad uuid"));
});

Deno.test("peertube: an answer without videos gives no results", () => {
  assert.deepEqual(parse(fixture("peertube", "empty.json")), []);
});

Deno.test("peertube: its rate limit is too many requests, a refused parameter an HTTP error", () => {
  assert.throws(
    () => parse("Too many requests, please try again later.", 429),
    TooManyRequestsError,
  );
  assert.throws(() => parse(fixture("peertube", "bad_request.json"), 400), HttpStatusError);
});

Deno.test("peertube: a 200 that is not a search answer is a parse error", () => {
  assert.throws(() => parse("<!doctype html><title>Sepia Search</title>"), ParseError);
  assert.throws(() => parse('{"total":3}'), ParseError);
});

Deno.test("peertube: garbage answers never throw anything but an EngineError", () => {
  const videos = fixture("peertube", "videos.json");
  const bodies = ["", "null", videos.slice(0, videos.length / 2), '{"data":[1,null,{}]}'];
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
