import assert from "node:assert/strict";
import { createTokenStore } from "../core/token_store.ts";
import {
  CaptchaError,
  EngineError,
  type EngineQuery,
  type EngineResults,
  isNextStep,
  ParseError,
  type UpstreamRequest,
  type WebResult,
} from "../core/engine.ts";
import { startpage } from "./startpage.ts";
import {
  engineContext,
  engineQuery,
  fixture,
  runEngine,
  upstreamResponse,
} from "./engines_testing.ts";

const SEARCH_URL = "https://www.startpage.com/sp/search";
const TOKEN = "Mn4TeX6pNz4B20";

function contextWithToken(overrides = {}) {
  const context = engineContext(startpage, overrides);
  context.tokens.set("sc", TOKEN, 60_000);
  return context;
}

function searchRequest(query: Partial<EngineQuery>, baseUrl?: string): UpstreamRequest {
  const request = startpage.request(
    engineQuery(query),
    contextWithToken(baseUrl ? { baseUrl } : {}),
  );
  assert.ok(request);
  return request;
}

function parseResults(body: string, query: Partial<EngineQuery> = {}): EngineResults {
  const step = startpage.parse(
    upstreamResponse(body, { url: SEARCH_URL }),
    engineQuery(query),
    contextWithToken(),
  );
  assert.ok(!isNextStep(step));
  return step;
}

function preferences(fields: Record<string, string>): string {
  return Object.entries({
    date_time: "world",
    disable_family_filter: "1",
    disable_open_in_new_window: "0",
    enable_post_method: "1",
    enable_proxy_safety_suggest: "1",
    enable_stay_control: "1",
    instant_answers: "1",
    lang_homepage: "s/device/en/",
    num_of_results: "10",
    suggestions: "1",
    wt_unit: "celsius",
    language: "english",
    language_ui: "english",
    search_results_region: "all",
    ...fields,
  }).map(([key, value]) => `${key}EEE${value}`).join("N1N");
}

Deno.test("without a cached sc token the first request fetches the home page", () => {
  const request = startpage.request(engineQuery(), engineContext(startpage));
  assert.deepEqual(request, { url: "https://www.startpage.com/" });
});

Deno.test("the search form's sc token is cached for an hour and the search is posted with it", () => {
  let clock = 1_000_000;
  const tokens = createTokenStore({ now: () => clock });
  const context = engineContext(startpage, { tokens });
  const step = startpage.parse(
    upstreamResponse(fixture("startpage", "home.html"), { url: "https://www.startpage.com/" }),
    engineQuery(),
    context,
  );
  assert.ok(isNextStep(step));
  assert.equal(step.next.method, "POST");
  assert.equal(step.next.url, SEARCH_URL);
  // The newsletter form's decoy value is not the search token.
  assert.equal(step.next.form?.sc, TOKEN);
  assert.equal(tokens.get("sc"), TOKEN);
  clock += 60 * 60 * 1000 - 1;
  assert.equal(startpage.request(engineQuery(), context)?.method, "POST");
  clock += 1;
  assert.equal(tokens.get("sc"), undefined);
  assert.deepEqual(startpage.request(engineQuery(), context), {
    url: "https://www.startpage.com/",
  });
});

Deno.test("page 1 posts Startpage's search form with Origin, Referer and the preferences cookie", () => {
  assert.deepEqual(searchRequest({ query: "rust programming" }), {
    url: SEARCH_URL,
    method: "POST",
    form: {
      query: "rust programming",
      cat: "web",
      t: "device",
      sc: TOKEN,
      with_date: "",
      abd: "1",
      abe: "1",
      qsr: "all",
      qadf: "none",
      language: "english",
      lui: "english",
    },
    headers: { Origin: "https://www.startpage.com", Referer: "https://www.startpage.com/" },
    cookies: { preferences: preferences({}) },
  });
});

Deno.test("page 2 adds the page number and Startpage's paging segment", () => {
  const form = searchRequest({ pageno: 2 }).form;
  assert.equal(form?.page, "2");
  assert.equal(form?.segment, "startpage.udog");
  assert.equal(searchRequest({ pageno: 1 }).form?.page, undefined);
  assert.equal(searchRequest({ pageno: 1 }).form?.segment, undefined);
});

Deno.test("languages map to Startpage's language names and result regions", () => {
  const cases: [string, string, string][] = [
    ["all", "english", "all"],
    ["de", "deutsch", "de_DE"],
    ["de-CH", "deutsch", "de_CH"],
    ["en-GB", "english", "en-GB_GB"],
    ["fr-CA", "francais", "all"],
    ["zh-CN", "jiantizhongwen", "zh-CN_CN"],
    ["zh-TW", "fantizhengwen", "zh-TW_TW"],
    ["ja", "nihongo", "ja_JP"],
    ["sw", "english", "all"],
  ];
  for (const [tag, language, region] of cases) {
    const request = searchRequest({ language: tag });
    assert.equal(request.form?.language, language, tag);
    assert.equal(request.form?.lui, language, tag);
    assert.equal(
      request.cookies?.preferences,
      preferences({ language, language_ui: language, search_results_region: region }),
      tag,
    );
  }
});

Deno.test("safesearch levels map to the family filter in the form and the cookie", () => {
  const levels = [[0, "none", "1"], [1, "moderate", "0"], [2, "heavy", "0"]] as const;
  for (const [safesearch, qadf, disabled] of levels) {
    const request = searchRequest({ safesearch });
    assert.equal(request.form?.qadf, qadf);
    assert.equal(request.cookies?.preferences, preferences({ disable_family_filter: disabled }));
  }
});

Deno.test("time ranges map to with_date and the news category to cat=news", () => {
  assert.equal(searchRequest({ timeRange: "day" }).form?.with_date, "d");
  assert.equal(searchRequest({ timeRange: "week" }).form?.with_date, "w");
  assert.equal(searchRequest({ timeRange: "month" }).form?.with_date, "m");
  assert.equal(searchRequest({ timeRange: "year" }).form?.with_date, "y");
  assert.equal(searchRequest({ category: "news" }).form?.cat, "news");
});

Deno.test("base_url replaces Startpage's origin and keeps the module's paths", () => {
  const base = "http://127.0.0.1:8888";
  assert.deepEqual(startpage.request(engineQuery(), engineContext(startpage, { baseUrl: base })), {
    url: "http://127.0.0.1:8888/",
  });
  const request = searchRequest({}, base);
  assert.equal(request.url, "http://127.0.0.1:8888/sp/search");
  assert.deepEqual(request.headers, {
    Origin: "http://127.0.0.1:8888",
    Referer: "http://127.0.0.1:8888/",
  });
  const prefixed = searchRequest({}, "http://127.0.0.1:8888/startpage");
  assert.equal(prefixed.url, "http://127.0.0.1:8888/startpage/sp/search");
  assert.equal(prefixed.headers?.Origin, "http://127.0.0.1:8888");
});

Deno.test("a search without a token fetches the home page, then posts the form and parses results", () => {
  const { results, requests } = runEngine(
    startpage,
    engineQuery(),
    engineContext(startpage),
    (request) =>
      request.method === "POST"
        ? upstreamResponse(fixture("startpage", "results_web.html"), { url: request.url })
        : upstreamResponse(fixture("startpage", "home.html"), { url: request.url }),
  );
  assert.deepEqual(requests.map((r) => [r.method ?? "GET", r.url]), [
    ["GET", "https://www.startpage.com/"],
    ["POST", SEARCH_URL],
  ]);
  assert.equal(results?.results.length, 10);
});

Deno.test("web results are read from the page's props, with HTML stripped and ads skipped", () => {
  const { results } = parseResults(fixture("startpage", "results_web.html"));
  assert.equal(results.length, 10);
  assert.deepEqual(results[0], {
    url: "https://www.rust-lang.org/",
    title: "Rust Programming Language",
    content: "A language empowering everyone to build reliable and efficient software.",
  });
  assert.equal(results[4].title, "Rust (langage) — Wikipédia");
  assert.equal(results[4].url, "https://fr.wikipedia.org/wiki/Rust_(langage)");
  assert.equal(results[5].title, "Rust & WebAssembly");
  assert.ok(results.every((r) => !r.url.includes("googleadservices")));
  assert.ok(results.every((r) => !("publishedDate" in r) || r.publishedDate instanceof Date));
});

Deno.test("a date in front of a snippet becomes publishedDate and leaves the snippet", () => {
  const { results } = parseResults(fixture("startpage", "results_web.html"));
  const reddit = results[6];
  // A brace between escaped quotes inside a JSON string is not part of the props' structure.
  assert.equal(
    reddit.content,
    'Rust 1.95 is out with let chains in "match" guards. rustc says: expected "{", found "=>"',
  );
  assert.deepEqual(reddit.publishedDate, new Date("2026-11-16T12:00:00Z"));
  assert.equal(reddit.publishedDatePrecision, "day");
  const blog = results[7];
  assert.equal(
    blog.content,
    "Rust has been Stack Overflow's most loved language for four years in a row.",
  );
  assert.deepEqual(blog.publishedDate, new Date("2020-01-20T00:00:00Z"));
  assert.equal(blog.publishedDatePrecision, undefined);
  assert.equal(results[0].publishedDate, undefined);
  // An ellipsis after something that is not a date is part of the snippet.
  assert.ok(results[3].content.startsWith("Empowering everyone ... This is the main source"));
  assert.equal(results[3].publishedDate, undefined);
});

Deno.test("page 2 of Startpage's results is parsed the same way", () => {
  const { results } = parseResults(fixture("startpage", "results_web_page2.html"));
  assert.equal(results.length, 8);
  assert.equal(results[0].url, "https://www.rust-lang.org/learn");
  assert.equal(results[6].title, "Rust (Programmiersprache) – Wikipedia");
  assert.deepEqual(results[2].publishedDate, new Date("2025-07-12T00:00:00Z"));
});

Deno.test("news results carry their date and a thumbnail through Startpage's image proxy", () => {
  const { results } = parseResults(fixture("startpage", "results_news.html"), {
    category: "news",
  });
  assert.equal(results.length, 3);
  assert.deepEqual(results[0], {
    url: "https://www.theverge.com/2026/11/20/rust-foundation-grant",
    title: "Rust Foundation announces new security grants",
    content: "The Rust Foundation is funding audits of widely used crates.",
    publishedDate: new Date(1763640000000),
    thumbnail:
      "https://www.startpage.com/av/proxy-image?piurl=https%3A%2F%2Fwww.bing.com%2Fth%3Fid%3DOVFT.abc123&sp=1763640001Tf00d",
  });
  assert.equal(results[1].title, "Rust 1.95 erschienen: Neue Funktionen für Entwickler");
  assert.equal((results[1] as WebResult).thumbnail, undefined);
  assert.equal(
    results[2].content,
    'A long discussion on the mailing list about "Rust-only" subsystems.',
  );
  assert.equal(results[2].publishedDate, undefined);
});

Deno.test("a web results page is not read as news (the props component differs)", () => {
  assert.throws(
    () => parseResults(fixture("startpage", "results_web.html"), { category: "news" }),
    ParseError,
  );
});

Deno.test("a results page with an empty mainline is an empty answer", () => {
  assert.deepEqual(parseResults(fixture("startpage", "no_results.html")).results, []);
});

Deno.test("a redirect to /sp/captcha is a CAPTCHA and drops the cached token", () => {
  const context = contextWithToken();
  const captcha = upstreamResponse(fixture("startpage", "captcha.html"), {
    url: "https://www.startpage.com/sp/captcha?return=%2Fsp%2Fsearch",
  });
  assert.throws(() => startpage.parse(captcha, engineQuery(), context), CaptchaError);
  assert.equal(context.tokens.get("sc"), undefined);
});

Deno.test("a home page without the search form's token is a CAPTCHA", () => {
  const page = fixture("startpage", "home.html").replace(/<input[^>]*value="Mn4TeX6pNz4B20">/, "");
  const home = upstreamResponse(page, { url: "https://www.startpage.com/" });
  assert.throws(() => startpage.parse(home, engineQuery(), engineContext(startpage)), CaptchaError);
});

Deno.test("a captcha form in place of results means the token was rejected: CAPTCHA, token dropped", () => {
  const context = contextWithToken();
  const page = upstreamResponse(fixture("startpage", "captcha.html"), { url: SEARCH_URL });
  assert.throws(() => startpage.parse(page, engineQuery(), context), CaptchaError);
  assert.equal(context.tokens.get("sc"), undefined);
});

Deno.test("a results URL answered with an unknown page is a parse error", () => {
  assert.throws(() => parseResults(fixture("startpage", "home.html")), ParseError);
  const renamed = fixture("startpage", "results_web.html").replace("regions", "areas");
  assert.throws(() => parseResults(renamed), ParseError);
});

Deno.test("garbage and truncated pages only ever raise engine errors", () => {
  const page = fixture("startpage", "results_web.html");
  const bodies = [
    "",
    '\u0000\u00ff\ufffd{{{}}}"\\',
    page.slice(0, page.indexOf("AppSerpWeb") + 400),
    page.slice(0, page.length / 2),
    'React.createElement(UIStartpage.AppSerpWeb, {"render": "\\',
    'React.createElement(UIStartpage.AppSerpWeb, {"render": {"presenter": {"regions": {"mainline": [{"display_type": "web-google", "results": [null, 1, {"clickUrl": "javascript:alert(1)", "title": "x"}]}]}}}})',
  ];
  for (const body of bodies) {
    for (const url of [SEARCH_URL, "https://www.startpage.com/"]) {
      try {
        const step = startpage.parse(
          upstreamResponse(body, { url }),
          engineQuery(),
          contextWithToken(),
        );
        if (!isNextStep(step)) assert.deepEqual(step.results, []);
      } catch (error) {
        assert.ok(error instanceof EngineError, String(error));
      }
    }
  }
});

Deno.test("a news date no Date can hold is left out, the result kept", () => {
  const props = {
    render: {
      presenter: {
        regions: {
          mainline: [{
            display_type: "news-bing",
            results: [{ clickUrl: "https://example.org/", title: "Far future", date: 1e300 }],
          }],
        },
      },
    },
  };
  const page = `<script>React.createElement(UIStartpage.AppSerpNews, ${
    JSON.stringify(props)
  });</script>`;
  assert.deepEqual(parseResults(page, { category: "news" }).results, [
    { url: "https://example.org/", title: "Far future", content: "" },
  ]);
});
