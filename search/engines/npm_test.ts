import assert from "node:assert/strict";
import {
  AccessDeniedError,
  HttpStatusError,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { npm } from "./npm.ts";
import { engineContext, engineHarness, engineQuery, fixture } from "./engines_testing.ts";

const API = "https://registry.npmjs.org/-/v1/search";

const { request, parse } = engineHarness(npm, {
  query: { query: "zod", category: "it" },
  responseUrl: `${API}?text=zod&size=10&from=0`,
});

Deno.test("npm asks the registry's search for ten packages a page", () => {
  assert.deepEqual(request(), {
    url: `${API}?text=zod&size=10&from=0`,
    headers: { Accept: "application/json" },
  });
  assert.equal(new URL(request({ pageno: 3 }).url).searchParams.get("from"), "20");
  assert.equal(npm.request(engineQuery({ query: "" }), engineContext(npm)), null);
});

Deno.test("npm takes no key and keeps a base_url's path (a registry mirror)", () => {
  assert.ok(!JSON.stringify(request({}, { apiKey: "npm-secret" })).includes("npm-secret"));
  assert.equal(
    request({}, { baseUrl: "http://127.0.0.1:4873/npm" }).url,
    "http://127.0.0.1:4873/npm/-/v1/search?text=zod&size=10&from=0",
  );
});

Deno.test("npm reads every field of its packages", () => {
  const { results } = parse(fixture("npm", "search.json"));
  assert.equal(results.length, 2, "an entry without a name is left out");
  assert.deepEqual(results[0], {
    template: "packages.html",
    url: "https://www.npmjs.com/package/zod",
    title: "zod",
    content: "TypeScript-first schema declaration and validation library with static type " +
      "inference",
    publishedDate: new Date("2026-10-28T17:04:11.516Z"),
    package_name: "zod",
    version: "4.6.7",
    maintainer: "colinhacks",
    homepage: "https://zod.dev/",
    source_code_url: "https://github.com/colinhacks/zod",
    tags: ["typescript", "schema", "validation", "type", "inference"],
    popularity: "98.1M weekly downloads",
    license_name: "MIT",
  });
  assert.deepEqual(results[1], {
    template: "packages.html",
    url: "https://www.npmjs.com/package/@scope/zod-helpers",
    title: "@scope/zod-helpers",
    content: "Small helpers for zod schemas",
    publishedDate: new Date("2025-03-02T09:58:40.000Z"),
    package_name: "@scope/zod-helpers",
    version: "0.3.1",
    maintainer: "scope-dev",
    homepage: null,
    source_code_url: null,
    tags: [],
    popularity: "512 weekly downloads",
    license_name: null,
  });
  assert.ok(!JSON.stringify(results).includes("@example.com"), "no e-mail address is shown");
});

Deno.test("npm: no packages is no results", () => {
  assert.deepEqual(parse(fixture("npm", "empty.json")).results, []);
});

Deno.test("npm: 429 is too many requests, 403 access denied, 500 an HTTP error", () => {
  assert.throws(() => parse(fixture("npm", "rate_limited.json"), 429), TooManyRequestsError);
  assert.throws(() => parse('{"error":"Forbidden"}', 403), AccessDeniedError);
  assert.throws(() => parse('{"error":"Internal Server Error"}', 500), HttpStatusError);
});

Deno.test("npm: an answer that is not a search answer is a parsing error", () => {
  for (const body of ["", "<html>npm</html>", "{}", fixture("npm", "rate_limited.json")]) {
    assert.throws(() => parse(body), ParseError, body);
  }
});
