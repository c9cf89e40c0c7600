import assert from "node:assert/strict";
import { bing } from "./bing.ts";
import { CaptchaError, EngineError, isNextStep, ParseError } from "../core/engine.ts";
import { engineContext, engineQuery, fixture, upstreamResponse } from "./engines_testing.ts";

const page1 = fixture("bing", "page1.html");

function parsePage(
  body: string,
  { url = "https://www.bing.com/search?q=rust", baseUrl = "" } = {},
) {
  const context = engineContext(bing, baseUrl ? { baseUrl } : {});
  const step = bing.parse(upstreamResponse(body, { url }), engineQuery(), context);
  assert.ok(!isNextStep(step));
  return step;
}

const algo = (href: string) =>
  `<ol id="b_results"><li class="b_algo"><h2><a href="${href}">Title</a></h2>` +
  `<div class="b_caption"><p>Snippet</p></div></li></ol>`;

Deno.test("the worldwide request sends the query and safe search only", () => {
  assert.deepEqual(bing.request(engineQuery(), engineContext(bing)), {
    url: "https://www.bing.com/search?q=rust+programming&adlt=off",
    headers: {},
  });
});

Deno.test("safesearch levels map to adlt off, moderate and strict", () => {
  const levels = ([0, 1, 2] as const).map((safesearch) =>
    new URL(bing.request(engineQuery({ safesearch }), engineContext(bing))!.url).searchParams
      .get("adlt")
  );
  assert.deepEqual(levels, ["off", "moderate", "strict"]);
});

Deno.test("a language sets the market and a matching Accept-Language", () => {
  assert.deepEqual(bing.request(engineQuery({ language: "de" }), engineContext(bing)), {
    url: "https://www.bing.com/search?q=rust+programming&adlt=off&mkt=de-DE",
    headers: { "Accept-Language": "de-DE,de;q=0.9" },
  });
  const taiwan = bing.request(engineQuery({ language: "zh-TW" }), engineContext(bing));
  assert.equal(new URL(taiwan!.url).searchParams.get("mkt"), "zh-TW");
  assert.equal(taiwan?.headers?.["Accept-Language"], "zh-TW,zh;q=0.9");
});

Deno.test("a time range or a later page does not change the request", () => {
  const plain = bing.request(engineQuery(), engineContext(bing));
  assert.deepEqual(
    bing.request(engineQuery({ timeRange: "day", pageno: 2 }), engineContext(bing)),
    plain,
  );
  assert.equal(bing.paging, false);
  assert.equal(bing.timeRange, false);
});

Deno.test("base_url replaces the origin and keeps the /search path, also over http", () => {
  const context = engineContext(bing, { baseUrl: "http://127.0.0.1:8383/bing" });
  assert.equal(
    bing.request(engineQuery(), context)?.url,
    "http://127.0.0.1:8383/bing/search?q=rust+programming&adlt=off",
  );
});

Deno.test("results are read from li.b_algo with the ad skipped and tracking links decoded", () => {
  const { results } = parsePage(page1);
  assert.equal(results.length, 9);
  assert.deepEqual(results[0], {
    url: "https://www.rust-lang.org/",
    title: "Rust Programming Language",
    content: "A language empowering everyone to build reliable and efficient software.",
  });
  assert.deepEqual(results[2], {
    url: "https://en.wikipedia.org/wiki/Rust_(programming_language)",
    title: "Rust (programming language) - Wikipedia",
    content:
      "Rust is a general-purpose programming language emphasizing performance, type safety, and concurrency.",
  });
  assert.ok(results.every((result) => !new URL(result.url).hostname.endsWith("bing.com")));
  assert.ok(!results.some((result) => result.title.startsWith("RustRover")));
});

Deno.test("a direct link is kept as it is", () => {
  assert.equal(parsePage(page1).results[3].url, "https://github.com/rust-lang/rust");
});

Deno.test("HTML entities and non-ASCII titles come out as plain text, without the WEB badge", () => {
  const { results } = parsePage(page1);
  assert.equal(
    results[3].title,
    "GitHub - rust-lang/rust: Empowering everyone to build reliable & efficient software.",
  );
  assert.equal(
    results[1].content,
    "This version of the text assumes you're using Rust 1.85.0 or later.",
  );
  assert.equal(results[5].title, "Rust (プログラミング言語) - Wikipedia");
  assert.equal(
    results[5].url,
    "https://ja.wikipedia.org/wiki/Rust_(%E3%83%97%E3%83%AD%E3%82%B0%E3%83%A9%E3%83%9F%E3%83%B3%E3%82%B0%E8%A8%80%E8%AA%9E)",
  );
  assert.ok(results.every((result) => !result.content.includes("WEB")));
});

Deno.test("a date label becomes publishedDate and leaves the snippet with its separator", () => {
  const { results } = parsePage(page1);
  assert.deepEqual(results[7], {
    url: "https://stackoverflow.blog/2020/01/20/what-is-rust-and-why-is-it-so-popular/",
    title: "What is Rust and why is it so popular? - Stack Overflow",
    content: "Rust has been Stack Overflow's most loved language for four years in a row.",
    publishedDate: new Date("2020-01-20T00:00:00Z"),
  });
  assert.deepEqual(results[6].publishedDate, new Date("2026-11-18T12:00:00Z"));
  assert.equal(results[6].publishedDatePrecision, "day");
  assert.equal(
    results[6].content,
    "A place for all things related to the Rust programming language.",
  );
  assert.equal(results[0].publishedDate, undefined);
});

Deno.test("a date label that is not a date stays in the snippet", () => {
  const body = page1.replace("Jan 20, 2020", "vor 3 Tagen");
  const result = parsePage(body).results[7];
  assert.equal(result.publishedDate, undefined);
  assert.ok(result.content.startsWith("vor 3 Tagen · Rust has been"), result.content);
});

Deno.test("tracking links that cannot be decoded keep the result out", () => {
  const tracker = "https://www.bing.com/ck/a?!&amp;&amp;p=1&amp;u=";
  for (
    const u of [
      "a1!!!notbase64",
      "a1aHR0cHM6Ly93d3cucnVzdC1sYW5nLm9yZy8=",
      "aHR0cHM6Ly93d3cucnVzdC1sYW5nLm9yZy8",
      "a1_w",
      "a1amF2YXNjcmlwdDphbGVydCgxKQ",
      "",
    ]
  ) {
    assert.deepEqual(parsePage(algo(`${tracker}${u}&amp;ntb=1`)).results, [], u);
  }
  assert.deepEqual(parsePage(algo("https://www.bing.com/ck/a?!&amp;p=1")).results, []);
});

Deno.test("tracking links on the base_url host are decoded too", () => {
  const body = algo("http://127.0.0.1:8383/ck/a?!&amp;u=a1aHR0cHM6Ly93d3cucnVzdC1sYW5nLm9yZy8");
  const { results } = parsePage(body, { baseUrl: "http://127.0.0.1:8383/bing" });
  assert.equal(results[0].url, "https://www.rust-lang.org/");
});

Deno.test("the no-results page gives empty results", () => {
  assert.deepEqual(parsePage(fixture("bing", "no_results.html")).results, []);
});

Deno.test("the challenge page throws CaptchaError, also when reached by redirect", () => {
  assert.throws(() => parsePage(fixture("bing", "captcha.html")), CaptchaError);
  assert.throws(
    () => parsePage("<html></html>", { url: "https://www.bing.com/turing/captcha/challenge" }),
    CaptchaError,
  );
});

Deno.test("a page without a result list throws ParseError", () => {
  const body = page1.replace('id="b_results"', 'id="b_list"');
  assert.throws(() => parsePage(body), ParseError);
});

Deno.test("garbage answers never throw anything but an EngineError", () => {
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
  const bodies = [
    "",
    new TextDecoder().decode(bytes),
    page1.slice(0, page1.length / 2),
    algo("https://www.bing.com/ck/a?u=a1%FF%FE"),
    algo("https://www.bing.com/ck/a?u=a1_-8"),
    algo("http://[::1"),
  ];
  for (const body of bodies) {
    for (const url of ["https://www.bing.com/search", "::"]) {
      try {
        bing.parse(upstreamResponse(body, { url }), engineQuery(), engineContext(bing));
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});
