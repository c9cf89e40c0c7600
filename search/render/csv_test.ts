import assert from "node:assert/strict";
import type { SearchOutcome, WebSearchResult } from "../core/types.ts";
import { csvFileName, renderCsv } from "./csv.ts";
import { sampleImage, samplePackage, samplePaper, sampleVideo } from "../pages/pages_testing.ts";

function result(overrides: Partial<WebSearchResult>): WebSearchResult {
  return {
    url: "https://example.com/",
    title: "",
    content: "",
    engine: "brave",
    engines: ["brave"],
    positions: [1],
    score: 1,
    category: "general",
    template: "default.html",
    parsed_url: ["https", "example.com", "/", "", "", ""],
    publishedDate: null,
    thumbnail: null,
    img_src: null,
    priority: "",
    ...overrides,
  };
}

function outcome(overrides: Partial<SearchOutcome>): SearchOutcome {
  return {
    query: "rust",
    results: [],
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
    ...overrides,
  };
}

Deno.test("results, answers, suggestions and corrections become typed rows ending in CRLF", () => {
  const csv = renderCsv(outcome({
    results: [
      result({
        url: "https://www.rust-lang.org/learn",
        title: "Learn Rust",
        content: "Docs",
        engine: "startpage",
        engines: ["startpage", "duckduckgo"],
        score: 12,
        parsed_url: ["https", "www.rust-lang.org", "/learn", "", "", ""],
      }),
      result({ title: "Example", score: 0.75 }),
    ],
    answers: [
      {
        url: "https://example.com/answer",
        engine: "wikipedia",
        parsed_url: ["https", "example.com", "/answer", "", "", ""],
        template: "answer/legacy.html",
        answer: "42",
      },
      { url: null, engine: "calc", parsed_url: null, template: "answer/legacy.html", answer: "7" },
    ],
    suggestions: ["rust book"],
    corrections: ["rust lang"],
  }));
  assert.equal(
    csv,
    "title,url,content,host,engine,score,type\r\n" +
      "Learn Rust,https://www.rust-lang.org/learn,Docs,www.rust-lang.org,startpage,12.0," +
      "result\r\n" +
      "Example,https://example.com/,,example.com,brave,0.75,result\r\n" +
      "42,https://example.com/answer,,example.com,wikipedia,,answer\r\n" +
      "7,,,,calc,,answer\r\n" +
      "rust book,,,,,,suggestion\r\n" +
      "rust lang,,,,,,correction\r\n",
  );
});

Deno.test("fields with commas, quotes or line breaks are quoted with inner quotes doubled", () => {
  const csv = renderCsv(outcome({
    results: [result({ title: 'Say "hi", world', content: "line one\nline two\r\nthree" })],
  }));
  assert.equal(
    csv,
    "title,url,content,host,engine,score,type\r\n" +
      '"Say ""hi"", world",https://example.com/,' +
      '"line one\nline two\r\nthree",example.com,brave,1.0,result\r\n',
  );
});

Deno.test("fields that a spreadsheet would run as a formula get a leading quote", () => {
  const csv = renderCsv(outcome({
    results: [result({ title: '=HYPERLINK("http://evil.example","x")', content: "+1" })],
    suggestions: ["-2", "@SUM(A1)", "\tcmd", "\rcmd", "a=b"],
  }));
  assert.deepEqual(csv.split("\r\n").slice(1, -1), [
    `"'=HYPERLINK(""http://evil.example"",""x"")",https://example.com/,'+1,example.com,brave,1.0,` +
    "result",
    "'-2,,,,,,suggestion",
    "'@SUM(A1),,,,,,suggestion",
    "'\tcmd,,,,,,suggestion",
    '"\'\rcmd",,,,,,suggestion',
    "a=b,,,,,,suggestion",
  ]);
});

Deno.test("the download name keeps letters, digits, - and _ and turns spaces into _", () => {
  assert.equal(csvFileName("rust lang-2024_v1"), "searx_-_rust_lang-2024_v1.csv");
  assert.equal(
    csvFileName('a"; filename=evil.exe\r\nX: y/../é'),
    "searx_-_a_filenameevilexe__X_y.csv",
  );
  assert.equal(csvFileName("x".repeat(150)), `searx_-_${"x".repeat(100)}.csv`);
});

Deno.test("engines that failed become unresponsive_engine rows with their reason", () => {
  const csv = renderCsv(outcome({
    unresponsive_engines: [["brave", "timeout"], ["bing", "CAPTCHA"]],
  }));
  assert.equal(
    csv,
    "title,url,content,host,engine,score,type\r\n" +
      "timeout,,,,brave,,unresponsive_engine\r\n" +
      "CAPTCHA,,,,bing,,unresponsive_engine\r\n",
  );
});

Deno.test("images, videos, papers and packages are result rows of the same seven columns, as SearXNG writes them", () => {
  const csv = renderCsv(outcome({
    results: [
      sampleImage({ content: "A crab", score: 2 }),
      sampleVideo(),
      samplePaper({ engine: "arxiv" }),
      samplePackage({ engine: "crates" }),
    ],
  }));
  assert.equal(
    csv,
    "title,url,content,host,engine,score,type\r\n" +
      "Ferris the crab,https://commons.example.org/wiki/File:Ferris.png,A crab," +
      "commons.example.org,sample,2.0,result\r\n" +
      "Rust in 100 seconds,https://www.youtube.com/watch?v=abc123," +
      "A quick tour of the language.,www.youtube.com,sample,1.0,result\r\n" +
      "Ownership types for safe systems programming,https://arxiv.org/abs/2401.00001," +
      "We show that ownership and borrowing prevent data races.,arxiv.org,arxiv,1.0,result\r\n" +
      "serde,https://crates.io/crates/serde,A generic serialization/deserialization framework," +
      "crates.io,crates,1.0,result\r\n",
  );
});
