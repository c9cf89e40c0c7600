import assert from "node:assert/strict";
import {
  AccessDeniedError,
  EngineError,
  type EngineQuery,
  type EngineResults,
  HttpStatusError,
  isNextStep,
  ParseError,
  TooManyRequestsError,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../core/engine.ts";
import {
  engineContext,
  engineQuery,
  fixture,
  runEngine,
  upstreamResponse,
} from "./engines_testing.ts";
import { wikipedia } from "./wikipedia.ts";

const EN = "https://en.wikipedia.org";
const SEARCH_RUST = `${EN}/w/api.php?action=query&list=search&srsearch=rust+programming` +
  "&srlimit=1&srnamespace=0&format=json&formatversion=2";

function requestUrl(query: Partial<EngineQuery>, baseUrl?: string): string | undefined {
  return wikipedia.request(engineQuery(query), engineContext(wikipedia, baseUrl ? { baseUrl } : {}))
    ?.url;
}

function answer(name: string, request: UpstreamRequest, status = 200): UpstreamResponse {
  return upstreamResponse(fixture("wikipedia", name), {
    status,
    url: request.url,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}

function parse(response: UpstreamResponse, query: Partial<EngineQuery> = {}): EngineResults {
  const step = wikipedia.parse(response, engineQuery(query), engineContext(wikipedia));
  assert.ok(!isNextStep(step));
  return step;
}

Deno.test("an all-lowercase query is looked up as a Title Cased article title", () => {
  assert.equal(
    requestUrl({ query: "ada lovelace" }),
    `${EN}/api/rest_v1/page/summary/Ada_Lovelace`,
  );
});

Deno.test("a query with capitals keeps its case, and the title is percent-encoded", () => {
  assert.equal(requestUrl({ query: "iPhone" }), `${EN}/api/rest_v1/page/summary/iPhone`);
  assert.equal(requestUrl({ query: "AC/DC" }), `${EN}/api/rest_v1/page/summary/AC%2FDC`);
  assert.equal(
    requestUrl({ query: "  Zürich   Hauptbahnhof " }),
    `${EN}/api/rest_v1/page/summary/Z%C3%BCrich_Hauptbahnhof`,
  );
});

Deno.test("the query's primary language picks the wiki, and 'all' is the English one", () => {
  assert.ok(requestUrl({ language: "all" })?.startsWith(`${EN}/`));
  assert.ok(requestUrl({ language: "de-CH" })?.startsWith("https://de.wikipedia.org/"));
  assert.ok(requestUrl({ language: "zh-TW" })?.startsWith("https://zh.wikipedia.org/"));
});

Deno.test("a base_url without {lang} is used as it is and keeps the API path", () => {
  assert.equal(
    requestUrl({ query: "Ada Lovelace", language: "fr" }, "http://127.0.0.1:9999"),
    "http://127.0.0.1:9999/api/rest_v1/page/summary/Ada_Lovelace",
  );
  assert.equal(
    requestUrl({ query: "Ada Lovelace" }, "http://127.0.0.1:9999/mirror"),
    "http://127.0.0.1:9999/mirror/api/rest_v1/page/summary/Ada_Lovelace",
  );
});

Deno.test("a title with characters MediaWiki forbids goes straight to the search API", () => {
  assert.equal(
    requestUrl({ query: "C# | F#" }),
    `${EN}/w/api.php?action=query&list=search&srsearch=C%23+%7C+F%23&srlimit=1&srnamespace=0` +
      "&format=json&formatversion=2",
  );
});

Deno.test("a blank query asks nothing", () => {
  assert.equal(wikipedia.request(engineQuery({ query: "   " }), engineContext(wikipedia)), null);
});

Deno.test("a standard article gives an infobox and the same article as a result", () => {
  const request = { url: `${EN}/api/rest_v1/page/summary/Ada_Lovelace` };
  const results = parse(answer("summary_standard.json", request));
  const extract = "Augusta Ada King, Countess of Lovelace was an English mathematician and " +
    "writer chiefly known for her work on Charles Babbage's proposed mechanical general-purpose " +
    "computer, the Analytical Engine. She was the first to recognise that the machine had " +
    "applications beyond pure calculation.";
  assert.deepEqual(results.infoboxes, [{
    infobox: "Ada Lovelace",
    id: "https://en.wikipedia.org/wiki/Ada_Lovelace",
    content: extract,
    img_src: "https://upload.wikimedia.org/wikipedia/commons/thumb/0/0b/" +
      "Ada_Byron_daguerreotype_by_Antoine_Claudet_1843_or_1850_-_cropped.png/" +
      "330px-Ada_Byron_daguerreotype_by_Antoine_Claudet_1843_or_1850_-_cropped.png",
    urls: [{ title: "Wikipedia", url: "https://en.wikipedia.org/wiki/Ada_Lovelace" }],
    attributes: [],
  }]);
  assert.deepEqual(results.results, [{
    url: "https://en.wikipedia.org/wiki/Ada_Lovelace",
    title: "Ada Lovelace",
    content: extract,
  }]);
});

Deno.test("the display title is read as HTML and a summary without thumbnail has no image", () => {
  const request = { url: "https://de.wikipedia.org/api/rest_v1/page/summary/Z%C3%BCrich" };
  const zurich = parse(answer("summary_zurich_de.json", request), { language: "de" });
  assert.equal(zurich.infoboxes[0].infobox, "Zürich");
  assert.equal(zurich.results[0].url, "https://de.wikipedia.org/wiki/Z%C3%BCrich");
  assert.ok(zurich.results[0].content.startsWith("Zürich ist eine politische Gemeinde"));
  assert.ok(!zurich.results[0].content.includes("\n"));
  const rust = parse(answer("summary_rust.json", { url: `${EN}/api/rest_v1/page/summary/Rust` }));
  assert.equal(rust.infoboxes[0].img_src, null);
});

Deno.test("a disambiguation page gives only a result described by its description", () => {
  const request = { url: `${EN}/api/rest_v1/page/summary/Mercury` };
  const results = parse(answer("summary_disambiguation.json", request));
  assert.deepEqual(results.infoboxes, []);
  assert.deepEqual(results.results, [{
    url: "https://en.wikipedia.org/wiki/Mercury",
    title: "Mercury",
    content: "Topics referred to by the same term",
  }]);
});

Deno.test("a missing title is searched for, and the hit's summary is the answer", () => {
  const { results, requests } = runEngine(
    wikipedia,
    engineQuery({ query: "rust programming" }),
    engineContext(wikipedia),
    (request, step) =>
      [
        answer("not_found.json", request, 404),
        answer("search_hit.json", request),
        answer("summary_rust.json", request),
      ][step],
  );
  assert.deepEqual(requests, [
    { url: `${EN}/api/rest_v1/page/summary/Rust_Programming` },
    { url: SEARCH_RUST },
    { url: `${EN}/api/rest_v1/page/summary/Rust_(programming_language)?redirect=true` },
  ]);
  assert.equal(
    results?.infoboxes[0].id,
    "https://en.wikipedia.org/wiki/Rust_(programming_language)",
  );
  assert.equal(results?.results[0].title, "Rust (programming language)");
});

Deno.test("a title with invalid characters (400) is searched for like a missing one", () => {
  const request = { url: `${EN}/api/rest_v1/page/summary/Rust_Programming` };
  const step = wikipedia.parse(
    answer("invalid_title.json", request, 400),
    engineQuery({ query: "rust  programming" }),
    engineContext(wikipedia),
  );
  assert.ok(isNextStep(step));
  assert.equal(step.next.url, SEARCH_RUST);
});

Deno.test("a search without a hit ends with no results", () => {
  const { results, requests } = runEngine(
    wikipedia,
    engineQuery({ query: "qzxvwy kjhgfd" }),
    engineContext(wikipedia),
    (request, step) =>
      step === 0 ? answer("not_found.json", request, 404) : answer("search_empty.json", request),
  );
  assert.equal(requests.length, 2);
  assert.deepEqual(results?.results, []);
  assert.deepEqual(results?.infoboxes, []);
});

Deno.test("a hit whose summary is missing too ends with no results instead of searching again", () => {
  const { results, requests } = runEngine(
    wikipedia,
    engineQuery({ query: "rust programming" }),
    engineContext(wikipedia),
    (request, step) =>
      step === 1 ? answer("search_hit.json", request) : answer("not_found.json", request, 404),
  );
  assert.equal(requests.length, 3);
  assert.deepEqual(results?.results, []);
});

Deno.test("a 400 for another reason is an HTTP error", () => {
  const response = upstreamResponse('{"detail":"bad-request"}', {
    status: 400,
    url: `${EN}/api/rest_v1/page/summary/X`,
  });
  assert.throws(() => parse(response), HttpStatusError);
});

Deno.test("blocks and server errors map like the caller's, on either API", () => {
  const summary = `${EN}/api/rest_v1/page/summary/Ada_Lovelace`;
  for (const url of [summary, SEARCH_RUST]) {
    const blocked = fixture("wikipedia", "too_many_requests.html");
    assert.throws(
      () => parse(upstreamResponse(blocked, { status: 429, url })),
      TooManyRequestsError,
    );
    const forbidden = "Please set a user-agent and respect our robot policy https://w.wiki/4wJS.";
    assert.throws(
      () => parse(upstreamResponse(forbidden, { status: 403, url })),
      AccessDeniedError,
    );
    assert.throws(() => parse(upstreamResponse("upstream connect error", { status: 503, url })), (
      error,
    ) => {
      assert.ok(error instanceof HttpStatusError);
      assert.equal(error.status, 503);
      return true;
    });
  }
});

Deno.test("a 200 that is not a summary or a search answer is a parse error", () => {
  const html = "<!DOCTYPE html><html><body><h1>Wikipedia</h1></body></html>";
  assert.throws(
    () => parse(upstreamResponse(html, { url: `${EN}/api/rest_v1/page/summary/X` })),
    ParseError,
  );
  assert.throws(
    () => parse(upstreamResponse('{"batchcomplete":true}', { url: SEARCH_RUST })),
    ParseError,
  );
});

Deno.test("garbage and truncated answers only ever raise engine errors", () => {
  const summary = fixture("wikipedia", "summary_standard.json");
  const bodies = [
    "",
    "\u0000\u00ff\ufffd{",
    summary.slice(0, summary.length / 2),
    "null",
    '{"type":"standard","title":"X","content_urls":{"desktop":{"page":"javascript:alert(1)"}}}',
    '{"query":{"search":[{"title":42}]}}',
  ];
  const urls = [`${EN}/api/rest_v1/page/summary/X`, SEARCH_RUST, "not a url"];
  for (const body of bodies) {
    for (const url of urls) {
      for (const status of [200, 400, 404, 500]) {
        try {
          wikipedia.parse(
            upstreamResponse(body, { status, url }),
            engineQuery(),
            engineContext(wikipedia),
          );
        } catch (error) {
          assert.ok(error instanceof EngineError, String(error));
        }
      }
    }
  }
});

Deno.test("autocomplete asks the language's OpenSearch API and returns the titles", () => {
  const autocomplete = wikipedia.autocomplete;
  assert.ok(autocomplete);
  const request = autocomplete.request("ada lov", "en-GB", engineContext(wikipedia));
  assert.deepEqual(request, {
    url: `${EN}/w/api.php?action=opensearch&search=ada+lov&limit=10&namespace=0&format=json`,
  });
  assert.deepEqual(autocomplete.parse(answer("opensearch.json", request)), [
    "Ada Lovelace",
    "Ada Lovelace Day",
    "Ada Lovelace Award",
    "Ada Lovelace (film)",
  ]);
  assert.throws(() => autocomplete.parse(upstreamResponse("{}")), ParseError);
});
