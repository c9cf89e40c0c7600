import assert from "node:assert/strict";
import { duckduckgo } from "./duckduckgo.ts";
import { CaptchaError, EngineError, isNextStep, ParseError } from "../core/engine.ts";
import {
  engineContext,
  engineQuery,
  fixture,
  runEngine,
  upstreamResponse,
} from "./engines_testing.ts";
import { createTokenStore } from "../core/token_store.ts";

const page1 = fixture("duckduckgo", "page1.html");
const page2 = fixture("duckduckgo", "page2.html");
const PAGE1_VQD = "4-279103864872364520438019271348105843";
const PAGE2_VQD = "4-311417232934598710342987771019182476";

const browserHeaders = (endpoint: string) => ({
  "Sec-Fetch-Dest": "document",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Site": "same-origin",
  "Sec-Fetch-User": "?1",
  Referer: endpoint,
});

function parsePage(body: string, overrides = {}) {
  const step = duckduckgo.parse(
    upstreamResponse(body),
    engineQuery(overrides),
    engineContext(duckduckgo),
  );
  assert.ok(!isNextStep(step));
  return step;
}

Deno.test("page 1 is a form POST to /html/ with an empty b, worldwide region and no cookies", () => {
  const request = duckduckgo.request(engineQuery(), engineContext(duckduckgo));
  assert.deepEqual(request, {
    url: "https://html.duckduckgo.com/html/",
    method: "POST",
    headers: browserHeaders("https://html.duckduckgo.com/html/"),
    form: { q: "rust programming", kl: "wt-wt", kp: "-2", b: "" },
    cookies: {},
  });
});

Deno.test("a language sets DDG's region code in the form and in the kl cookie", () => {
  const cases = { de: "de-de", "en-US": "us-en", "en-GB": "uk-en", "zh-TW": "tw-tzh", ja: "jp-jp" };
  for (const [language, kl] of Object.entries(cases)) {
    const request = duckduckgo.request(engineQuery({ language }), engineContext(duckduckgo));
    assert.equal(request?.form?.kl, kl, language);
    assert.deepEqual(request?.cookies, { kl }, language);
  }
});

Deno.test("safesearch levels map to kp: off -2, moderate -1, strict 1", () => {
  const kp = ([0, 1, 2] as const).map((safesearch) =>
    duckduckgo.request(engineQuery({ safesearch }), engineContext(duckduckgo))?.form?.kp
  );
  assert.deepEqual(kp, ["-2", "-1", "1"]);
});

Deno.test("a time range sets df in the form and in a cookie", () => {
  const request = duckduckgo.request(
    engineQuery({ timeRange: "month", language: "de" }),
    engineContext(duckduckgo),
  );
  assert.equal(request?.form?.df, "m");
  assert.deepEqual(request?.cookies, { kl: "de-de", df: "m" });
  const week = duckduckgo.request(engineQuery({ timeRange: "week" }), engineContext(duckduckgo));
  assert.equal(week?.form?.df, "w");
});

Deno.test("base_url replaces the origin and keeps the /html/ path, also over http", () => {
  const context = engineContext(duckduckgo, { baseUrl: "http://127.0.0.1:8181/ddg" });
  const request = duckduckgo.request(engineQuery(), context);
  assert.equal(request?.url, "http://127.0.0.1:8181/ddg/html/");
  assert.equal(request?.headers?.Referer, "http://127.0.0.1:8181/ddg/html/");
});

Deno.test("queries of 500 characters or more are not sent", () => {
  const context = engineContext(duckduckgo);
  assert.notEqual(duckduckgo.request(engineQuery({ query: "a".repeat(499) }), context), null);
  assert.equal(duckduckgo.request(engineQuery({ query: "a".repeat(500) }), context), null);
});

Deno.test("page 1 results are read from div#links with the ad skipped", () => {
  const { results } = parsePage(page1);
  assert.equal(results.length, 9);
  assert.deepEqual(results[0], {
    url: "https://www.rust-lang.org/",
    title: "Rust Programming Language",
    content: "A language empowering everyone to build reliable and efficient software.",
  });
  assert.ok(results.every((result) => !result.url.includes("duckduckgo.com")));
  assert.ok(!results.some((result) => result.title.startsWith("RustRover")));
});

Deno.test("redirector links are decoded to the real target", () => {
  const { results } = parsePage(page1);
  assert.deepEqual(results[1], {
    url: "https://doc.rust-lang.org/book/",
    title: "The Rust Programming Language - The Rust Programming Language",
    content:
      "by Steve Klabnik, Carol Nichols, and Chris Krycek. This version of the text assumes you're using Rust 1.85.0.",
  });
});

Deno.test("HTML entities and non-ASCII titles come out as plain text", () => {
  const { results } = parsePage(page1);
  assert.equal(
    results[3].title,
    "GitHub - rust-lang/rust: Empowering everyone to build reliable & efficient software.",
  );
  assert.equal(results[4].title, "Rust (Programmiersprache) – Wikipedia");
  assert.equal(results[4].url, "https://de.wikipedia.org/wiki/Rust_(Programmiersprache)");
});

Deno.test("the instant answer becomes an answer with its link", () => {
  assert.deepEqual(parsePage(page1).answers, [{
    answer:
      "Rust is a general-purpose programming language emphasizing performance, type safety, and concurrency. More at Wikipedia",
    url: "https://en.wikipedia.org/wiki/Rust_(programming_language)",
  }]);
});

Deno.test("an instant answer that echoes the requester's IP is dropped", () => {
  const body = page1.replace(
    "Rust is a general-purpose programming language emphasizing performance, type safety, and concurrency.\n",
    "Your IP address is 203.0.113.7 in Frankfurt, Germany\n",
  );
  assert.deepEqual(parsePage(body).answers, []);
});

Deno.test("page 2 with a cached vqd posts the next-page form", () => {
  const context = engineContext(duckduckgo);
  context.tokens.set("vqd:wt-wt:rust programming", PAGE1_VQD, 60_000);
  const request = duckduckgo.request(engineQuery({ pageno: 2 }), context);
  assert.deepEqual(request, {
    url: "https://html.duckduckgo.com/html/",
    method: "POST",
    headers: browserHeaders("https://html.duckduckgo.com/html/"),
    form: {
      q: "rust programming",
      kl: "wt-wt",
      kp: "-2",
      nextParams: "",
      api: "d.js",
      o: "json",
      v: "l",
      s: "10",
      dc: "11",
      vqd: PAGE1_VQD,
    },
    cookies: {},
  });
});

Deno.test("page 3 starts 15 results after page 2", () => {
  const context = engineContext(duckduckgo);
  context.tokens.set("vqd:wt-wt:rust programming", PAGE2_VQD, 60_000);
  const form = duckduckgo.request(engineQuery({ pageno: 3 }), context)?.form;
  assert.equal(form?.s, "25");
  assert.equal(form?.dc, "26");
});

Deno.test("page 2 without a cached vqd fetches page 1 for the token, then page 2", () => {
  const context = engineContext(duckduckgo);
  const { results, requests } = runEngine(
    duckduckgo,
    engineQuery({ pageno: 2 }),
    context,
    (_request, step) => upstreamResponse(step === 0 ? page1 : page2),
  );
  assert.equal(requests.length, 2);
  assert.equal(requests[0].form?.b, "");
  assert.equal(requests[0].form?.vqd, undefined);
  assert.equal(requests[1].form?.vqd, PAGE1_VQD);
  assert.equal(requests[1].form?.s, "10");
  assert.equal(results?.results.length, 6);
  assert.equal(results?.results[0].url, "https://blog.rust-lang.org/");
  assert.equal(
    results?.results[2].url,
    "https://www.geeksforgeeks.org/introduction-to-rust-programming-language/",
  );
  assert.equal(results?.results[5].title, "Rust (プログラミング言語) - Wikipedia");
});

Deno.test("two searches for page 2 at once each get page 2, though they share the vqd cache", () => {
  const tokens = createTokenStore();
  const query = engineQuery({ pageno: 2 });
  const searches = [engineContext(duckduckgo, { tokens }), engineContext(duckduckgo, { tokens })];
  // Both send page 1's form before either answer is back: no vqd is cached yet.
  const first = searches.map((context) => duckduckgo.request(query, context));
  assert.deepEqual(first.map((request) => request?.form?.vqd), [undefined, undefined]);
  // The first answer caches a vqd; the second search must still read its answer as a token page.
  const steps = searches.map((context) =>
    duckduckgo.parse(upstreamResponse(page1), query, context)
  );
  const next = steps.map((step) => {
    assert.ok(isNextStep(step), "a token page leads to page 2's request");
    return step.next;
  });
  assert.deepEqual(next.map((request) => request.form?.vqd), [PAGE1_VQD, PAGE1_VQD]);
  for (const context of searches) {
    const page = duckduckgo.parse(upstreamResponse(page2), query, context);
    assert.ok(!isNextStep(page));
    assert.equal(page.results[0].url, "https://blog.rust-lang.org/");
  }
});

Deno.test("every results page refreshes the cached vqd", () => {
  const context = engineContext(duckduckgo);
  duckduckgo.parse(upstreamResponse(page1), engineQuery(), context);
  assert.equal(context.tokens.get("vqd:wt-wt:rust programming"), PAGE1_VQD);
  duckduckgo.parse(upstreamResponse(page2), engineQuery({ pageno: 2 }), context);
  assert.equal(context.tokens.get("vqd:wt-wt:rust programming"), PAGE2_VQD);
});

Deno.test("the vqd is cached per region", () => {
  const context = engineContext(duckduckgo);
  duckduckgo.parse(upstreamResponse(page1), engineQuery({ language: "de" }), context);
  assert.equal(context.tokens.get("vqd:de-de:rust programming"), PAGE1_VQD);
  assert.equal(context.tokens.get("vqd:wt-wt:rust programming"), undefined);
});

Deno.test("a token page without a vqd is a parse error", () => {
  const withoutVqd = page1.replace(/<input type="hidden" name="vqd"[^>]*>/g, "");
  assert.throws(
    () =>
      runEngine(
        duckduckgo,
        engineQuery({ pageno: 2 }),
        engineContext(duckduckgo),
        () => upstreamResponse(withoutVqd),
      ),
    (error) => error instanceof ParseError && error.message.includes("no vqd token"),
  );
});

Deno.test("a token page without results ends the search with no results", () => {
  const { results, requests } = runEngine(
    duckduckgo,
    engineQuery({ pageno: 2 }),
    engineContext(duckduckgo),
    () => upstreamResponse(fixture("duckduckgo", "no_results.html")),
  );
  assert.equal(requests.length, 1);
  assert.deepEqual(results?.results, []);
});

Deno.test("Chinese regions ask for no page 2", () => {
  const context = engineContext(duckduckgo);
  context.tokens.set("vqd:cn-zh:rust programming", PAGE1_VQD, 60_000);
  assert.equal(duckduckgo.request(engineQuery({ pageno: 2, language: "zh" }), context), null);
  assert.notEqual(duckduckgo.request(engineQuery({ language: "zh" }), context), null);
});

Deno.test("a 303 answer means no results", () => {
  const step = duckduckgo.parse(
    upstreamResponse("", { status: 303, headers: { location: "https://duckduckgo.com/" } }),
    engineQuery(),
    engineContext(duckduckgo),
  );
  assert.deepEqual(step, {
    results: [],
    suggestions: [],
    corrections: [],
    answers: [],
    infoboxes: [],
  });
});

Deno.test("the no-results page gives empty results", () => {
  const results = parsePage(fixture("duckduckgo", "no_results.html"));
  assert.deepEqual(results.results, []);
  assert.deepEqual(results.answers, []);
});

Deno.test("the bot challenge page throws CaptchaError", () => {
  const challenge = fixture("duckduckgo", "challenge.html");
  const parse = (body: string) =>
    duckduckgo.parse(upstreamResponse(body), engineQuery(), engineContext(duckduckgo));
  assert.throws(() => parse(challenge), CaptchaError);
  const modalOnly = challenge.replace('id="challenge-form"', 'id="anomaly-form"');
  assert.throws(() => parse(modalOnly), CaptchaError);
});

Deno.test("a page without a result list throws ParseError", () => {
  const body = "<html><head><title>DuckDuckGo</title></head><body><p>Moved</p></body></html>";
  assert.throws(
    () => duckduckgo.parse(upstreamResponse(body), engineQuery(), engineContext(duckduckgo)),
    ParseError,
  );
});

Deno.test("garbage answers never throw anything but an EngineError", () => {
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
  const bodies = [
    "",
    new TextDecoder().decode(bytes),
    page1.slice(0, page1.length / 2),
    page1.slice(0, page1.indexOf('name="vqd"')),
    '<div id="links"><div class="web-result"><h2><a href="http://[::1">x</a></h2></div></div>',
    '<div id="links"><div class="web-result"><h2><a href="//duckduckgo.com/l/?uddg=%E0%A4%A">x</a>',
  ];
  for (const pageno of [1, 2]) {
    for (const body of bodies) {
      try {
        duckduckgo.parse(
          upstreamResponse(body),
          engineQuery({ pageno }),
          engineContext(duckduckgo),
        );
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});

Deno.test("autocomplete asks /ac/ for a list in the region of the language", () => {
  const context = engineContext(duckduckgo, { baseUrl: "https://duckduckgo.com" });
  assert.equal(duckduckgo.autocomplete?.defaultBaseUrl, "https://duckduckgo.com");
  assert.deepEqual(duckduckgo.autocomplete?.request("rust lang", "en-GB", context), {
    url: "https://duckduckgo.com/ac/?q=rust+lang&type=list&kl=uk-en",
  });
  assert.deepEqual(duckduckgo.autocomplete?.request("rust", "all", context), {
    url: "https://duckduckgo.com/ac/?q=rust&type=list&kl=wt-wt",
  });
});

Deno.test("autocomplete reads the list answer and the older phrase objects", () => {
  const parse = (body: string) => duckduckgo.autocomplete!.parse(upstreamResponse(body));
  assert.deepEqual(parse('["rust", ["rust lang", "rust game"]]'), ["rust lang", "rust game"]);
  assert.deepEqual(parse('[{"phrase":"rustup"}]'), ["rustup"]);
  assert.throws(() => parse("<html>"), ParseError);
});
