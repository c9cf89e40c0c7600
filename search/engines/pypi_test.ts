import assert from "node:assert/strict";
import {
  AccessDeniedError,
  CaptchaError,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { pypi } from "./pypi.ts";
import { engineContext, engineHarness, engineQuery, fixture } from "./engines_testing.ts";

const SEARCH = "https://pypi.org/search/";

const { request, parse } = engineHarness(pypi, {
  query: { query: "requests", category: "it" },
  responseUrl: `${SEARCH}?q=requests&page=1`,
  responseHeaders: { "content-type": "text/html" },
});

Deno.test("pypi asks the search page with the query and the page", () => {
  assert.deepEqual(request(), { url: `${SEARCH}?q=requests&page=1` });
  assert.equal(new URL(request({ pageno: 4 }).url).searchParams.get("page"), "4");
  assert.equal(pypi.request(engineQuery({ query: "  " }), engineContext(pypi)), null);
});

Deno.test("pypi takes no key and keeps a base_url's path", () => {
  assert.ok(!JSON.stringify(request({}, { apiKey: "pypi-secret" })).includes("pypi-secret"));
  assert.equal(
    request({}, { baseUrl: "http://127.0.0.1:9999/pypi" }).url,
    "http://127.0.0.1:9999/pypi/search/?q=requests&page=1",
  );
});

Deno.test("pypi reads every package of the search page", () => {
  const { results } = parse(fixture("pypi", "search.html"));
  assert.deepEqual(results, [
    {
      template: "packages.html",
      url: "https://pypi.org/project/requests/",
      title: "requests",
      content: "Python HTTP for Humans.",
      publishedDate: new Date("2025-08-18T20:46:00Z"),
      package_name: "requests",
      version: "2.32.5",
    },
    {
      template: "packages.html",
      url: "https://pypi.org/project/requests-toolbelt/",
      title: "requests-toolbelt",
      content: "A utility belt for advanced users of python-requests & friends",
      publishedDate: new Date("2023-05-01T04:11:28Z"),
      package_name: "requests-toolbelt",
      version: "1.0.0",
    },
    {
      template: "packages.html",
      url: "https://pypi.org/project/requests-unixsocket2/",
      title: "requests-unixsocket2",
      content: "",
      publishedDate: new Date("2025-06-04T15:16:19Z"),
      package_name: "requests-unixsocket2",
      version: "1.0.1",
    },
  ]);
});

Deno.test("pypi: links lead to each package under base_url, a mirror's path kept", () => {
  const mirror = "https://mirror.example/pypi";
  const { results } = engineHarness(pypi, {
    context: { baseUrl: mirror },
    responseUrl: `${mirror}/search/?q=requests`,
  });
  assert.deepEqual(results(fixture("pypi", "search.html")).map((result) => result.url), [
    `${mirror}/project/requests/`,
    `${mirror}/project/requests-toolbelt/`,
    `${mirror}/project/requests-unixsocket2/`,
  ]);
});

Deno.test("pypi: the no-results page is no results", () => {
  assert.deepEqual(parse(fixture("pypi", "no_results.html")).results, []);
});

Deno.test("pypi: Fastly's client challenge is a CAPTCHA", () => {
  assert.throws(() => parse(fixture("pypi", "challenge.html")), CaptchaError);
});

Deno.test("pypi: 429 is too many requests, 403 access denied", () => {
  assert.throws(() => parse("Too Many Requests", 429), TooManyRequestsError);
  assert.throws(() => parse("<html><body>Forbidden</body></html>", 403), AccessDeniedError);
});

Deno.test("pypi: a page without the package list is a parsing error", () => {
  for (const body of ["", "{}", "<html><body><main>Maintenance</main></body></html>"]) {
    assert.throws(() => parse(body), ParseError, body);
  }
});
