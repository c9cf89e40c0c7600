import assert from "node:assert/strict";
import { AccessDeniedError, EngineError, isNextStep, ParseError } from "../core/engine.ts";
import { mojeek } from "./mojeek.ts";
import { engineContext, engineQuery, fixture, upstreamResponse } from "./engines_testing.ts";

const page1 = fixture("mojeek", "page1.html");

function parsePage(body: string, overrides = {}) {
  const step = mojeek.parse(upstreamResponse(body), engineQuery(overrides), engineContext(mojeek));
  assert.ok(!isNextStep(step));
  return step;
}

const searchParams = (overrides = {}) =>
  new URL(mojeek.request(engineQuery(overrides), engineContext(mojeek))!.url).searchParams;

Deno.test("page 1 sends no offset, since s=0 trips Mojeek's rate limit", () => {
  assert.deepEqual(mojeek.request(engineQuery(), engineContext(mojeek)), {
    url: "https://www.mojeek.com/search?q=rust+programming&safe=0",
    cookies: {},
  });
});

Deno.test("later pages start ten results further on", () => {
  assert.equal(
    mojeek.request(engineQuery({ pageno: 2 }), engineContext(mojeek))?.url,
    "https://www.mojeek.com/search?q=rust+programming&safe=0&s=10",
  );
  assert.equal(searchParams({ pageno: 10 }).get("s"), "90");
});

Deno.test("moderate and strict safe search both send safe=1", () => {
  const levels = ([0, 1, 2] as const).map((safesearch) => searchParams({ safesearch }).get("safe"));
  assert.deepEqual(levels, ["0", "1", "1"]);
});

Deno.test("a time range sends the first day to include, counted back from the search time", () => {
  // engineContext's clock is 2026-11-21T12:00:00Z.
  assert.equal(
    mojeek.request(engineQuery({ timeRange: "week", pageno: 3 }), engineContext(mojeek))?.url,
    "https://www.mojeek.com/search?q=rust+programming&safe=0&s=20&since=20261114",
  );
  const days = (["day", "month", "year"] as const).map((timeRange) =>
    searchParams({ timeRange }).get("since")
  );
  assert.deepEqual(days, ["20261120", "20261022", "20251121"]);
});

Deno.test("a language sets the lb and arc cookies", () => {
  const cookies = (language: string) =>
    mojeek.request(engineQuery({ language }), engineContext(mojeek))?.cookies;
  assert.deepEqual(cookies("de"), { lb: "de", arc: "de" });
  assert.deepEqual(cookies("en-GB"), { lb: "en", arc: "gb" });
  assert.deepEqual(cookies("eo"), { lb: "eo" });
  assert.deepEqual(cookies("all"), {});
});

Deno.test("the news category asks for fmt=news and has no second page", () => {
  assert.equal(
    mojeek.request(engineQuery({ category: "news" }), engineContext(mojeek))?.url,
    "https://www.mojeek.com/search?q=rust+programming&safe=0&fmt=news",
  );
  assert.equal(
    mojeek.request(engineQuery({ category: "news", pageno: 2 }), engineContext(mojeek)),
    null,
  );
});

Deno.test("base_url replaces the origin and keeps the /search path, also over http", () => {
  const context = engineContext(mojeek, { baseUrl: "http://127.0.0.1:8484/mjk" });
  assert.equal(
    mojeek.request(engineQuery(), context)?.url,
    "http://127.0.0.1:8484/mjk/search?q=rust+programming&safe=0",
  );
});

Deno.test("web results are read from ul.results-standard", () => {
  const { results, corrections } = parsePage(page1);
  assert.equal(results.length, 10);
  assert.deepEqual(results[0], {
    url: "https://www.rust-lang.org/",
    title: "Rust Programming Language",
    content: "A language empowering everyone to build reliable and efficient software.",
  });
  assert.deepEqual(results[9], {
    url: "https://rustup.rs/",
    title: "rustup.rs - The Rust toolchain installer",
    content: "rustup is an installer for the systems programming language Rust.",
  });
  assert.deepEqual(corrections, []);
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
  assert.equal(results[4].title, "Rust (Programmiersprache) – Wikipedia");
});

Deno.test("page 2 is parsed like page 1", () => {
  const { results } = parsePage(fixture("mojeek", "page2.html"), { pageno: 2 });
  assert.equal(results.length, 4);
  assert.equal(results[1].title, "Rust (プログラミング言語) - Wikipedia");
  assert.equal(
    results[1].url,
    "https://ja.wikipedia.org/wiki/Rust_(%E3%83%97%E3%83%AD%E3%82%B0%E3%83%A9%E3%83%9F%E3%83%B3%E3%82%B0%E8%A8%80%E8%AA%9E)",
  );
});

Deno.test("'Did you mean' becomes a correction", () => {
  const { results, corrections } = parsePage(fixture("mojeek", "misspelled.html"));
  assert.deepEqual(corrections, ["rust programming"]);
  assert.equal(results.length, 3);
});

Deno.test("news results are read from the news section", () => {
  const { results } = parsePage(fixture("mojeek", "news.html"), { category: "news" });
  assert.equal(results.length, 3);
  assert.deepEqual(results[2], {
    url: "https://www.heise.de/news/Rust-Foundation-Neue-Foerderung-10023456.html",
    title: "Rust Foundation: Neue Förderung für Sicherheitsarbeit",
    content: "Die Rust Foundation kündigt ein weiteres Förderprogramm an.",
  });
});

Deno.test("results without an absolute link are skipped", () => {
  const body = page1.replace(
    '<a class="ob" href="https://www.rust-lang.org/">',
    '<a class="ob" href="/go?x=1">',
  );
  const { results } = parsePage(body);
  assert.equal(results.length, 9);
  assert.equal(results[0].url, "https://doc.rust-lang.org/book/");
});

Deno.test("the no-results page gives empty results", () => {
  assert.deepEqual(parsePage(fixture("mojeek", "no_results.html")).results, []);
});

Deno.test("the automated-queries page throws AccessDeniedError", () => {
  assert.throws(() => parsePage(fixture("mojeek", "blocked.html")), AccessDeniedError);
});

Deno.test("a page without a result list throws ParseError", () => {
  const body = page1.replace('<div class="results">', '<div class="serp">');
  assert.throws(() => parsePage(body), ParseError);
});

Deno.test("garbage answers never throw anything but an EngineError", () => {
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
  const bodies = [
    "",
    new TextDecoder().decode(bytes),
    page1.slice(0, page1.length / 2),
    '<div class="results"><ul class="results-standard"><li><a class="ob" href="http://[::1">',
  ];
  for (const category of ["general", "news"]) {
    for (const body of bodies) {
      try {
        mojeek.parse(upstreamResponse(body), engineQuery({ category }), engineContext(mojeek));
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});
