// Test support for provider modules: fixture pages, fake upstream answers and a step runner that
// drives a module's request/parse cycle exactly as the search does, without a network.
import assert from "node:assert/strict";
import { createTokenStore } from "../core/token_store.ts";
import {
  type EngineContext,
  type EngineModule,
  type EngineQuery,
  type EngineResult,
  type EngineResults,
  isNextStep,
  MAX_ENGINE_STEPS,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../core/engine.ts";

const FIXTURES = new URL("../../tests/fixtures/search/", import.meta.url);

/** The text of `tests/fixtures/search/<engine>/<name>`. */
export function fixture(engine: string, name: string): string {
  return Deno.readTextFileSync(new URL(`${engine}/${name}`, FIXTURES));
}

/** Every HTML fixture page of every provider, as [provider/file, text]. */
export function fixturePages(): [string, string][] {
  const pages: [string, string][] = [];
  for (const provider of Deno.readDirSync(FIXTURES)) {
    if (!provider.isDirectory) continue;
    for (const file of Deno.readDirSync(new URL(`${provider.name}/`, FIXTURES))) {
      if (file.name.endsWith(".html")) {
        pages.push([`${provider.name}/${file.name}`, fixture(provider.name, file.name)]);
      }
    }
  }
  return pages.sort(([a], [b]) => a.localeCompare(b));
}

export function upstreamResponse(
  body: string,
  { status = 200, url = "https://upstream.test/", headers = {} }: {
    status?: number;
    url?: string;
    headers?: Record<string, string>;
  } = {},
): UpstreamResponse {
  return { body, status, url, headers: new Headers(headers) };
}

export function engineQuery(overrides: Partial<EngineQuery> = {}): EngineQuery {
  return {
    query: "rust programming",
    pageno: 1,
    language: "all",
    safesearch: 0,
    timeRange: null,
    category: "general",
    ...overrides,
  };
}

export function engineContext(
  module: EngineModule,
  overrides: Partial<EngineContext> = {},
): EngineContext {
  return {
    baseUrl: module.defaultBaseUrl,
    apiKey: null,
    tokens: createTokenStore(),
    now: new Date("2026-11-21T12:00:00Z"),
    steps: new Map(),
    ...overrides,
  };
}

/**
 * Runs the module against `answer`, which plays the upstream: it receives each request and returns
 * the response. Returns the results and every request made, for assertions on both.
 */
export function runEngine(
  module: EngineModule,
  query: EngineQuery,
  context: EngineContext,
  answer: (request: UpstreamRequest, step: number) => UpstreamResponse,
): { results: EngineResults | null; requests: UpstreamRequest[] } {
  const requests: UpstreamRequest[] = [];
  let request = module.request(query, context);
  for (let step = 0; request && step < MAX_ENGINE_STEPS; step++) {
    requests.push(request);
    const outcome = module.parse(answer(request, step), query, context);
    if (!isNextStep(outcome)) return { results: outcome, requests };
    request = outcome.next;
  }
  if (request) throw new Error(`more than ${MAX_ENGINE_STEPS} requests`);
  return { results: null, requests };
}

/**
 * The `request` and `parse` shorthands that most provider tests open with, written once so that
 * each test file only states its defaults. `request` builds the module's request for `query`
 * (over the harness's query) and asserts that there is one; `parse` hands the module `body` as
 * the upstream's answer (at `responseUrl`, with `responseHeaders`) and asserts it is a page of
 * results, not a next step; `results` is that page's results alone. Both queries merge over
 * `engineQuery()`'s, both contexts over `engineContext()`'s and the harness's `context`.
 */
export function engineHarness(
  module: EngineModule,
  { query = {}, context = {}, responseUrl, responseHeaders = {} }: {
    query?: Partial<EngineQuery>;
    context?: Partial<EngineContext>;
    responseUrl?: string;
    responseHeaders?: Record<string, string>;
  } = {},
): {
  request: (query?: Partial<EngineQuery>, context?: Partial<EngineContext>) => UpstreamRequest;
  parse: (body: string, status?: number, url?: string) => EngineResults;
  results: (body: string, status?: number, url?: string) => EngineResult[];
} {
  function request(
    overrides: Partial<EngineQuery> = {},
    contextOverrides: Partial<EngineContext> = {},
  ): UpstreamRequest {
    const built = module.request(
      engineQuery({ ...query, ...overrides }),
      engineContext(module, { ...context, ...contextOverrides }),
    );
    assert.ok(built);
    return built;
  }
  function parse(body: string, status = 200, url = responseUrl): EngineResults {
    const step = module.parse(
      upstreamResponse(body, { status, url, headers: responseHeaders }),
      engineQuery(query),
      engineContext(module, context),
    );
    assert.ok(!isNextStep(step));
    return step;
  }
  return { request, parse, results: (...args) => parse(...args).results };
}
