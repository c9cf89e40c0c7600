import assert from "node:assert/strict";
import {
  AccessDeniedError,
  type EngineResults,
  HttpStatusError,
  isNextStep,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { github } from "./github.ts";
import {
  engineContext,
  engineHarness,
  engineQuery,
  fixture,
  upstreamResponse,
} from "./engines_testing.ts";

const API = "https://api.github.com/search/repositories";
const HEADERS = { Accept: "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28" };

const { request } = engineHarness(github, { query: { query: "ripgrep", category: "it" } });

function parse(
  body: string,
  { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {},
): EngineResults {
  const step = github.parse(
    upstreamResponse(body, { status, headers, url: `${API}?q=ripgrep&per_page=10&page=1` }),
    engineQuery({ category: "it" }),
    engineContext(github),
  );
  assert.ok(!isNextStep(step));
  return step;
}

Deno.test("github searches repositories, ten a page, with the API's version headers", () => {
  assert.deepEqual(request(), { url: `${API}?q=ripgrep&per_page=10&page=1`, headers: HEADERS });
  assert.equal(new URL(request({ pageno: 3 }).url).searchParams.get("page"), "3");
  assert.equal(github.maxPage, 100, "the API serves the first 1,000 results only");
  assert.equal(github.request(engineQuery({ query: " " }), engineContext(github)), null);
});

Deno.test("github sends a token from settings as a Bearer token, and none without one", () => {
  assert.deepEqual(request({}, { apiKey: "ghp_token123" }).headers, {
    ...HEADERS,
    Authorization: "Bearer ghp_token123",
  });
  assert.ok(!request({}, { apiKey: "ghp_token123" }).url.includes("ghp_token123"));
  assert.equal(request().headers?.Authorization, undefined);
});

Deno.test("github keeps a base_url's path (GitHub Enterprise's /api/v3)", () => {
  assert.equal(
    request({}, { baseUrl: "https://git.example.org/api/v3" }).url,
    "https://git.example.org/api/v3/search/repositories?q=ripgrep&per_page=10&page=1",
  );
});

Deno.test("github reads every field of its repositories as packages", () => {
  const { results } = parse(fixture("github", "repositories.json"));
  assert.equal(results.length, 3, "an entry without an http(s) page is left out");
  assert.deepEqual(results[0], {
    template: "packages.html",
    url: "https://github.com/BurntSushi/ripgrep",
    title: "BurntSushi/ripgrep",
    content: "Rust · ripgrep recursively searches directories for a regex pattern while " +
      "respecting your gitignore",
    publishedDate: new Date("2026-11-20T23:41:07Z"),
    package_name: "BurntSushi/ripgrep",
    maintainer: "BurntSushi",
    homepage: null,
    source_code_url: "https://github.com/BurntSushi/ripgrep",
    tags: ["cli", "command-line", "grep", "recursive", "regex", "rust", "search"],
    popularity: "52.4k stars",
    license_name: "The Unlicense",
  });
  assert.deepEqual(results[1], {
    template: "packages.html",
    url: "https://github.com/microsoft/vscode-ripgrep",
    title: "microsoft/vscode-ripgrep",
    content: "JavaScript · For consuming the ripgrep binary from microsoft/ripgrep-prebuilt in " +
      "a Node project",
    publishedDate: new Date("2026-10-02T09:12:50Z"),
    package_name: "microsoft/vscode-ripgrep",
    maintainer: "microsoft",
    homepage: "https://www.npmjs.com/package/@vscode/ripgrep",
    source_code_url: "https://github.com/microsoft/vscode-ripgrep",
    tags: [],
    popularity: "763 stars",
    license_name: "MIT License",
  });
  assert.deepEqual(
    {
      content: results[2].content,
      license: (results[2] as { license_name: unknown }).license_name,
    },
    { content: "", license: null },
  );
});

Deno.test("github: no repositories is no results", () => {
  assert.deepEqual(parse(fixture("github", "empty.json")).results, []);
});

Deno.test("github: a spent rate limit is too many requests, whether 403 or 429", () => {
  const spent = { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1793614491" };
  assert.throws(
    () => parse(fixture("github", "rate_limited.json"), { status: 403, headers: spent }),
    TooManyRequestsError,
  );
  assert.throws(
    () => parse(fixture("github", "secondary_rate_limit.json"), { status: 403 }),
    TooManyRequestsError,
  );
  assert.throws(
    () => parse("{}", { status: 403, headers: { "retry-after": "60" } }),
    TooManyRequestsError,
  );
  assert.throws(() => parse("{}", { status: 429 }), TooManyRequestsError);
});

Deno.test("github: another 403 and a refused token are access denied, 422 an HTTP error", () => {
  const left = { "x-ratelimit-remaining": "9" };
  assert.throws(
    () => parse('{"message":"Forbidden"}', { status: 403, headers: left }),
    AccessDeniedError,
  );
  assert.throws(
    () => parse(fixture("github", "bad_credentials.json"), { status: 401 }),
    AccessDeniedError,
  );
  assert.throws(
    () => parse(fixture("github", "validation_failed.json"), { status: 422 }),
    HttpStatusError,
  );
});

Deno.test("github: an answer that is not a search answer is a parsing error", () => {
  for (const body of ["", "<html>Unicorn!</html>", "{}", '{"items":{}}']) {
    assert.throws(() => parse(body), ParseError, body);
  }
});
