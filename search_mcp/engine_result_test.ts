import assert from "node:assert/strict";
import { isEngineResult, readEngineResult } from "./engine_result.ts";

Deno.test("a result keeps the fields named, in their types, and nothing else", () => {
  const result = readEngineResult({
    url: "https://example.org/a",
    title: "A",
    content: "About a",
    engines: ["brave"],
    score: 1.5,
    parsed_url: ["https", "example.org", "/a", "", "", ""],
    positions: [1, 3],
  });
  assert.deepEqual(result, {
    url: "https://example.org/a",
    title: "A",
    content: "About a",
    engines: ["brave"],
    score: 1.5,
  });
});

Deno.test("a field sent in the wrong type is dropped, the result kept", () => {
  const result = readEngineResult({
    url: "https://example.org/b",
    title: 42,
    content: null,
    score: "high",
    engines: ["brave", 3],
    publishedDate: 20240101,
    publishedDatePrecision: "fortnight",
    template: { name: "videos.html" },
  });
  assert.deepEqual(result, { url: "https://example.org/b", title: "", content: "" });
});

Deno.test("numbers read as texts, one text as a list, a video's seconds as its length", () => {
  const result = readEngineResult({
    url: "https://example.org/c",
    popularity: 720000000,
    volume: 12,
    authors: "Ada Lovelace",
    tags: ["cli", 7, "search"],
    length: 3723,
    publishedDatePrecision: "year",
  });
  assert.equal(result.popularity, "720000000");
  assert.equal(result.volume, "12");
  assert.deepEqual(result.authors, ["Ada Lovelace"]);
  assert.deepEqual(result.tags, ["cli", "search"]);
  assert.equal(result.length, "1:02:03");
  assert.equal(result.publishedDatePrecision, "year");
  assert.equal(readEngineResult({ url: "u", length: "754" }).length, "12:34");
  assert.equal(readEngineResult({ url: "u", length: "12:34" }).length, "12:34");
  assert.equal(readEngineResult({ url: "u", length: "" }).length, undefined);
});

Deno.test("only an object with a url string is a result", () => {
  assert.equal(isEngineResult({ url: "https://example.org" }), true);
  for (const value of [null, "https://example.org", [], { url: 5 }, { title: "no url" }]) {
    assert.equal(isEngineResult(value), false, JSON.stringify(value));
  }
});
