import assert from "node:assert/strict";
import {
  AccessDeniedError,
  HttpStatusError,
  ParseError,
  TooManyRequestsError,
  type UpstreamRequest,
} from "../core/engine.ts";
import { abstractFromIndex, openalex } from "./openalex.ts";
import { engineContext, engineHarness, engineQuery, fixture } from "./engines_testing.ts";

const SELECT = "id,doi,title,display_name,publication_date,type,authorships,primary_location," +
  "best_oa_location,open_access,abstract_inverted_index,cited_by_count,biblio";

const { request, parse } = engineHarness(openalex, {
  query: { query: "quantum supremacy", category: "science" },
  responseUrl: "https://api.openalex.org/works?search=quantum",
});

function params(built: UpstreamRequest): Record<string, string> {
  return Object.fromEntries(new URL(built.url).searchParams);
}

Deno.test("openalex searches works by relevance, ten a page, with only the fields it reads", () => {
  const built = request();
  assert.ok(built.url.startsWith("https://api.openalex.org/works?"));
  assert.deepEqual(params(built), {
    search: "quantum supremacy",
    page: "1",
    "per-page": "10",
    sort: "relevance_score:desc",
    select: SELECT,
  });
  assert.equal(params(request({ pageno: 4 })).page, "4");
  assert.equal(openalex.request(engineQuery({ query: "" }), engineContext(openalex)), null);
});

Deno.test("openalex filters by the query's language, and not for 'all' or three-letter codes", () => {
  assert.equal(params(request({ language: "de-CH" })).filter, "language:de");
  assert.equal(params(request({ language: "fr" })).filter, "language:fr");
  assert.equal(params(request({ language: "all" })).filter, undefined);
  assert.equal(params(request({ language: "fil" })).filter, undefined);
});

Deno.test("openalex sends a key from settings as api_key, and none without one", () => {
  assert.equal(params(request({}, { apiKey: "oa-key-77" })).api_key, "oa-key-77");
  assert.equal(params(request()).api_key, undefined);
  assert.deepEqual(request({}, { apiKey: "oa-key-77" }).headers, { Accept: "application/json" });
});

Deno.test("openalex keeps a base_url's path", () => {
  assert.ok(
    request({}, { baseUrl: "http://127.0.0.1:9999/oa" }).url.startsWith(
      "http://127.0.0.1:9999/oa/works?search=quantum+supremacy&",
    ),
  );
});

Deno.test("openalex reads every field of its works, the abstract rebuilt in order", () => {
  const { results } = parse(fixture("openalex", "works.json"));
  assert.equal(results.length, 2, "a work without its id is left out");
  assert.deepEqual(results[0], {
    template: "paper.html",
    url: "https://doi.org/10.1038/s41586-019-1666-5",
    title: "Quantum supremacy using a programmable superconducting processor",
    content: "7421 citations · The promise of quantum computers is that certain computational " +
      "tasks might be executed exponentially faster on a quantum processor than on a classical " +
      "processor. A fundamental challenge is to build a high-fidelity processor capable of " +
      "running quantum algorithms in an exponentially large computational space.",
    publishedDate: new Date("2019-10-23T00:00:00Z"),
    authors: ["Frank Arute", "Kunal Arya", "John M. Martinis"],
    journal: "Nature",
    publisher: "Nature Portfolio",
    doi: "10.1038/s41586-019-1666-5",
    pdf_url: "https://arxiv.org/pdf/1910.11333",
    type: "article",
    volume: "574",
    pages: "505-510",
  });
  assert.deepEqual(results[1], {
    template: "paper.html",
    url: "https://openalex.org/W4385245566",
    title: "Benchmarking near-term quantum computers via random circuit sampling",
    content: "1 citation",
    publishedDate: new Date("2023-04-21T00:00:00Z"),
    authors: ["A. Morvan"],
    journal: null,
    publisher: null,
    doi: null,
    pdf_url: null,
    type: "preprint",
    volume: null,
    pages: null,
  });
});

Deno.test("openalex: the inverted index gives each word at each of its positions", () => {
  assert.equal(
    abstractFromIndex({ "to": [1, 5], "be": [2, 6], "or": [3], "not": [4], "To": [0] }),
    "To to be or not to be",
  );
  assert.equal(abstractFromIndex({ "gap": [10], "first": [0] }), "first gap");
  assert.equal(abstractFromIndex(null), "");
  assert.equal(abstractFromIndex({}), "");
});

Deno.test("openalex: an empty list is no results", () => {
  assert.deepEqual(parse(fixture("openalex", "empty.json")).results, []);
});

Deno.test("openalex: 403 and 429 are too many requests (its documented meanings), 401 a refused key", () => {
  assert.throws(() => parse('{"error":"Rate limit exceeded"}', 403), TooManyRequestsError);
  assert.throws(() => parse('{"error":"Rate limit exceeded"}', 429), TooManyRequestsError);
  assert.throws(() => parse('{"error":"Invalid API key"}', 401), AccessDeniedError);
  assert.throws(() => parse(fixture("openalex", "bad_request.json"), 400), HttpStatusError);
});

Deno.test("openalex: an answer that is not a works list is a parsing error", () => {
  for (
    const body of ["", "<html>Bad gateway</html>", "{}", fixture("openalex", "bad_request.json")]
  ) {
    assert.throws(() => parse(body), ParseError, body);
  }
});
