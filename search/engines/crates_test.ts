import assert from "node:assert/strict";
import { crates, CRATES_USER_AGENT } from "./crates.ts";
import {
  AccessDeniedError,
  HttpStatusError,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { engineContext, engineHarness, engineQuery, fixture } from "./engines_testing.ts";

const API = "https://crates.io/api/v1/crates";

const { request, parse } = engineHarness(crates, {
  query: { query: "serde", category: "it" },
  responseUrl: `${API}?q=serde&page=1&per_page=10`,
});

Deno.test("crates asks the crate search for ten crates a page, naming this service as asked", () => {
  assert.deepEqual(request(), {
    url: `${API}?q=serde&page=1&per_page=10`,
    headers: { Accept: "application/json", "User-Agent": CRATES_USER_AGENT },
  });
  assert.equal(new URL(request({ pageno: 2 }).url).searchParams.get("page"), "2");
  assert.ok(!/Mozilla|Firefox/.test(CRATES_USER_AGENT), "not a browser's");
  assert.equal(crates.request(engineQuery({ query: " " }), engineContext(crates)), null);
});

Deno.test("crates takes no key and keeps a base_url's path", () => {
  assert.ok(!JSON.stringify(request({}, { apiKey: "cio-secret" })).includes("cio-secret"));
  assert.equal(
    request({}, { baseUrl: "http://127.0.0.1:9999/crates" }).url,
    "http://127.0.0.1:9999/crates/api/v1/crates?q=serde&page=1&per_page=10",
  );
});

Deno.test("crates reads every field of its crates", () => {
  const { results } = parse(fixture("crates", "search.json"));
  assert.equal(results.length, 3, "an entry without a name is left out");
  assert.deepEqual(results[0], {
    template: "packages.html",
    url: "https://crates.io/crates/serde",
    title: "serde",
    content: "A generic serialization/deserialization framework",
    publishedDate: new Date("2026-11-12T01:02:03.456Z"),
    package_name: "serde",
    version: "1.0.228",
    homepage: "https://serde.rs/",
    source_code_url: "https://github.com/serde-rs/serde",
    tags: ["serde", "serialization", "no_std"],
    popularity: "712M downloads",
  });
  assert.deepEqual(results[1], {
    template: "packages.html",
    url: "https://crates.io/crates/serde_json",
    title: "serde_json",
    content: "A JSON serialization file format",
    publishedDate: new Date("2026-10-01T10:00:00Z"),
    package_name: "serde_json",
    version: "1.0.145",
    homepage: "https://docs.rs/serde_json",
    source_code_url: "https://github.com/serde-rs/json",
    tags: [],
    popularity: "601M downloads",
  });
  assert.deepEqual(
    [results[2].content, (results[2] as { version: unknown }).version],
    ["Only pre-releases so far", "0.1.0-alpha.2"],
  );
});

Deno.test("crates: no crates is no results", () => {
  assert.deepEqual(parse(fixture("crates", "empty.json")).results, []);
});

Deno.test("crates: 429 is too many requests, the policy's 403 access denied", () => {
  assert.throws(() => parse("Too Many Requests", 429), TooManyRequestsError);
  assert.throws(() => parse(fixture("crates", "blocked.json"), 403), AccessDeniedError);
  assert.throws(
    () => parse('{"errors":[{"detail":"Internal Server Error"}]}', 500),
    HttpStatusError,
  );
});

Deno.test("crates: an answer that is not a crate search is a parsing error", () => {
  for (const body of ["", "<html>crates.io</html>", "{}", fixture("crates", "blocked.json")]) {
    assert.throws(() => parse(body), ParseError, body);
  }
});
