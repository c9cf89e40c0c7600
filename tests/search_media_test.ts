// Image, video, news and social media providers through the service's JSON API, against the fake
// providers on loopback (each serving its fixture): categories= and engines= select them by
// SearXNG's names, and their results come out in SearXNG's templates and fields.
import assert from "node:assert/strict";
import { startSearch } from "./helpers/search_instance.ts";
import { askedProviders, searchJson } from "./helpers/search_with_fakes.ts";

Deno.test("categories=images asks the image engines and answers images.html results", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=rust&categories=images");
  assert.deepEqual(body.unresponsive_engines, []);
  assert.deepEqual(
    askedProviders(search.upstream.requests),
    new Set(["bing_images", "wikicommons"]),
  );
  assert.ok(body.results.length > 0);
  for (const result of body.results) {
    assert.equal(result.template, "images.html");
    assert.equal(result.category, "images");
    assert.match(String(result.img_src), /^https:\/\//);
    assert.match(String(result.thumbnail_src), /^https:\/\//);
  }
  const rust = body.results.find((result) => result.url === "https://www.rust-lang.org/");
  assert.equal(rust?.img_src, "https://www.rust-lang.org/static/images/rust-social-wide.jpg");
  assert.equal(
    rust?.thumbnail_src,
    "https://tse1.mm.bing.net/th/id/OIP.0ZTQyCWkbHkz2AFpV3Fv6AHaD4?pid=Api&rs=1",
  );
  assert.equal(rust?.resolution, "1200 x 630");
  assert.deepEqual(rust?.engines, ["bing images"]);
  const chain = body.results.find((result) => result.title === "Rusty chain & padlock, Hamburg");
  assert.equal(chain?.source, "Wikimedia Commons");
  assert.equal(chain?.img_format, "jpeg");
  assert.equal(chain?.filesize, "2.1 MB");
  // Bing and Commons found the same logo file: one result, found by both.
  const logo = body.results.filter((result) =>
    String(result.img_src).endsWith("/d/d5/Rust_programming_language_black_logo.svg")
  );
  assert.equal(logo.length, 1);
  assert.deepEqual(logo[0].engines.sort(), ["bing images", "wikicommons.images"]);
});

Deno.test("engines= names image engines by SearXNG's names, and !bii reaches bing images", async () => {
  await using search = await startSearch();
  const named = await searchJson(search, "q=rust&engines=bing%20images");
  assert.ok(named.results.length > 0);
  assert.ok(named.results.every((result) => result.engine === "bing images"));
  search.upstream.requests.length = 0;
  await searchJson(search, "q=%21bii+rust");
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["bing_images"]));
});

Deno.test("engines=bing images,duckduckgo images asks both, duckduckgo images for its vqd first", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=rust&engines=bing%20images,duckduckgo%20images");
  assert.deepEqual(body.unresponsive_engines, []);
  const paths = search.upstream.requests.map((request) => request.url.pathname);
  assert.deepEqual(paths.filter((path) => path.startsWith("/duckduckgo_images/")), [
    "/duckduckgo_images/",
    "/duckduckgo_images/i.js",
  ]);
  assert.ok(paths.includes("/bing_images/images/async"));
  const engines = new Set(body.results.flatMap((result) => result.engines));
  assert.deepEqual([...engines].sort(), ["bing images", "duckduckgo images"]);
  // Both found the same file (the Rust site's social image): one result, found by both.
  const rust = body.results.filter((result) => result.url === "https://www.rust-lang.org/");
  assert.equal(rust.length, 1);
  assert.deepEqual(rust[0].engines.sort(), ["bing images", "duckduckgo images"]);
  assert.ok(body.results.every((result) => result.template === "images.html"));
  // Off in the shipped settings: categories=images alone does not ask it.
  search.upstream.requests.length = 0;
  await searchJson(search, "q=rust&categories=images");
  assert.ok(!askedProviders(search.upstream.requests).has("duckduckgo_images"));
});

Deno.test("engines=youtube answers videos.html results with their embed, length and author", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=rust&engines=youtube");
  assert.deepEqual(body.unresponsive_engines, []);
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["youtube"]));
  assert.equal(body.results.length, 4);
  for (const result of body.results) {
    assert.equal(result.template, "videos.html");
    assert.equal(result.category, "videos");
    assert.match(String(result.iframe_src), /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
  }
  const first = body.results.find((result) =>
    result.url === "https://www.youtube.com/watch?v=5C_HPTJg5ek"
  );
  assert.equal(first?.iframe_src, "https://www.youtube-nocookie.com/embed/5C_HPTJg5ek");
  assert.equal(first?.length, "2:29");
  assert.equal(first?.author, "Fireship");
  assert.match(String(first?.thumbnail), /^https:\/\/i\.ytimg\.com\/vi\/5C_HPTJg5ek\//);
});

Deno.test("categories=videos asks the video engines, each result with its own embed", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=rust&categories=videos");
  assert.deepEqual(body.unresponsive_engines, []);
  assert.deepEqual(
    askedProviders(search.upstream.requests),
    new Set(["youtube", "dailymotion", "peertube"]),
  );
  assert.ok(body.results.every((result) => result.template === "videos.html"));
  const dm = body.results.find((result) =>
    result.url === "https://www.dailymotion.com/video/x8q4r2k"
  );
  assert.equal(dm?.iframe_src, "https://www.dailymotion.com/embed/video/x8q4r2k");
  assert.equal(dm?.length, "20:14");
  assert.equal(dm?.publishedDate, "2025-11-16T00:00:00.000Z");
  const sepia = body.results.find((result) => result.engine === "peertube");
  assert.equal(
    sepia?.iframe_src,
    "https://framatube.org/videos/embed/9c9de5e8-0a1e-484a-b099-e80766180a6d",
  );
});

Deno.test("categories=news asks bing news beside mojeek news, with dates and pictures", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=rust&categories=news");
  assert.deepEqual(body.unresponsive_engines, []);
  assert.ok(askedProviders(search.upstream.requests).has("bing_news"));
  const kernel = body.results.find((result) =>
    result.url === "https://www.theregister.com/2026/11/21/rust_linux_kernel/"
  );
  assert.deepEqual(kernel?.engines, ["bing news"]);
  assert.equal(kernel?.category, "news");
  assert.equal(kernel?.template, "default.html");
  assert.match(String(kernel?.publishedDate), /^\d{4}-\d\d-\d\dT/);
  // The fragment's picture is relative: it hangs under the (fake) Bing's base_url, path kept.
  assert.equal(
    kernel?.thumbnail,
    `${search.upstream.origin}/bing_news/th?id=OVFT.k3rn3l&pid=News&w=234&h=132&c=14&rs=2&qlt=90`,
  );
});

Deno.test("engines=reddit reaches it though it is off, in social media with thumbnails", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=rust&engines=reddit");
  assert.deepEqual(body.unresponsive_engines, []);
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["reddit"]));
  assert.equal(body.results.length, 3);
  assert.ok(body.results.every((result) => result.category === "social media"));
  const release = body.results.find((result) => result.title === "Rust 1.91 released");
  assert.equal(release?.content, "r/programming · 1 point · 1 comment");
  assert.match(String(release?.thumbnail), /^https:\/\/b\.thumbs\.redditmedia\.com\//);
  // A refusal is reported as Reddit's, and the search still answers.
  search.upstream.route("/reddit/", () => new Response("blocked", { status: 429 }));
  const refused = await searchJson(search, "q=rust+again&engines=reddit");
  assert.deepEqual(refused.unresponsive_engines, [["reddit", "too many requests"]]);
});
