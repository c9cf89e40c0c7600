import assert from "node:assert/strict";
import { arxiv, arxivSearchQuery } from "./arxiv.ts";
import {
  AccessDeniedError,
  HttpStatusError,
  type PaperResult,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { engineContext, engineHarness, engineQuery, fixture } from "./engines_testing.ts";

const API = "https://export.arxiv.org/api/query";

const { request, parse } = engineHarness(arxiv, {
  query: { category: "science" },
  responseUrl: `${API}?search_query=all%3Aquantum&start=0&max_results=10`,
  responseHeaders: { "content-type": "application/atom+xml; charset=utf-8" },
});

Deno.test("arxiv asks the query API for ten entries with every word required in all fields", () => {
  assert.deepEqual(request({ query: "quantum supremacy" }), {
    url: `${API}?search_query=all%3Aquantum+AND+all%3Asupremacy&start=0&max_results=10`,
    headers: { Accept: "application/atom+xml" },
  });
});

Deno.test("arxiv pages by ten entries and keeps a base_url's path", () => {
  const page3 = new URL(request({ query: "qubit", pageno: 3 }).url);
  assert.equal(page3.searchParams.get("start"), "20");
  assert.equal(page3.searchParams.get("max_results"), "10");
  assert.equal(
    request({ query: "qubit" }, { baseUrl: "http://127.0.0.1:9999/mirror" }).url,
    "http://127.0.0.1:9999/mirror/api/query?search_query=all%3Aqubit&start=0&max_results=10",
  );
});

Deno.test("arxiv takes no key: one set in settings is sent nowhere", () => {
  const built = request({ query: "qubit" }, { apiKey: "secret-key-123" });
  assert.ok(!JSON.stringify(built).includes("secret-key-123"));
});

Deno.test("arxiv keeps phrases, field terms and the API's operators as typed", () => {
  assert.equal(arxivSearchQuery('"dark matter" halo'), 'all:"dark matter" AND all:halo');
  assert.equal(arxivSearchQuery("au:preskill ti:entanglement"), "au:preskill AND ti:entanglement");
  assert.equal(arxivSearchQuery("qubit OR qudit"), "all:qubit OR all:qudit");
  assert.equal(arxivSearchQuery("AND qubit ANDNOT"), "all:qubit");
  assert.equal(arxivSearchQuery("  "), "");
  assert.equal(arxiv.request(engineQuery({ query: "  OR " }), engineContext(arxiv)), null);
});

Deno.test("arxiv reads every field of a feed's entries as papers", () => {
  const { results } = parse(fixture("arxiv", "search.xml"));
  assert.equal(results.length, 3);
  assert.deepEqual(results[0], {
    template: "paper.html",
    url: "https://arxiv.org/abs/1910.11333v2",
    title: "Quantum supremacy using a programmable superconducting processor",
    content: "The promise of quantum computers is that certain computational tasks might be " +
      "executed exponentially faster on a quantum processor than on a classical processor. A " +
      "fundamental challenge is to build a high-fidelity processor capable of running quantum " +
      "algorithms in an exponentially large computational space. Here we report the use of a " +
      "processor with programmable superconducting qubits to create quantum states on 53 qubits, " +
      "corresponding to a computational state-space of dimension 2^53 (about 10^16).",
    publishedDate: new Date("2019-10-23T01:36:24Z"),
    authors: ["Frank Arute", "Kunal Arya", "Ryan Babbush", "John M. Martinis"],
    journal: "Nature 574, 505-510 (2019)",
    doi: "10.1038/s41586-019-1666-5",
    pdf_url: "https://arxiv.org/pdf/1910.11333v2",
    type: "preprint",
  });
  assert.deepEqual(results[1], {
    template: "paper.html",
    url: "https://arxiv.org/abs/1203.5813v3",
    title: "Quantum computing and the entanglement frontier",
    content:
      "Quantum information science explores the frontier of highly complex quantum states, " +
      'the "entangled frontier." This study is motivated by the observation (widely believed but ' +
      "unproven) that classical systems cannot simulate highly entangled quantum systems " +
      "efficiently, and we hope to hasten the day when well controlled quantum systems can " +
      "perform tasks surpassing what can be done in the classical world. One way to achieve such " +
      '"quantum supremacy" would be to run an algorithm on a quantum computer which solves a ' +
      "problem with a super-polynomial speedup relative to classical computers & other known " +
      "methods.",
    publishedDate: new Date("2012-03-26T20:00:01Z"),
    authors: ["John Preskill"],
    journal: null,
    doi: null,
    pdf_url: "https://arxiv.org/pdf/1203.5813v3",
    type: "preprint",
  });
  assert.deepEqual((results[2] as PaperResult).authors, ["A. Morvan", "B. Villalonga"]);
});

Deno.test("arxiv: an entry without its own page link falls back to its id", () => {
  const body = fixture("arxiv", "search.xml").replace(
    '<link href="http://arxiv.org/abs/1203.5813v3" rel="alternate" type="text/html"/>',
    "",
  );
  assert.equal(parse(body).results[1].url, "https://arxiv.org/abs/1203.5813v3");
});

Deno.test("arxiv: a feed without entries is no results", () => {
  assert.deepEqual(parse(fixture("arxiv", "empty.xml")).results, []);
});

Deno.test("arxiv: the API's error entry is a parsing error naming the problem", () => {
  assert.throws(
    () => parse(fixture("arxiv", "api_error.xml")),
    (error) => error instanceof ParseError && error.message.includes("start must be non-negative"),
  );
});

Deno.test("arxiv: 429 is too many requests, 403 access denied, 503 an HTTP error", () => {
  assert.throws(() => parse("Rate exceeded.", 429), TooManyRequestsError);
  assert.throws(() => parse("<html><body>Forbidden</body></html>", 403), AccessDeniedError);
  assert.throws(() => parse("", 503), HttpStatusError);
});

Deno.test("arxiv: an answer that is not an Atom feed is a parsing error", () => {
  for (const body of ["", "{}", "<html><body>Service unavailable</body></html>", "plain text"]) {
    assert.throws(() => parse(body), ParseError, body);
  }
});
