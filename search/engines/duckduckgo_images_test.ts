// Fixtures (tests/fixtures/search/duckduckgo_images/): token_page.html stands for duckduckgo.com's
// search page for "rust" on the image tab (/?q=rust&iar=images&t=h_), trimmed to its shell and the
// scripts that carry the vqd; images.json for the /i.js answer its image tab then loads (two good
// images, one inline data: image, one with a zero width, one without a page); no_results.json for
// i.js finding nothing; challenge.html for DDG's bot challenge in place of the search page.
import assert from "node:assert/strict";
import { duckduckgoImages } from "./duckduckgo_images.ts";
import {
  AccessDeniedError,
  CaptchaError,
  EngineError,
  type EngineQuery,
  isNextStep,
  ParseError,
  TooManyRequestsError,
  type UpstreamResponse,
} from "../core/engine.ts";
import {
  engineContext,
  engineQuery,
  fixture,
  runEngine,
  upstreamResponse,
} from "./engines_testing.ts";

const VQD = "4-218427306175839207125409871436650213";
const tokenPage = fixture("duckduckgo_images", "token_page.html");
const images = fixture("duckduckgo_images", "images.json");

const query = (overrides: Partial<EngineQuery> = {}) =>
  engineQuery({ query: "rust", category: "images", ...overrides });

function contextWithVqd(overrides: Partial<EngineQuery> = {}, baseUrl?: string) {
  const context = engineContext(duckduckgoImages, baseUrl ? { baseUrl } : {});
  const region = overrides.language === "de" ? "de-de" : "wt-wt";
  context.tokens.set(`vqd:${region}:rust`, VQD, 60_000);
  return context;
}

function imagesParams(overrides: Partial<EngineQuery> = {}): URLSearchParams {
  const request = duckduckgoImages.request(query(overrides), contextWithVqd(overrides));
  return new URL(request!.url).searchParams;
}

function json(body: string, status = 200): UpstreamResponse {
  return upstreamResponse(body, {
    status,
    url: "https://duckduckgo.com/i.js",
    headers: { "content-type": "application/json; charset=UTF-8" },
  });
}

function parseImages(body: string) {
  const step = duckduckgoImages.parse(json(body), query(), contextWithVqd());
  assert.ok(!isNextStep(step));
  return step.results;
}

Deno.test("duckduckgo images: without a cached vqd the search page is asked for first, then i.js", () => {
  const context = engineContext(duckduckgoImages);
  const { results, requests } = runEngine(
    duckduckgoImages,
    query(),
    context,
    (_request, step) => step === 0 ? upstreamResponse(tokenPage) : json(images),
  );
  assert.deepEqual(requests[0], { url: "https://duckduckgo.com/?q=rust&iar=images&t=h_" });
  assert.deepEqual(requests[1], {
    url:
      `https://duckduckgo.com/i.js?o=json&q=rust&l=wt-wt&vqd=${VQD}&p=-2&u=bing&bpia=1&a=h_&ct=EN`,
    headers: {
      Accept: "application/json, text/javascript, */*; q=0.01",
      Referer: "https://duckduckgo.com/",
      "Sec-Fetch-Dest": "empty",
      "Sec-Fetch-Mode": "cors",
      "Sec-Fetch-Site": "same-origin",
    },
    cookies: { p: "-2" },
  });
  assert.equal(results?.results.length, 3);
  assert.equal(context.tokens.get("vqd:wt-wt:rust"), VQD);
});

Deno.test("duckduckgo images: a cached vqd goes straight to i.js, one request", () => {
  const { requests } = runEngine(duckduckgoImages, query(), contextWithVqd(), () => json(images));
  assert.equal(requests.length, 1);
  assert.equal(new URL(requests[0].url).pathname, "/i.js");
});

Deno.test("duckduckgo images: later pages start 100 images further on", () => {
  assert.equal(imagesParams().get("s"), null);
  assert.equal(imagesParams({ pageno: 2 }).get("s"), "100");
  assert.equal(imagesParams({ pageno: 3 }).get("s"), "200");
});

Deno.test("duckduckgo images: safe search levels map to p -2, -1 and 1, in the query and a cookie", () => {
  for (const [safesearch, p] of [[0, "-2"], [1, "-1"], [2, "1"]] as const) {
    const request = duckduckgoImages.request(query({ safesearch }), contextWithVqd());
    assert.equal(new URL(request!.url).searchParams.get("p"), p);
    assert.equal(request?.cookies?.p, p);
  }
});

Deno.test("duckduckgo images: a language sets DDG's region and country, and the vqd is per region", () => {
  const context = contextWithVqd({ language: "de" });
  const request = duckduckgoImages.request(query({ language: "de" }), context);
  const params = new URL(request!.url).searchParams;
  assert.equal(params.get("l"), "de-de");
  assert.equal(params.get("ct"), "DE");
  assert.deepEqual(request?.cookies, { p: "-2", l: "de-de", ah: "de-de" });
  // The worldwide vqd does not serve the German region: its search page is asked for.
  const worldwide = contextWithVqd();
  assert.equal(
    duckduckgoImages.request(query({ language: "de" }), worldwide)?.url,
    "https://duckduckgo.com/?q=rust&iar=images&t=h_",
  );
});

Deno.test("duckduckgo images: no time filter is offered, and a query of 500 characters is not sent", () => {
  assert.equal(duckduckgoImages.timeRange, false);
  assert.equal(
    duckduckgoImages.request(query({ query: "a".repeat(500) }), engineContext(duckduckgoImages)),
    null,
  );
});

Deno.test("duckduckgo images: base_url replaces the origin of both requests, also over http", () => {
  const base = "http://127.0.0.1:8181/duckduckgo_images";
  const { requests } = runEngine(
    duckduckgoImages,
    query(),
    engineContext(duckduckgoImages, { baseUrl: base }),
    (_request, step) => step === 0 ? upstreamResponse(tokenPage) : json(images),
  );
  assert.equal(requests[0].url, `${base}/?q=rust&iar=images&t=h_`);
  assert.ok(requests[1].url.startsWith(`${base}/i.js?o=json&q=rust&`));
  assert.equal(requests[1].headers?.Referer, `${base}/`);
});

Deno.test("duckduckgo images: each image gives its file, thumbnail, size and the page it is on", () => {
  const results = parseImages(images);
  assert.deepEqual(results[0], {
    template: "images.html",
    url: "https://www.rust-lang.org/",
    title: "Rust Programming Language",
    content: "",
    img_src: "https://www.rust-lang.org/static/images/rust-social-wide.jpg",
    thumbnail_src: "https://tse1.mm.bing.net/th?id=OIP.0ZTQyCWkbHkz2AFpV3Fv6AHaD4&pid=Api",
    resolution: "2048 x 1080",
    source: "www.rust-lang.org",
  });
  assert.deepEqual(results[1], {
    template: "images.html",
    url: "https://en.wikipedia.org/wiki/Rust_(programming_language)#Ferris",
    title: "Ferris the crab – Rust’s “mascot” & friend",
    content: "",
    img_src:
      "https://upload.wikimedia.org/wikipedia/commons/thumb/0/0f/Original_Ferris.svg/1200px-Original_Ferris.svg.png",
    thumbnail_src: "https://tse2.mm.bing.net/th?id=OIP.f3rr1s&pid=Api",
    resolution: "1200 x 800",
    source: "en.wikipedia.org",
  });
});

Deno.test("duckduckgo images: an inline image or one without a page is left out, a zero size unknown", () => {
  const results = parseImages(images);
  assert.deepEqual(results.map((result) => result.title), [
    "Rust Programming Language",
    "Ferris the crab – Rust’s “mascot” & friend",
    "Rust gear icon",
  ]);
  const gear = results[2];
  assert.ok(gear.template === "images.html");
  assert.equal(gear.resolution, null);
  assert.equal(gear.thumbnail_src, null);
});

Deno.test("duckduckgo images: an answer without images gives no results", () => {
  assert.deepEqual(parseImages(fixture("duckduckgo_images", "no_results.json")), []);
});

Deno.test("duckduckgo images: the bot challenge in place of the search page throws CaptchaError", () => {
  const context = engineContext(duckduckgoImages);
  assert.throws(
    () =>
      runEngine(
        duckduckgoImages,
        query(),
        context,
        () => upstreamResponse(fixture("duckduckgo_images", "challenge.html")),
      ),
    CaptchaError,
  );
  assert.equal(context.tokens.get("vqd:wt-wt:rust"), undefined);
});

Deno.test("duckduckgo images: a 403 from i.js drops the cached vqd, a 429 keeps it", () => {
  const context = contextWithVqd();
  duckduckgoImages.request(query(), context);
  assert.throws(
    () => duckduckgoImages.parse(json("Too Many Requests", 429), query(), context),
    TooManyRequestsError,
  );
  assert.equal(context.tokens.get("vqd:wt-wt:rust"), VQD);
  assert.throws(
    () => duckduckgoImages.parse(json("If this error persists, contact us", 403), query(), context),
    AccessDeniedError,
  );
  assert.equal(context.tokens.get("vqd:wt-wt:rust"), undefined);
});

Deno.test("duckduckgo images: a search page without a vqd, or an i.js answer without results, is a parse error", () => {
  const withoutVqd = tokenPage.replaceAll("vqd", "vqx");
  assert.throws(
    () =>
      runEngine(
        duckduckgoImages,
        query(),
        engineContext(duckduckgoImages),
        () => upstreamResponse(withoutVqd),
      ),
    (error) => error instanceof ParseError && error.message.includes("no vqd token"),
  );
  assert.throws(() => parseImages('{"ads":null,"query":"rust"}'), ParseError);
  assert.throws(() => parseImages("<html><body>Sorry</body></html>"), ParseError);
});

Deno.test("duckduckgo images: garbage answers never throw anything but an EngineError", () => {
  const bodies = ["", "null", "[]", images.slice(0, images.length / 2), '{"results":[1,null,{}]}'];
  for (const body of bodies) {
    for (const tokenStep of [true, false]) {
      const context = engineContext(duckduckgoImages);
      context.steps.set("token page", tokenStep);
      try {
        duckduckgoImages.parse(json(body), query(), context);
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});
