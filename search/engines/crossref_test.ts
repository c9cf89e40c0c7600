import assert from "node:assert/strict";
import { crossref } from "./crossref.ts";
import {
  AccessDeniedError,
  HttpStatusError,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { engineContext, engineHarness, engineQuery, fixture } from "./engines_testing.ts";

const API = "https://api.crossref.org/works";

const { request, parse } = engineHarness(crossref, {
  query: { query: "quantum supremacy", category: "science" },
  responseUrl: `${API}?query=quantum+supremacy&rows=10&offset=0`,
});

Deno.test("crossref asks the works search for ten records, without a contact address", () => {
  assert.deepEqual(request(), {
    url: `${API}?query=quantum+supremacy&rows=10&offset=0`,
    headers: { Accept: "application/json" },
  });
  assert.equal(new URL(request({ pageno: 3 }).url).searchParams.get("offset"), "20");
  assert.ok(!request().url.includes("mailto"));
  assert.equal(
    crossref.request(engineQuery({ query: " " }), engineContext(crossref)),
    null,
  );
});

Deno.test("crossref keeps a base_url's path", () => {
  assert.equal(
    request({}, { baseUrl: "http://127.0.0.1:9999/crossref" }).url,
    "http://127.0.0.1:9999/crossref/works?query=quantum+supremacy&rows=10&offset=0",
  );
});

Deno.test("crossref sends a Metadata Plus key only when settings give one, in its header", () => {
  assert.deepEqual(request({}, { apiKey: "plus-key-42" }).headers, {
    Accept: "application/json",
    "Crossref-Plus-API-Token": "Bearer plus-key-42",
  });
  assert.ok(!request({}, { apiKey: "plus-key-42" }).url.includes("plus-key-42"));
  assert.deepEqual(request().headers, { Accept: "application/json" });
});

Deno.test("crossref reads every field of its works as papers", () => {
  const { results } = parse(fixture("crossref", "works.json"));
  assert.equal(results.length, 3, "the component and the untitled record are left out");
  assert.deepEqual(results[0], {
    template: "paper.html",
    url: "https://www.nature.com/articles/s41586-019-1666-5",
    title: "Quantum supremacy using a programmable superconducting processor",
    content: "",
    publishedDate: new Date("2019-10-23T00:00:00Z"),
    authors: ["Frank Arute", "Kunal Arya", "John M. Martinis"],
    journal: "Nature",
    publisher: "Springer Science and Business Media LLC",
    doi: "10.1038/s41586-019-1666-5",
    type: "journal-article",
    volume: "574",
    pages: "505-510",
  });
  assert.deepEqual(results[1], {
    template: "paper.html",
    url: "https://link.aps.org/doi/10.1103/PhysRevLett.127.030501",
    title: "Strong Quantum Computational Advantage Using a Superconducting Quantum Processor",
    content: "Scaling up to a large number of qubits with high-precision control is essential " +
      "in the demonstrations of quantum computational advantage & beyond.",
    publishedDate: new Date("2021-07-12T00:00:00Z"),
    authors: ["Yulin Wu", "Jian-Wei Pan", "USTC Quantum Computing Group"],
    journal: "Physical Review Letters",
    publisher: "American Physical Society (APS)",
    doi: "10.1103/PhysRevLett.127.030501",
    type: "journal-article",
    volume: "127",
    pages: null,
  });
  assert.deepEqual(results[2], {
    template: "paper.html",
    url: "https://doi.org/10.1007/978-3-030-61601-4_5",
    title: "Quantum Computing for Computer Scientists (Quantum Supremacy)",
    content: "",
    publishedDate: new Date("2020-01-01T00:00:00Z"),
    authors: ["Noson S. Yanofsky"],
    journal: null,
    publisher: "Springer International Publishing",
    doi: "10.1007/978-3-030-61601-4_5",
    type: "book-chapter",
    volume: null,
    pages: "87-112",
  });
});

Deno.test("crossref: a record with an unreadable field keeps the rest", () => {
  const body = fixture("crossref", "works.json").replace('"volume":"574"', '"volume":574');
  const { results } = parse(body);
  assert.equal(results.length, 3);
  assert.equal(
    results[0].title,
    "Quantum supremacy using a programmable superconducting processor",
  );
});

Deno.test("crossref: an empty list is no results", () => {
  assert.deepEqual(parse(fixture("crossref", "empty.json")).results, []);
});

Deno.test("crossref: 429 is too many requests, 403 and a refused Plus key access denied", () => {
  assert.throws(() => parse("Too Many Requests", 429), TooManyRequestsError);
  assert.throws(() => parse("Forbidden", 403), AccessDeniedError);
  assert.throws(() => parse('{"status":"error","message":"Unauthorized"}', 401), AccessDeniedError);
  assert.throws(() => parse(fixture("crossref", "validation_failure.json"), 400), HttpStatusError);
});

Deno.test("crossref: an answer that is not a works list is a parsing error", () => {
  for (const body of ["", "<html>Bad gateway</html>", '{"status":"ok","message":{}}', "[]"]) {
    assert.throws(() => parse(body), ParseError, body);
  }
  assert.throws(() => parse(fixture("crossref", "validation_failure.json")), ParseError);
});
