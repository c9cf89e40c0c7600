// Fixtures (tests/fixtures/search/bing_news/): news.html stands for Bing News' answer to
// /news/infinitescrollajax?q=rust+programming&InfiniteScroll=1&first=1&SFX=0&form=PTFTNR, the
// fragment its news page loads while scrolling, trimmed to four cards (a lazy-loaded picture and
// "3 hours ago", a picture in src and "1 day ago", no picture and a calendar date, and a card
// without a usable link) and a line that is no card. captcha.html is Bing's challenge page.
import assert from "node:assert/strict";
import { bingNews } from "./bing_news.ts";
import {
  CaptchaError,
  EngineError,
  type EngineQuery,
  isNextStep,
  ParseError,
} from "../core/engine.ts";
import {
  engineContext,
  engineHarness,
  engineQuery,
  fixture,
  upstreamResponse,
} from "./engines_testing.ts";

const news = fixture("bing_news", "news.html");
const NOW = new Date("2026-11-21T12:00:00Z");

const { request } = engineHarness(bingNews, { query: { category: "news" } });

function params(query: Partial<EngineQuery> = {}): URLSearchParams {
  return new URL(request(query)!.url).searchParams;
}

function parse(
  body: string,
  url = "https://www.bing.com/news/infinitescrollajax?q=rust",
  baseUrl = bingNews.defaultBaseUrl,
) {
  const step = bingNews.parse(
    upstreamResponse(body, { url }),
    engineQuery({ category: "news" }),
    engineContext(bingNews, { now: NOW, baseUrl }),
  );
  assert.ok(!isNextStep(step));
  return step.results;
}

Deno.test("bing news: the first page asks the infinite-scroll fragment for ten articles", () => {
  assert.deepEqual(request(), {
    url: "https://www.bing.com/news/infinitescrollajax?q=rust+programming&InfiniteScroll=1" +
      "&first=1&SFX=0&form=PTFTNR",
    headers: {},
  });
});

Deno.test("bing news: later pages start ten articles further on", () => {
  assert.equal(params({ pageno: 2 }).get("first"), "11");
  assert.equal(params({ pageno: 2 }).get("SFX"), "1");
  assert.equal(params({ pageno: 4 }).get("first"), "31");
});

Deno.test("bing news: a language sets the market and a matching Accept-Language", () => {
  const french = request({ language: "fr-CA" });
  assert.equal(new URL(french!.url).searchParams.get("mkt"), "fr-CA");
  assert.deepEqual(french?.headers, { "Accept-Language": "fr-CA,fr;q=0.9" });
  assert.equal(params({ language: "all" }).get("mkt"), null);
});

Deno.test("bing news: a time range becomes Bing's age interval; a year has none", () => {
  assert.equal(params({ timeRange: "day" }).get("qft"), 'interval="7"');
  assert.equal(params({ timeRange: "week" }).get("qft"), 'interval="8"');
  assert.equal(params({ timeRange: "month" }).get("qft"), 'interval="9"');
  assert.equal(params({ timeRange: "year" }).get("qft"), null);
  assert.equal(bingNews.safesearch, false);
  assert.deepEqual(request({ safesearch: 2 }), request());
});

Deno.test("bing news: base_url replaces the origin and keeps the path, also over http", () => {
  assert.ok(
    request({}, { baseUrl: "http://127.0.0.1:8888/bing_news" })!.url.startsWith(
      "http://127.0.0.1:8888/bing_news/news/infinitescrollajax?q=rust+programming&",
    ),
  );
});

Deno.test('bing news: each card gives the article, its snippet, picture and age (its unit too: "3 hours ago" is no exact time)', () => {
  const results = parse(news);
  assert.equal(results.length, 3);
  assert.deepEqual(results[0], {
    url: "https://www.theregister.com/2026/11/21/rust_linux_kernel/",
    title: "Rust in the Linux kernel: a progress report",
    content: "Maintainers say drivers written in Rust are now shipping & more are on the way.",
    thumbnail: "https://www.bing.com/th?id=OVFT.k3rn3l&pid=News&w=234&h=132&c=14&rs=2&qlt=90",
    publishedDate: new Date("2026-11-21T09:00:00Z"),
    publishedDatePrecision: "hour",
  });
  assert.deepEqual(results[1], {
    url: "https://www.heise.de/news/rust-2026-edition.html",
    title: "Rust 2026 edition: what changes for programmers",
    content: "The next edition of the Rust language brings async closures and a new prelude.",
    thumbnail: "https://www.bing.com/th?id=OVFT.ed1t10n&pid=News&w=234&h=132",
    publishedDate: new Date("2026-11-20T12:00:00Z"),
    publishedDatePrecision: "day",
  });
});

Deno.test("bing news: a card without picture has none, a calendar date is that day", () => {
  assert.deepEqual(parse(news)[2], {
    url: "https://blog.example.org/rust-survey",
    title: "Results of the yearly Rust survey",
    content: "Most respondents use Rust at work.",
    thumbnail: null,
    publishedDate: new Date("2026-11-12T00:00:00Z"),
  });
});

Deno.test("bing news: a card without a usable link is left out", () => {
  assert.ok(!parse(news).some((result) => result.title === "Sponsored"));
});

Deno.test("bing news: a relative picture hangs under base_url, a mirror's path kept", () => {
  const mirror = "http://127.0.0.1:8888/bing_news";
  const [first] = parse(news, `${mirror}/news/infinitescrollajax?q=rust`, mirror);
  assert.ok(first.template === undefined);
  assert.equal(
    first.thumbnail,
    "http://127.0.0.1:8888/bing_news/th?id=OVFT.k3rn3l&pid=News&w=234&h=132&c=14&rs=2&qlt=90",
  );
});

Deno.test("bing news: past the last article (an empty fragment) there are no results", () => {
  assert.deepEqual(parse(""), []);
  assert.deepEqual(parse(" \n "), []);
});

Deno.test("bing news: the challenge page throws CaptchaError, also when reached by redirect", () => {
  assert.throws(() => parse(fixture("bing_news", "captcha.html")), CaptchaError);
  assert.throws(
    () => parse("<html></html>", "https://www.bing.com/turing/captcha/challenge"),
    CaptchaError,
  );
});

Deno.test("bing news: an answer without news cards is a parse error", () => {
  assert.throws(() => parse(news.replaceAll("newsitem", "newsthing")), ParseError);
  assert.throws(() => parse('<html><body><ol id="b_results"></ol></body></html>'), ParseError);
});

Deno.test("bing news: garbage answers never throw anything but an EngineError", () => {
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
  const bodies = [
    new TextDecoder().decode(bytes),
    news.slice(0, news.length / 2),
    '<div class="newsitem"><a class="title" href="http://[::1">x</a></div>',
    '<div class="newsitem"><a class="imagelink"><img src="http://[::1"></a></div>',
  ];
  for (const body of bodies) {
    for (const url of ["https://www.bing.com/news/infinitescrollajax", "::"]) {
      try {
        parse(body, url);
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});
