import assert from "node:assert/strict";
import { createTokenStore } from "../core/token_store.ts";
import {
  AccessDeniedError,
  type EngineContext,
  type EngineQuery,
  type EngineResults,
  HttpStatusError,
  isNextStep,
  ParseError,
  TooManyRequestsError,
  type UpstreamRequest,
} from "../core/engine.ts";
import { stackexchange } from "./stackexchange.ts";
import { engineContext, engineQuery, fixture, upstreamResponse } from "./engines_testing.ts";

const API = "https://api.stackexchange.com/2.3/search/advanced";

function request(
  query: Partial<EngineQuery> = {},
  context: Partial<EngineContext> = {},
): UpstreamRequest | null {
  return stackexchange.request(
    engineQuery({ query: "rust lifetime struct", category: "it", ...query }),
    engineContext(stackexchange, context),
  );
}

function parse(
  body: string,
  status = 200,
  context: EngineContext = engineContext(stackexchange),
): EngineResults {
  const step = stackexchange.parse(
    upstreamResponse(body, { status, url: `${API}?q=rust` }),
    engineQuery({ category: "it" }),
    context,
  );
  assert.ok(!isNextStep(step));
  return step;
}

Deno.test("stackoverflow asks the advanced search of Stack Overflow by relevance, ten a page", () => {
  assert.deepEqual(request(), {
    url: `${API}?q=rust+lifetime+struct&page=1&pagesize=10&site=stackoverflow&order=desc` +
      "&sort=relevance",
  });
  assert.equal(new URL(request({ pageno: 2 })!.url).searchParams.get("page"), "2");
  assert.equal(request({ query: "  " }), null);
});

Deno.test("stackoverflow sends an app key from settings as `key`, and none without one", () => {
  assert.equal(
    new URL(request({}, { apiKey: "app-key((" })!.url).searchParams.get("key"),
    "app-key((",
  );
  assert.equal(new URL(request()!.url).searchParams.has("key"), false);
  assert.equal(request({}, { apiKey: "app-key((" })!.headers, undefined);
});

Deno.test("stackoverflow keeps a base_url's path", () => {
  assert.ok(
    request({}, { baseUrl: "http://127.0.0.1:9999/se" })!.url.startsWith(
      "http://127.0.0.1:9999/se/2.3/search/advanced?q=",
    ),
  );
});

Deno.test("stackoverflow reads questions with decoded titles, tags, votes, answers and date", () => {
  const { results } = parse(fixture("stackexchange", "search.json"));
  assert.equal(results.length, 3, "a question without its link is left out");
  assert.deepEqual(results[0], {
    url: "https://stackoverflow.com/questions/32300132/" +
      "why-cant-i-store-a-value-and-a-reference-to-that-value-in-the-same-struct",
    title: "Why can't I store a value and a reference to that value in the same struct?",
    content: "rust, lifetime, borrow-checker · 212 votes · 4 answers, one accepted",
    publishedDate: new Date(1440501123 * 1000),
  });
  assert.deepEqual(results[1], {
    url: "https://stackoverflow.com/questions/79000001/convert-str-to-string-with-lt-gt",
    title: 'Convert &str to String with "<>" inside',
    content: "rust, string · -1 votes · 1 answer",
    publishedDate: new Date(1760900000 * 1000),
  });
  assert.equal(results[2].content, "1 vote · 0 answers");
});

Deno.test("stackoverflow: no questions is no results", () => {
  assert.deepEqual(parse(fixture("stackexchange", "empty.json")).results, []);
});

Deno.test("stackoverflow honours the API's backoff: no request until it has passed", () => {
  let now = 1_000_000;
  const tokens = createTokenStore({ now: () => now });
  const context = engineContext(stackexchange, { tokens });
  assert.equal(parse(fixture("stackexchange", "backoff.json"), 200, context).results.length, 1);
  assert.equal(request({}, { tokens }), null);
  now += 10_001;
  assert.ok(request({}, { tokens }));
});

Deno.test("stackoverflow: throttling is too many requests, a refused key access denied", () => {
  for (const status of [400, 502]) {
    assert.throws(
      () => parse(fixture("stackexchange", "throttle_violation.json"), status),
      TooManyRequestsError,
    );
  }
  assert.throws(() => parse(fixture("stackexchange", "bad_key.json"), 400), AccessDeniedError);
  assert.throws(
    () => parse('{"error_id":403,"error_name":"access_denied","error_message":"no"}', 403),
    AccessDeniedError,
  );
  assert.throws(() => parse("Too many requests", 429), TooManyRequestsError);
  assert.throws(() => parse("<html>Service Unavailable</html>", 503), HttpStatusError);
});

Deno.test("stackoverflow: another API error or an answer that is not one is a parsing error", () => {
  assert.throws(() => parse(fixture("stackexchange", "bad_parameter.json"), 400), ParseError);
  for (const body of ["", "<html></html>", "{}", '{"items":3}']) {
    assert.throws(() => parse(body), ParseError, body);
  }
});
