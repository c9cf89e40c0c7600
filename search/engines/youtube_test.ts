// Fixtures (tests/fixtures/search/youtube/): results.html stands for YouTube's results page for
// "rust" (/results?search_query=rust&hl=en), trimmed to its head and the ytInitialData script:
// an ad slot, four videos (one with a description snippet, a stream with the newer metadata
// snippet, one without a description, a live stream without length or date), a Shorts shelf, a
// channel, a malformed video and a shelf of further videos, then the continuation item.
// no_results.html is the page for a query that finds nothing (its "No results found" promo);
// sorry.html Google's "unusual traffic" page that YouTube redirects blocked addresses to.
import assert from "node:assert/strict";
import { CaptchaError, EngineError, isNextStep, ParseError } from "../core/engine.ts";
import {
  engineContext,
  engineHarness,
  engineQuery,
  fixture,
  upstreamResponse,
} from "./engines_testing.ts";
import { youtube } from "./youtube.ts";

const results = fixture("youtube", "results.html");
const NOW = new Date("2026-11-21T12:00:00Z");

const { request } = engineHarness(youtube, { query: { query: "rust", category: "videos" } });

function parse(body: string, url = "https://www.youtube.com/results?search_query=rust&hl=en") {
  const step = youtube.parse(
    upstreamResponse(body, { url }),
    engineQuery({ query: "rust", category: "videos" }),
    engineContext(youtube, { now: NOW }),
  );
  assert.ok(!isNextStep(step));
  return step.results;
}

Deno.test("youtube: the results page is asked in English, with the consent cookie", () => {
  assert.deepEqual(request(), {
    url: "https://www.youtube.com/results?search_query=rust&hl=en",
    cookies: { CONSENT: "YES+" },
  });
});

Deno.test("youtube: a time range sets the upload-date filter as YouTube's menu writes it", () => {
  const filters = (["day", "week", "month", "year"] as const).map((timeRange) =>
    request({ timeRange })!.url.split("&sp=")[1]
  );
  assert.deepEqual(filters, [
    "EgIIAg%253D%253D",
    "EgIIAw%253D%253D",
    "EgIIBA%253D%253D",
    "EgIIBQ%253D%253D",
  ]);
});

Deno.test("youtube: no paging, safe search or language is offered, and none changes the request", () => {
  assert.equal(youtube.paging, false);
  assert.equal(youtube.safesearch, false);
  assert.equal(youtube.language, false);
  assert.deepEqual(request({ pageno: 2, safesearch: 2, language: "de" }), request());
});

Deno.test("youtube: base_url replaces the origin and keeps the path, also over http", () => {
  assert.equal(
    request({}, { baseUrl: "http://127.0.0.1:8585/youtube" })?.url,
    "http://127.0.0.1:8585/youtube/results?search_query=rust&hl=en",
  );
});

Deno.test("youtube: each videoRenderer becomes a video with its watch page and nocookie embed", () => {
  const videos = parse(results);
  assert.deepEqual(videos[0], {
    template: "videos.html",
    url: "https://www.youtube.com/watch?v=5C_HPTJg5ek",
    title: "Rust in 100 Seconds",
    content:
      "Rust is a memory-safe compiled programming language for building high-performance systems. It has the simplicity of high-level languages (Go, Python), but the control of low-level languages (C, Cpp) ...",
    thumbnail:
      "https://i.ytimg.com/vi/5C_HPTJg5ek/hq720.jpg?sqp=-oaymwEcCNAFEJQDSFXyq4qpAw4IARUAAIhCGAFwAcABBg==&rs=AOn4CLBy",
    iframe_src: "https://www.youtube-nocookie.com/embed/5C_HPTJg5ek",
    length: "2:29",
    author: "Fireship",
    publishedDate: new Date("2023-11-21T12:00:00Z"),
    // YouTube says "3 years ago", "2 weeks ago": no more precise than that.
    publishedDatePrecision: "year",
  });
  assert.deepEqual(videos[1], {
    template: "videos.html",
    url: "https://www.youtube.com/watch?v=BpPEoZW5IiY",
    title: "Rust Programming Course for Beginners – Tutorial",
    content: "Learn the Rust programming language & its ecosystem in this </course>.",
    thumbnail:
      "https://i.ytimg.com/vi/BpPEoZW5IiY/hq720.jpg?sqp=-oaymwEcCNAFEJQDSFXyq4qpAw4IARUAAIhCGAFwAcABBg==&rs=AOn4CLBy",
    iframe_src: "https://www.youtube-nocookie.com/embed/BpPEoZW5IiY",
    length: "3:01:21",
    author: "freeCodeCamp.org",
    publishedDate: new Date("2026-11-07T12:00:00Z"),
    // YouTube says "3 years ago", "2 weeks ago": no more precise than that.
    publishedDatePrecision: "week",
  });
});

Deno.test("youtube: a video without description is kept, a live stream has no length or date", () => {
  const videos = parse(results);
  assert.equal(videos[2].title, "Rust for the Impatient");
  assert.equal(videos[2].content, "");
  assert.deepEqual(videos[2].publishedDate, new Date("2026-10-21T12:00:00Z"));
  assert.equal(videos[2].publishedDatePrecision, "month");
  const live = videos[3];
  assert.ok(live.template === "videos.html");
  assert.equal(live.title, "lofi hip hop radio 📚 - beats to relax/study to");
  assert.equal(live.length, null);
  assert.equal(live.publishedDate, undefined);
  assert.equal(live.publishedDatePrecision, undefined);
});

Deno.test("youtube: ads, Shorts, channels, shelves and malformed videos are left out", () => {
  assert.deepEqual(parse(results).map((video) => video.url), [
    "https://www.youtube.com/watch?v=5C_HPTJg5ek",
    "https://www.youtube.com/watch?v=BpPEoZW5IiY",
    "https://www.youtube.com/watch?v=zF34dRivLOw",
    "https://www.youtube.com/watch?v=jfKfPfyJRdk",
  ]);
});

Deno.test("youtube: the no-results page gives no results", () => {
  assert.deepEqual(parse(fixture("youtube", "no_results.html")), []);
});

Deno.test("youtube: Google's sorry page is a CAPTCHA, the consent page a parse error", () => {
  assert.throws(
    () =>
      parse(
        fixture("youtube", "sorry.html"),
        "https://www.google.com/sorry/index?continue=https://www.youtube.com/results",
      ),
    CaptchaError,
  );
  assert.throws(
    () => parse("<html><form action='/save'></form></html>", "https://consent.youtube.com/m?x=1"),
    (error) => error instanceof ParseError && error.message.includes("consent"),
  );
});

Deno.test("youtube: a page without ytInitialData, or with another layout, is a parse error", () => {
  assert.throws(() => parse(results.replace("var ytInitialData", "var ytData")), ParseError);
  assert.throws(
    () => parse(results.replace("twoColumnSearchResultsRenderer", "other")),
    ParseError,
  );
  assert.throws(() => parse(results.replace(/;<\/script>/g, "</script>")), ParseError);
});

Deno.test("youtube: garbage answers never throw anything but an EngineError", () => {
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
  const bodies = [
    "",
    new TextDecoder().decode(bytes),
    results.slice(0, results.length / 2),
    "var ytInitialData = null;</script>",
    'var ytInitialData = {"contents":[]};</script>',
  ];
  for (const body of bodies) {
    for (const url of ["https://www.youtube.com/results", "::"]) {
      try {
        parse(body, url);
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});
