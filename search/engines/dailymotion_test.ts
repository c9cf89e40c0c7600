// Fixtures (tests/fixtures/search/dailymotion/): videos.json stands for api.dailymotion.com's
// answer to /videos?search=rust&fields=… with this module's fields: a video that may be embedded,
// one that may not (long HTML description, http thumbnail), one without description, date,
// thumbnail or owner, one without a usable page and one with a malformed id. empty.json is the
// answer for a query that finds nothing; rate_limited.json (429) and invalid_parameter.json (400)
// are the API's error answers.
import assert from "node:assert/strict";
import { dailymotion } from "./dailymotion.ts";
import {
  AccessDeniedError,
  EngineError,
  type EngineQuery,
  HttpStatusError,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { engineHarness, fixture } from "./engines_testing.ts";

const NOW = new Date("2026-11-21T12:00:00Z");

const { request, results: parse } = engineHarness(dailymotion, {
  query: { query: "rust", category: "videos" },
  context: { now: NOW },
  responseHeaders: { "content-type": "application/json" },
});

function params(query: Partial<EngineQuery> = {}): URLSearchParams {
  return new URL(request(query)!.url).searchParams;
}

Deno.test("dailymotion: the search asks /videos for public videos with the fields read here", () => {
  assert.deepEqual(request(), {
    url: "https://api.dailymotion.com/videos?search=rust" +
      "&fields=id%2Ctitle%2Cdescription%2Curl%2Cthumbnail_360_url%2Cduration%2Ccreated_time" +
      "%2Callow_embed%2Cowner.screenname" +
      "&limit=10&page=1&sort=relevance&family_filter=false&password_protected=false&private=false",
    headers: { Accept: "application/json" },
  });
});

Deno.test("dailymotion: the page number is sent as it is", () => {
  assert.equal(params({ pageno: 3 }).get("page"), "3");
});

Deno.test("dailymotion: safe search turns the family filter on, strict asks for videos for kids", () => {
  assert.equal(params({ safesearch: 0 }).get("family_filter"), "false");
  assert.equal(params({ safesearch: 0 }).get("is_created_for_kids"), null);
  assert.equal(params({ safesearch: 1 }).get("family_filter"), "true");
  assert.equal(params({ safesearch: 1 }).get("is_created_for_kids"), null);
  assert.equal(params({ safesearch: 2 }).get("family_filter"), "true");
  assert.equal(params({ safesearch: 2 }).get("is_created_for_kids"), "true");
});

Deno.test("dailymotion: a language filters the videos' language and sets the localization", () => {
  const swiss = params({ language: "de-CH" });
  assert.equal(swiss.get("languages"), "de");
  assert.equal(swiss.get("localization"), "de_CH");
  assert.equal(swiss.get("country"), "CH");
  assert.equal(params({ language: "fr" }).get("localization"), "fr_FR");
  const worldwide = params({ language: "all" });
  assert.equal(worldwide.get("languages"), null);
  assert.equal(worldwide.get("localization"), null);
});

Deno.test("dailymotion: a time range asks for videos created after that many days before now", () => {
  const nowSeconds = NOW.getTime() / 1000;
  for (
    const [timeRange, days] of [["day", 1], ["week", 7], ["month", 31], ["year", 365]] as const
  ) {
    assert.equal(
      params({ timeRange }).get("created_after"),
      String(nowSeconds - days * 86400),
      timeRange,
    );
  }
  assert.equal(params().get("created_after"), null);
});

Deno.test("dailymotion: base_url replaces the origin and keeps the path, also over http", () => {
  assert.ok(
    request({}, { baseUrl: "http://127.0.0.1:8686/dailymotion" })!.url.startsWith(
      "http://127.0.0.1:8686/dailymotion/videos?search=rust&",
    ),
  );
});

Deno.test("dailymotion: each video gives its page, embed, thumbnail, length, owner and date", () => {
  const results = parse(fixture("dailymotion", "videos.json"));
  assert.equal(results.length, 3);
  assert.deepEqual(results[0], {
    template: "videos.html",
    url: "https://www.dailymotion.com/video/x8q4r2k",
    title: "Rust programming in 20 minutes",
    content: "A fast tour of the Rust language for people who already code.",
    thumbnail: "https://s1.dmcdn.net/v/WkT1y1bXQ9vYzkq8A/x360",
    iframe_src: "https://www.dailymotion.com/embed/video/x8q4r2k",
    length: "20:14",
    author: "CodeCraft",
    publishedDate: new Date("2025-11-16T00:00:00Z"),
  });
  const course = results[1];
  assert.ok(course.template === "videos.html");
  assert.equal(course.title, "Rust & WebAssembly – a full course");
  assert.equal(course.iframe_src, null, "not allowed to be embedded");
  assert.equal(course.thumbnail, "https://s2.dmcdn.net/v/QwErTy/x360");
  assert.equal(course.length, "1:23:45");
  assert.equal(course.author, "Dev Academy");
  assert.deepEqual(course.publishedDate, new Date("2023-11-14T22:13:20Z"));
  assert.ok(course.content.startsWith("Learn Rust from scratch: ownership, borrowing & lifetimes"));
  assert.ok(course.content.length <= 302, `${course.content.length}`);
  assert.ok(course.content.endsWith(" …"));
});

Deno.test("dailymotion: missing fields stay empty, a video without page or valid id is left out", () => {
  const results = parse(fixture("dailymotion", "videos.json"));
  assert.deepEqual(results[2], {
    template: "videos.html",
    url: "https://www.dailymotion.com/video/x9aa0zz",
    title: "Rust belt documentary",
    content: "",
    thumbnail: null,
    iframe_src: "https://www.dailymotion.com/embed/video/x9aa0zz",
    length: null,
    author: null,
  });
});

Deno.test("dailymotion: an empty list gives no results", () => {
  assert.deepEqual(parse(fixture("dailymotion", "empty.json")), []);
});

Deno.test("dailymotion: the API's rate limit error is too many requests, other blocks map by status", () => {
  assert.throws(
    () => parse(fixture("dailymotion", "rate_limited.json"), 429),
    TooManyRequestsError,
  );
  assert.throws(() => parse("Forbidden", 403), AccessDeniedError);
  assert.throws(() => parse("<html>Too Many Requests</html>", 429), TooManyRequestsError);
});

Deno.test("dailymotion: another API error is an HTTP error, and a 200 without a list a parse error", () => {
  assert.throws(
    () => parse(fixture("dailymotion", "invalid_parameter.json"), 400),
    HttpStatusError,
  );
  assert.throws(
    () => parse(fixture("dailymotion", "invalid_parameter.json"), 200),
    (error) => error instanceof ParseError && error.message.includes("invalid_parameter"),
  );
  assert.throws(() => parse('{"page":1,"limit":10}'), ParseError);
  assert.throws(() => parse("<html><body>maintenance</body></html>"), ParseError);
});

Deno.test("dailymotion: garbage answers never throw anything but an EngineError", () => {
  const videos = fixture("dailymotion", "videos.json");
  const bodies = ["", "null", videos.slice(0, videos.length / 2), '{"list":[1,null,{}]}'];
  for (const body of bodies) {
    for (const status of [200, 404, 500]) {
      try {
        parse(body, status);
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});
