// Fixtures (tests/fixtures/search/bing_images/): page1.html stands for Bing's answer to
// /images/async?q=rust&async=1&first=1&count=35, the fragment its image page loads while
// scrolling, trimmed to two rows of the grid: three image tiles, a related-searches tile without
// metadata and a tile whose page link is not http(s). captcha.html is Bing's challenge page.
import assert from "node:assert/strict";
import { bingImages } from "./bing_images.ts";
import {
  CaptchaError,
  EngineError,
  type EngineQuery,
  type EngineResults,
  isNextStep,
  ParseError,
} from "../core/engine.ts";
import {
  engineContext,
  engineHarness,
  engineQuery,
  fixture,
  upstreamResponse,
} from "./engines_testing.ts";

const page1 = fixture("bing_images", "page1.html");

const { request } = engineHarness(bingImages, { query: { category: "images" } });

function params(query: Partial<EngineQuery> = {}): URLSearchParams {
  return new URL(request(query)!.url).searchParams;
}

function parse(body: string, url = "https://www.bing.com/images/async?q=rust"): EngineResults {
  const step = bingImages.parse(
    upstreamResponse(body, { url }),
    engineQuery({ category: "images" }),
    engineContext(bingImages),
  );
  assert.ok(!isNextStep(step));
  return step;
}

Deno.test("bing images: the first page asks /images/async for 35 images, safe search off", () => {
  assert.deepEqual(request(), {
    url: "https://www.bing.com/images/async?q=rust+programming&async=1&first=1&count=35&adlt=off",
    headers: {},
  });
});

Deno.test("bing images: later pages start 35 images further on", () => {
  assert.equal(params({ pageno: 2 }).get("first"), "36");
  assert.equal(params({ pageno: 3 }).get("first"), "71");
});

Deno.test("bing images: safe search levels map to adlt off, moderate and strict", () => {
  const levels = ([0, 1, 2] as const).map((safesearch) => params({ safesearch }).get("adlt"));
  assert.deepEqual(levels, ["off", "moderate", "strict"]);
});

Deno.test("bing images: a language sets the market and a matching Accept-Language", () => {
  const german = request({ language: "de" });
  assert.equal(new URL(german!.url).searchParams.get("mkt"), "de-DE");
  assert.deepEqual(german?.headers, { "Accept-Language": "de-DE,de;q=0.9" });
  assert.equal(params({ language: "en-GB" }).get("mkt"), "en-GB");
  assert.equal(params({ language: "all" }).get("mkt"), null);
});

Deno.test("bing images: a time range asks for images younger than that many minutes", () => {
  const ages = (["day", "week", "month", "year"] as const).map((timeRange) =>
    params({ timeRange }).get("qft")
  );
  assert.deepEqual(ages, [
    "filterui:age-lt1440",
    "filterui:age-lt10080",
    "filterui:age-lt44640",
    "filterui:age-lt525600",
  ]);
  assert.equal(params().get("qft"), null);
});

Deno.test("bing images: base_url replaces the origin and keeps the path, also over http", () => {
  assert.equal(
    request({}, { baseUrl: "http://127.0.0.1:8383/bing_images" })?.url,
    "http://127.0.0.1:8383/bing_images/images/async?q=rust+programming&async=1&first=1&count=35" +
      "&adlt=off",
  );
});

Deno.test("bing images: each tile's m metadata gives the image, its thumbnail and its page", () => {
  const { results } = parse(page1);
  assert.equal(results.length, 3);
  assert.deepEqual(results[0], {
    template: "images.html",
    url: "https://www.rust-lang.org/",
    title: "Rust Programming Language",
    content: "A language empowering everyone to build reliable and efficient software.",
    img_src: "https://www.rust-lang.org/static/images/rust-social-wide.jpg",
    thumbnail_src: "https://tse1.mm.bing.net/th/id/OIP.0ZTQyCWkbHkz2AFpV3Fv6AHaD4?pid=Api&rs=1",
    resolution: "1200 x 630",
    img_format: "jpeg",
    source: "rust-lang.org",
  });
  assert.deepEqual(results[1], {
    template: "images.html",
    url: "https://en.wikipedia.org/wiki/Rust_(programming_language)",
    title: "Rust (programming language) - Wikipedia",
    content: "",
    img_src:
      "https://upload.wikimedia.org/wikipedia/commons/d/d5/Rust_programming_language_black_logo.svg",
    thumbnail_src: "https://tse2.mm.bing.net/th/id/OIP.pQ3xZ8aaLkQ1?pid=Api",
    resolution: "1024 x 1024",
    img_format: "svg",
    source: "en.wikipedia.org",
  });
});

Deno.test("bing images: an empty t takes the caption's title, a missing site the page's host", () => {
  const ferris = parse(page1).results[2];
  assert.deepEqual(ferris, {
    template: "images.html",
    url: "https://blog.example.org/posts/why-rust/",
    title: "Why Rust? Ferris & friends",
    content: "Ferris, the crab & mascot",
    img_src: "https://blog.example.org/img/ferris%20&%20crab.png",
    thumbnail_src: "https://tse3.mm.bing.net/th/id/OIP.Zk9Jr2Qe?pid=Api",
    resolution: "800 x 600",
    img_format: null,
    source: "blog.example.org",
  });
});

Deno.test("bing images: a tile without metadata or with a page that is not http(s) is left out", () => {
  const urls = parse(page1).results.map((result) => result.url);
  assert.ok(!urls.some((url) => url.startsWith("javascript:")));
  assert.ok(!parse(page1).results.some((result) => result.title === "rust logo"));
});

Deno.test("bing images: past the last image (an empty fragment or list) there are no results", () => {
  assert.deepEqual(parse("  \n").results, []);
  assert.deepEqual(parse('<ul class="dgControl_list"></ul>').results, []);
});

Deno.test("bing images: the challenge page throws CaptchaError, also when reached by redirect", () => {
  assert.throws(() => parse(fixture("bing_images", "captcha.html")), CaptchaError);
  assert.throws(
    () => parse("<html></html>", "https://www.bing.com/turing/captcha/challenge"),
    CaptchaError,
  );
});

Deno.test("bing images: a page without an image list throws ParseError", () => {
  assert.throws(() => parse(page1.replaceAll("dgControl_list", "dgControl_grid")), ParseError);
  assert.throws(() => parse("<html><body><ol id=b_results></ol></body></html>"), ParseError);
});

Deno.test("bing images: garbage answers never throw anything but an EngineError", () => {
  const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
  const bodies = [
    new TextDecoder().decode(bytes),
    page1.slice(0, page1.length / 2),
    page1.replaceAll("&quot;purl&quot;", "&quot;nope&quot;"),
    '<ul class="dgControl_list"><li><a class="iusc" m="{&quot;purl&quot;:1}"></a></li></ul>',
    '<ul class="dgControl_list"><li><a class="iusc" m="[[[["></a></li></ul>',
  ];
  for (const body of bodies) {
    for (const url of ["https://www.bing.com/images/async", "::"]) {
      try {
        parse(body, url);
      } catch (error) {
        assert.ok(error instanceof EngineError, `${error}`);
      }
    }
  }
});
