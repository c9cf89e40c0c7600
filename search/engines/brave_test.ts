import assert from "node:assert/strict";
import { brave } from "./brave.ts";
import { CaptchaError, EngineError, isNextStep, ParseError } from "../core/engine.ts";
import { engineContext, engineQuery, fixture, upstreamResponse } from "./engines_testing.ts";

const page1 = fixture("brave", "page1.html");

function parsePage(body: string, url = "https://search.brave.com/search?q=rust") {
  const step = brave.parse(upstreamResponse(body, { url }), engineQuery(), engineContext(brave));
  assert.ok(!isNextStep(step));
  return step;
}

Deno.test("page 1 is a GET with web source, no spellcheck and the settings as cookies", () => {
  assert.deepEqual(brave.request(engineQuery(), engineContext(brave)), {
    url: "https://search.brave.com/search?q=rust+programming&source=web&spellcheck=0",
    cookies: {
      safesearch: "off",
      useLocation: "0",
      summarizer: "0",
      country: "all",
      ui_lang: "en-us",
    },
  });
});

Deno.test("page 2 adds offset 1 and a time range adds tf", () => {
  const request = brave.request(
    engineQuery({ pageno: 2, timeRange: "week" }),
    engineContext(brave),
  );
  assert.equal(
    request?.url,
    "https://search.brave.com/search?q=rust+programming&source=web&offset=1&tf=pw&spellcheck=0",
  );
  const ranges = (["day", "month", "year"] as const).map((timeRange) =>
    new URL(brave.request(engineQuery({ timeRange }), engineContext(brave))!.url).searchParams
      .get("tf")
  );
  assert.deepEqual(ranges, ["pd", "pm", "py"]);
});

Deno.test("safesearch levels map to the off, moderate and strict cookie", () => {
  const levels = ([0, 1, 2] as const).map((safesearch) =>
    brave.request(engineQuery({ safesearch }), engineContext(brave))?.cookies?.safesearch
  );
  assert.deepEqual(levels, ["off", "moderate", "strict"]);
});

Deno.test("a language sets the country cookie and the closest UI language Brave has", () => {
  const cookies = (language: string) => {
    const { country, ui_lang } = brave.request(engineQuery({ language }), engineContext(brave))!
      .cookies!;
    return { country, ui_lang };
  };
  assert.deepEqual(cookies("de"), { country: "de", ui_lang: "de-de" });
  assert.deepEqual(cookies("en-GB"), { country: "gb", ui_lang: "en-gb" });
  assert.deepEqual(cookies("fr-CH"), { country: "ch", ui_lang: "fr-fr" });
  assert.deepEqual(cookies("es-MX"), { country: "mx", ui_lang: "es" });
  assert.deepEqual(cookies("zh-TW"), { country: "tw", ui_lang: "en-us" });
});

Deno.test("base_url replaces the origin and keeps the /search path, also over http", () => {
  const context = engineContext(brave, { baseUrl: "http://127.0.0.1:8282/brave" });
  assert.equal(
    brave.request(engineQuery(), context)?.url,
    "http://127.0.0.1:8282/brave/search?q=rust+programming&source=web&spellcheck=0",
  );
});

Deno.test("results are read from the snippets with the sponsored one skipped", () => {
  const { results } = parsePage(page1);
  assert.equal(results.length, 9);
  assert.deepEqual(results[0], {
    url: "https://www.rust-lang.org/",
    title: "Rust Programming Language",
    content: "A language empowering everyone to build reliable and efficient software.",
  });
  assert.ok(!results.some((result) => result.title.startsWith("RustRover")));
});

Deno.test("HTML entities and non-ASCII titles come out as plain text", () => {
  const { results } = parsePage(page1);
  assert.equal(
    results[3].title,
    "GitHub - rust-lang/rust: Empowering everyone to build reliable & efficient software.",
  );
  assert.equal(
    results[1].content,
    "This version of the text assumes you're using Rust 1.85.0 or later.",
  );
  assert.equal(results[5].title, "Rust (Programmiersprache) – Wikipedia");
});

Deno.test("a relative date prefix becomes publishedDate with its unit and leaves the snippet, with the thumbnail", () => {
  assert.deepEqual(parsePage(page1).results[2], {
    url: "https://en.wikipedia.org/wiki/Rust_(programming_language)",
    title: "Rust (programming language) - Wikipedia",
    content:
      "Rust is a general-purpose programming language emphasizing performance, type safety, and concurrency.",
    publishedDate: new Date("2026-11-18T12:00:00Z"),
    publishedDatePrecision: "day",
    thumbnail:
      "https://imgs.search.brave.com/3Xk1TQ/rs:fit:200:200:1:0/g:ce/aHR0cHM6Ly91cGxvYWQud2lraW1lZGlhLm9yZy9ydXN0LnBuZw",
  });
});

Deno.test("an absolute date prefix is parsed as that day in UTC", () => {
  const result = parsePage(page1).results[4];
  assert.deepEqual(result.publishedDate, new Date("2024-03-21T00:00:00Z"));
  assert.equal(result.publishedDatePrecision, undefined);
  assert.equal(result.content, "The Rust team is happy to announce a new version of Rust, 1.77.0.");
});

Deno.test("a prefix that is not a date stays in the snippet and sets no date", () => {
  const result = parsePage(page1).results[8];
  assert.equal(
    result.content,
    "Uploaded by W3 - Rust is a popular programming language used to build everything from web servers to game engines.",
  );
  assert.equal(result.publishedDate, undefined);
});

Deno.test("impossible dates in the prefix set no date", () => {
  for (const prefix of ["Feb 31, 2024 -", "99999999999999 years ago -"]) {
    const body = page1.replace("Mar 21, 2024 -", prefix);
    const result = parsePage(body).results[4];
    assert.equal(result.publishedDate, undefined, prefix);
    assert.ok(result.content.startsWith(prefix), prefix);
  }
});

Deno.test("related queries become suggestions", () => {
  assert.deepEqual(parsePage(page1).suggestions, [
    "rust programming language tutorial",
    "rust vs c++",
    "rust programming book",
  ]);
});

Deno.test("page 2 is parsed with full month names and weeks-ago dates", () => {
  const { results } = parsePage(fixture("brave", "page2.html"));
  assert.equal(results.length, 5);
  assert.equal(results[0].url, "https://www.programiz.com/rust");
  assert.deepEqual(results[2].publishedDate, new Date("2021-06-15T00:00:00Z"));
  assert.equal(results[3].title, "Rust (プログラミング言語) - Wikipedia");
  assert.deepEqual(results[4].publishedDate, new Date("2026-11-07T12:00:00Z"));
  assert.equal(results[4].publishedDatePrecision, "week");
});

Deno.test("the no-results page gives empty results", () => {
  const results = parsePage(fixture("brave", "no_results.html"));
  assert.deepEqual(results.results, []);
  assert.deepEqual(results.suggestions, []);
});

Deno.test("the human-verification page throws CaptchaError, also when reached by redirect", () => {
  assert.throws(() => parsePage(fixture("brave", "captcha.html")), CaptchaError);
  assert.throws(
    () => parsePage("<html><body>Loading…</body></html>", "https://search.brave.com/captcha?r=1"),
    CaptchaError,
  );
});

Deno.test("a page without a result list throws ParseError", () => {
  const body = page1.replace('id="results"', 'id="serp"');
  assert.throws(() => parsePage(body), ParseError);
});

Deno.test("garbage answers never throw anything but an EngineError", () => {
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
  const bodies = [
    "",
    new TextDecoder().decode(bytes),
    page1.slice(0, page1.length / 2),
    '<div id="results"><div class="snippet"><a href="https://x"><div class="title">t</div></a>' +
    '<div class="content"><span class="t-secondary">99999999999999 years ago -</span>',
    '<div id="results"><div class="snippet"><a href="http://[::1"><div class="title">t</div>',
  ];
  for (const body of bodies) {
    for (const url of ["https://search.brave.com/search", "not a url"]) {
      try {
        brave.parse(upstreamResponse(body, { url }), engineQuery(), engineContext(brave));
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});

Deno.test("autocomplete asks /api/suggest and reads the OpenSearch answer", () => {
  const context = engineContext(brave);
  assert.deepEqual(brave.autocomplete?.request("rust lang", "de", context), {
    url: "https://search.brave.com/api/suggest?q=rust+lang&rich=false",
  });
  const parse = (body: string) => brave.autocomplete!.parse(upstreamResponse(body));
  assert.deepEqual(parse('["rust", ["rust lang", "rust game"]]'), ["rust lang", "rust game"]);
  assert.throws(() => parse("<html>"), ParseError);
});
