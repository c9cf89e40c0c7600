import assert from "node:assert/strict";
import {
  AccessDeniedError,
  type EngineContext,
  type EngineQuery,
  HttpStatusError,
  isNextStep,
  type PaperResult,
  ParseError,
  TooManyRequestsError,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../core/engine.ts";
import { pubmed } from "./pubmed.ts";
import {
  engineContext,
  engineQuery,
  fixture,
  runEngine,
  upstreamResponse,
} from "./engines_testing.ts";

const EUTILS = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils";
const ESEARCH = `${EUTILS}/esearch.fcgi?db=pubmed&term=structure+prediction&retstart=0&retmax=10` +
  "&sort=relevance&retmode=json";
const EFETCH = `${EUTILS}/efetch.fcgi?db=pubmed&id=34265844%2C31645734%2C33206192&retmode=xml`;

function query(overrides: Partial<EngineQuery> = {}): EngineQuery {
  return engineQuery({ query: "structure prediction", category: "science", ...overrides });
}

function answer(name: string, request: UpstreamRequest, status = 200): UpstreamResponse {
  return upstreamResponse(fixture("pubmed", name), { status, url: request.url });
}

/** Both steps against the fixtures: esearch's ids, then efetch's citations. */
function search(context: EngineContext = engineContext(pubmed), fetched = "efetch.xml") {
  return runEngine(
    pubmed,
    query(),
    context,
    (request, step) => answer(step === 0 ? "esearch.json" : fetched, request),
  );
}

function parseOne(name: string, url: string, status = 200) {
  return pubmed.parse(
    upstreamResponse(fixture("pubmed", name), { status, url }),
    query(),
    engineContext(pubmed),
  );
}

Deno.test("pubmed asks esearch for ten ids by best match, then efetch for their citations", () => {
  const { requests } = search();
  assert.deepEqual(requests, [{ url: ESEARCH }, { url: EFETCH }]);
});

Deno.test("pubmed pages by ten ids and keeps a base_url's path", () => {
  const page2 = pubmed.request(query({ pageno: 2 }), engineContext(pubmed));
  assert.equal(new URL(page2!.url).searchParams.get("retstart"), "10");
  const mirrored = pubmed.request(
    query(),
    engineContext(pubmed, { baseUrl: "http://127.0.0.1:9999/ncbi" }),
  );
  assert.ok(mirrored!.url.startsWith("http://127.0.0.1:9999/ncbi/entrez/eutils/esearch.fcgi?"));
  assert.equal(pubmed.request(query({ query: "  " }), engineContext(pubmed)), null);
});

Deno.test("pubmed sends an NCBI key from settings to both steps, and none without one", () => {
  const withKey = search(engineContext(pubmed, { apiKey: "ncbi-key-0123" }));
  assert.deepEqual(
    withKey.requests.map((request) => new URL(request.url).searchParams.get("api_key")),
    [
      "ncbi-key-0123",
      "ncbi-key-0123",
    ],
  );
  assert.ok(withKey.requests.every((request) => request.headers === undefined));
  const anonymous = search();
  assert.ok(anonymous.requests.every((request) => !request.url.includes("api_key")));
});

Deno.test("pubmed reads every field of the citations, in esearch's order", () => {
  const results = search().results!.results as PaperResult[];
  assert.deepEqual(results.map((result) => result.url), [
    "https://pubmed.ncbi.nlm.nih.gov/34265844/",
    "https://pubmed.ncbi.nlm.nih.gov/31645734/",
    "https://pubmed.ncbi.nlm.nih.gov/33206192/",
  ]);
  assert.deepEqual(results[1], {
    template: "paper.html",
    url: "https://pubmed.ncbi.nlm.nih.gov/31645734/",
    title: "Quantum supremacy using a programmable superconducting processor.",
    content: "The promise of quantum computers is that certain computational tasks might be " +
      "executed exponentially faster on a quantum processor than on a classical processor1. A " +
      "fundamental challenge is to build a high-fidelity processor capable of running quantum " +
      "algorithms in an exponentially large computational space.",
    publishedDate: new Date("2019-10-23T00:00:00Z"),
    authors: ["Frank Arute", "Kunal Arya", "John M Martinis"],
    journal: "Nature",
    doi: "10.1038/s41586-019-1666-5",
    type: "Journal Article",
    volume: "574",
    pages: "505-510",
  });
  assert.deepEqual(results[2], {
    template: "paper.html",
    url: "https://pubmed.ncbi.nlm.nih.gov/33206192/",
    title: "Effect of Vitamin D3 Supplements on Development of Advanced Cancer: A Secondary " +
      "Analysis of the VITAL Randomized Clinical Trial.",
    content: "IMPORTANCE: Recent trials suggest that vitamin D supplementation may reduce cancer " +
      "mortality. OBJECTIVE: To determine whether vitamin D supplementation reduces the incidence " +
      "of advanced cancer. CONCLUSIONS AND RELEVANCE: Vitamin D supplementation may reduce " +
      "advanced cancer.",
    publishedDate: new Date("2020-11-01T00:00:00Z"),
    authors: ["Paulette D Chandler", "WY Chen", "VITAL Research Group"],
    journal: "JAMA network open",
    doi: "10.1001/jamanetworkopen.2020.25850",
    type: "Randomized Controlled Trial",
    volume: "3",
    pages: "e2025850",
  });
  assert.equal(results[0].publishedDate?.toISOString(), "2021-07-15T00:00:00.000Z");
});

Deno.test("pubmed takes the DOI of the article, never of a work it cites, and reads ELocationID", () => {
  const withoutIds = fixture("pubmed", "efetch.xml").replace(
    '<ArticleId IdType="doi">10.1038/s41586-019-1666-5</ArticleId>',
    "",
  );
  const { results } = search(engineContext(pubmed), "efetch.xml");
  assert.equal((results!.results[1] as PaperResult).doi, "10.1038/s41586-019-1666-5");
  const fallback = runEngine(
    pubmed,
    query(),
    engineContext(pubmed),
    (request, step) =>
      step === 0
        ? answer("esearch.json", request)
        : upstreamResponse(withoutIds, { url: request.url }),
  );
  assert.equal((fallback.results!.results[1] as PaperResult).doi, "10.1038/s41586-019-1666-5");
  const none = withoutIds.replace(
    '<ELocationID EIdType="doi" ValidYN="Y">10.1038/s41586-019-1666-5</ELocationID>',
    "",
  );
  const cited = runEngine(
    pubmed,
    query(),
    engineContext(pubmed),
    (request, step) =>
      step === 0 ? answer("esearch.json", request) : upstreamResponse(none, { url: request.url }),
  );
  assert.equal((cited.results!.results[1] as PaperResult).doi, null);
});

Deno.test("pubmed: no ids is no results without a second request", () => {
  const { results, requests } = runEngine(
    pubmed,
    query(),
    engineContext(pubmed),
    (request) => answer("esearch_empty.json", request),
  );
  assert.deepEqual(results?.results, []);
  assert.equal(requests.length, 1);
  assert.deepEqual(search(engineContext(pubmed), "efetch_empty.xml").results?.results, []);
});

Deno.test("pubmed: a rate limit is too many requests, a refused key access denied", () => {
  assert.throws(() => parseOne("rate_limited.json", ESEARCH, 429), TooManyRequestsError);
  assert.throws(() => parseOne("rate_limited.json", EFETCH, 429), TooManyRequestsError);
  assert.throws(() => parseOne("key_invalid.json", ESEARCH, 400), AccessDeniedError);
  assert.throws(() => parseOne("esearch.json", ESEARCH, 403), AccessDeniedError);
  assert.throws(() => parseOne("esearch.json", ESEARCH, 500), HttpStatusError);
});

Deno.test("pubmed: esearch's error and answers that are not E-utilities' are parsing errors", () => {
  assert.throws(() => parseOne("esearch_error.json", ESEARCH), ParseError);
  for (const body of ["", "<html><body>Bad Gateway</body></html>", "{}"]) {
    for (const url of [ESEARCH, EFETCH]) {
      assert.throws(
        () => pubmed.parse(upstreamResponse(body, { url }), query(), engineContext(pubmed)),
        ParseError,
      );
    }
  }
  const step = parseOne("esearch.json", ESEARCH);
  assert.ok(isNextStep(step));
});
