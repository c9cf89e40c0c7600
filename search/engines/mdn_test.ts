import assert from "node:assert/strict";
import {
  AccessDeniedError,
  HttpStatusError,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { mdn, mdnLocale } from "./mdn.ts";
import { engineContext, engineHarness, engineQuery, fixture } from "./engines_testing.ts";

const API = "https://developer.mozilla.org/api/v1/search";

const { request, parse } = engineHarness(mdn, {
  query: { query: "array map", category: "it" },
  responseUrl: `${API}?q=map&locale=en-US&page=1`,
});

Deno.test("mdn asks the site's search API in English for 'all', with the page", () => {
  assert.deepEqual(request(), {
    url: `${API}?q=array+map&locale=en-US&page=1`,
    headers: { Accept: "application/json" },
  });
  assert.equal(new URL(request({ pageno: 2 }).url).searchParams.get("page"), "2");
  assert.equal(mdn.request(engineQuery({ query: "" }), engineContext(mdn)), null);
});

Deno.test("mdn reads the docs of the query's language where MDN has them", () => {
  assert.equal(new URL(request({ language: "de-AT" }).url).searchParams.get("locale"), "de");
  assert.equal(mdnLocale("fr"), "fr");
  assert.equal(mdnLocale("pt-PT"), "pt-BR");
  assert.equal(mdnLocale("zh-TW"), "zh-TW");
  assert.equal(mdnLocale("zh-HK"), "zh-TW");
  assert.equal(mdnLocale("zh"), "zh-CN");
  assert.equal(mdnLocale("nl"), "en-US");
  assert.equal(mdnLocale("all"), "en-US");
});

Deno.test("mdn takes no key and keeps a base_url's path", () => {
  assert.ok(!JSON.stringify(request({}, { apiKey: "secret-key-9" })).includes("secret-key-9"));
  assert.equal(
    request({}, { baseUrl: "http://127.0.0.1:9999/mdn" }).url,
    "http://127.0.0.1:9999/mdn/api/v1/search?q=array+map&locale=en-US&page=1",
  );
});

Deno.test("mdn reads each document's page, title and summary as plain text", () => {
  const { results, suggestions } = parse(fixture("mdn", "search.json"));
  assert.deepEqual(results, [
    {
      url:
        "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Array/map",
      title: "Array.prototype.map()",
      content: "The map() method of Array instances creates a new array populated with the " +
        "results of calling a provided function on every element in the calling array.",
    },
    {
      url: "https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Map",
      title: "Map",
      content: "The Map object holds key-value pairs and remembers the original insertion order " +
        "of the keys. Any value (both objects and primitive values) may be used as either a key " +
        "or a value.",
    },
    {
      url: "https://developer.mozilla.org/en-US/docs/Web/HTML/Reference/Elements/map",
      title: "<map>: The Image Map element",
      content: "The <map> HTML element is used with <area> elements to define an image map " +
        "(a clickable link area).",
    },
  ], "a document outside MDN is left out");
  assert.deepEqual(suggestions, []);
});

Deno.test("mdn: no documents is no results, with MDN's suggestion", () => {
  const { results, suggestions } = parse(fixture("mdn", "empty.json"));
  assert.deepEqual(results, []);
  assert.deepEqual(suggestions, ["array map"]);
});

Deno.test("mdn: 429 is too many requests, 403 access denied, 400 an HTTP error", () => {
  assert.throws(() => parse("Too Many Requests", 429), TooManyRequestsError);
  assert.throws(() => parse("<html>Forbidden</html>", 403), AccessDeniedError);
  assert.throws(() => parse(fixture("mdn", "bad_request.json"), 400), HttpStatusError);
});

Deno.test("mdn: an answer that is not a search answer is a parsing error", () => {
  for (
    const body of [
      "",
      "<!doctype html><title>MDN</title>",
      "{}",
      fixture("mdn", "bad_request.json"),
    ]
  ) {
    assert.throws(() => parse(body), ParseError, body);
  }
});
