import assert from "node:assert/strict";
import { createTokenStore } from "../core/token_store.ts";
import {
  AccessDeniedError,
  CaptchaError,
  EngineError,
  type EngineResults,
  HttpStatusError,
  isNextStep,
  ParseError,
  TooManyRequestsError,
  type UpstreamRequest,
  type WebResult,
} from "../core/engine.ts";
import { qwant } from "./qwant.ts";
import {
  engineContext,
  engineHarness,
  engineQuery,
  fixture,
  upstreamResponse,
} from "./engines_testing.ts";

const API = "https://api.qwant.com/v3/search";
const DATADOME_COOKIE = "datadome=3ktU~Rb0_h2mQx8nW1pLz4VfYc9sDgJe; Max-Age=31536000; " +
  "Domain=.qwant.com; Path=/; Secure; SameSite=Lax";

const { request } = engineHarness(qwant);

function param(built: UpstreamRequest, name: string): string | null {
  return new URL(built.url).searchParams.get(name);
}

function parse(
  body: string,
  { status = 200, category = "general" }: { status?: number; category?: string } = {},
): EngineResults {
  const step = qwant.parse(
    upstreamResponse(body, { status, url: `${API}/web?q=rust` }),
    engineQuery({ category }),
    engineContext(qwant),
  );
  assert.ok(!isNextStep(step));
  return step;
}

Deno.test("page 1 asks the web API with every parameter and Qwant's own headers", () => {
  assert.deepEqual(request({ query: "rust programming" }), {
    url: `${API}/web?q=rust+programming&count=10&locale=en_US&offset=0&device=desktop` +
      "&safesearch=0&tgp=1&displayed=true&llm=false",
    headers: {
      Accept: "application/json",
      Referer: "https://www.qwant.com/",
      Origin: "https://www.qwant.com",
    },
    cookies: {},
  });
});

Deno.test("later pages move the offset by ten results", () => {
  assert.equal(param(request({ pageno: 2 }), "offset"), "10");
  assert.equal(param(request({ pageno: 5 }), "offset"), "40");
});

Deno.test("languages map to Qwant locales, worldwide and unknown ones to en_US", () => {
  const cases: [string, string][] = [
    ["all", "en_US"],
    ["en", "en_US"],
    ["en-GB", "en_GB"],
    ["de", "de_DE"],
    ["de-AT", "de_AT"],
    ["fr-LU", "fr_FR"],
    ["pt-BR", "pt_BR"],
    ["pt-PT", "pt_PT"],
    ["sw", "en_US"],
  ];
  for (const [language, locale] of cases) {
    assert.equal(param(request({ language }), "locale"), locale, language);
  }
});

Deno.test("safesearch levels are passed through as 0, 1 and 2", () => {
  for (const safesearch of [0, 1, 2] as const) {
    assert.equal(param(request({ safesearch }), "safesearch"), String(safesearch));
  }
});

Deno.test("the news category asks the news API", () => {
  assert.ok(request({ category: "news" }).url.startsWith(`${API}/news?q=`));
});

Deno.test("base_url replaces Qwant's API origin and keeps the path", () => {
  assert.ok(
    request({}, { baseUrl: "http://127.0.0.1:7777" }).url.startsWith(
      "http://127.0.0.1:7777/v3/search/web?q=rust+programming&count=10",
    ),
  );
});

Deno.test("a DataDome cookie from any answer is kept for an hour and sent with later requests", () => {
  let clock = 5_000_000;
  const context = engineContext(qwant, { tokens: createTokenStore({ now: () => clock }) });
  const wall = upstreamResponse(fixture("qwant", "datadome.json"), {
    status: 403,
    headers: { "set-cookie": DATADOME_COOKIE },
  });
  assert.throws(() => qwant.parse(wall, engineQuery(), context), CaptchaError);
  assert.deepEqual(qwant.request(engineQuery(), context)?.cookies, {
    datadome: "3ktU~Rb0_h2mQx8nW1pLz4VfYc9sDgJe",
  });
  clock += 60 * 60 * 1000;
  assert.deepEqual(qwant.request(engineQuery(), context)?.cookies, {});
});

Deno.test("web results come from the mainline rows, ads skipped", () => {
  const { results } = parse(fixture("qwant", "web.json"));
  assert.equal(results.length, 10);
  assert.deepEqual(results[0], {
    url: "https://www.rust-lang.org/",
    title: "Rust Programming Language",
    content: "A language empowering everyone to build reliable and efficient software.",
  });
  assert.deepEqual(results[1].publishedDate, new Date("2025-11-01T00:00:00Z"));
  assert.equal(
    results[2].content,
    "This version of the text assumes you're using Rust 1.90.0 or later.",
  );
  assert.equal(results[4].title, "Rust (langage) — Wikipédia");
  assert.equal(results[9].url, "https://www.youtube.com/watch?v=5C_HPTJg5ek");
  assert.ok(results.every((r) => !r.url.includes("bing.com/aclick")));
});

Deno.test("page 2 of the web API is parsed the same way", () => {
  const { results } = parse(fixture("qwant", "web_page2.json"));
  assert.equal(results.length, 8);
  assert.equal(results[0].url, "https://www.rust-lang.org/learn");
  assert.equal(results[6].title, "Rust (Programmiersprache) – Wikipedia");
});

Deno.test("news results carry their date and picture", () => {
  const { results } = parse(fixture("qwant", "news.json"), { category: "news" });
  assert.equal(results.length, 3);
  assert.deepEqual(results[0], {
    url: "https://www.theverge.com/2026/11/20/rust-foundation-grant",
    title: "Rust Foundation announces new security grants",
    content: "The Rust Foundation is funding audits of widely used crates.",
    publishedDate: new Date(1763640000 * 1000),
    thumbnail: "https://s1.qwant.com/thumbr/474x266/f/3/rust-grant.jpg",
  });
  assert.equal((results[1] as WebResult).thumbnail, undefined);
  assert.equal(results[2].publishedDate, undefined);
});

Deno.test("a successful answer with an empty mainline is an empty answer", () => {
  assert.deepEqual(parse(fixture("qwant", "no_results.json")).results, []);
});

Deno.test("DataDome's 403 with a captcha URL is a CAPTCHA", () => {
  assert.throws(() => parse(fixture("qwant", "datadome.json"), { status: 403 }), CaptchaError);
});

Deno.test("Qwant's error code 24 means too many requests, whatever the status", () => {
  for (const status of [200, 429]) {
    assert.throws(
      () => parse(fixture("qwant", "rate_limited.json"), { status }),
      TooManyRequestsError,
    );
  }
});

Deno.test("an error answer pointing at Qwant's captcha is a CAPTCHA", () => {
  assert.throws(() => parse(fixture("qwant", "captcha_error.json")), CaptchaError);
});

Deno.test("other error codes are a parse error naming the code", () => {
  assert.throws(() => parse(fixture("qwant", "other_error.json")), (error) => {
    assert.ok(error instanceof ParseError);
    assert.match(error.message, /error code 22/);
    return true;
  });
});

Deno.test("HTTP errors without a Qwant answer map like the caller would map them", () => {
  const html = "<html><body><h1>Forbidden</h1></body></html>";
  assert.throws(() => parse(html, { status: 403 }), AccessDeniedError);
  assert.throws(() => parse("Too Many Requests", { status: 429 }), TooManyRequestsError);
  assert.throws(() => parse("<h1>502 Bad Gateway</h1>", { status: 502 }), (error) => {
    assert.ok(error instanceof HttpStatusError);
    assert.equal(error.status, 502);
    return true;
  });
});

Deno.test("an answer that is neither results nor an error is a parse error", () => {
  assert.throws(() => parse("<html><body>Maintenance</body></html>"), ParseError);
  assert.throws(() => parse('{"status":"success","data":{"result":{}}}'), ParseError);
  // A web answer is not a news answer.
  assert.throws(() => parse(fixture("qwant", "web.json"), { category: "news" }), ParseError);
});

Deno.test("garbage and truncated answers only ever raise engine errors", () => {
  const web = fixture("qwant", "web.json");
  const bodies = [
    "",
    "\u0000\u00ff\ufffd{",
    web.slice(0, web.length / 2),
    "null",
    "[]",
    '{"status":"success","data":{"result":{"items":{"mainline":[{"type":"web","items":[null,1,' +
    '{"title":"x","url":"javascript:alert(1)"},{"title":5,"url":"https://a.example/"}]}]}}}}',
  ];
  for (const body of bodies) {
    for (const status of [200, 403, 500]) {
      try {
        assert.deepEqual(parse(body, { status }).results, []);
      } catch (error) {
        assert.ok(error instanceof EngineError, String(error));
      }
    }
  }
});

Deno.test("autocomplete asks the suggest API in the query's locale and reads the values", () => {
  const autocomplete = qwant.autocomplete;
  assert.ok(autocomplete);
  const built = autocomplete.request("rust progr", "de-DE", engineContext(qwant));
  assert.equal(built.url, "https://api.qwant.com/v3/suggest?q=rust+progr&locale=de_DE");
  assert.equal(built.headers?.Accept, "application/json");
  assert.deepEqual(autocomplete.parse(upstreamResponse(fixture("qwant", "suggest.json"))), [
    "rust programming language",
    "rust programming book",
    "rust programming for beginners",
    "rust programmiersprache",
  ]);
  assert.throws(
    () => autocomplete.parse(upstreamResponse(fixture("qwant", "rate_limited.json"))),
    TooManyRequestsError,
  );
});

Deno.test("a date no Date can hold is left out, the result kept", () => {
  const body = JSON.stringify({
    status: "success",
    data: {
      result: {
        items: {
          mainline: [{
            type: "web",
            items: [{ title: "Far future", url: "https://example.org/", desc: "", date: 1e300 }],
          }],
        },
      },
    },
  });
  assert.deepEqual(parse(body).results, [
    { url: "https://example.org/", title: "Far future", content: "" },
  ]);
});
