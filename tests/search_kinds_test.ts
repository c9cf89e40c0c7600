// The search service over HTTP with engines of every kind (tests/helpers/kind_search.ts): category
// tabs, each kind's page, the person's engine switches per category, the player page and its
// policy, the feeds and /config.
import assert from "node:assert/strict";
import { all, attr, first, parseHtml, text } from "../search/engines/toolkit/html.ts";
import { startSearch } from "./helpers/search_instance.ts";
import { failEveryEngine, NOTHING, startKindSearch } from "./helpers/kind_search.ts";
import { postPreferences } from "./helpers/search_with_fakes.ts";

const tabs = (page: string) => all(parseHtml(page), "nav.categories a, nav.categories button");

/** The sample engines the service asked, by their upstream path. */
function asked(requests: { url: URL }[]): string[] {
  return [...new Set(requests.map((r) => r.url.pathname.slice(1)).filter((p) => p !== ""))]
    .filter((path) => !path.startsWith("pictures/")).sort();
}

Deno.test("a tab is offered for each category with an engine on, and each links the query in its category", async () => {
  await using search = await startKindSearch();
  const page = await (await search.get("/search?q=crab&categories=videos&language=de")).text();
  assert.deepEqual(tabs(page).map(text), ["General", "Images", "Videos", "IT", "Science"]);
  const current = all(parseHtml(page), "nav.categories [aria-current=page]");
  assert.deepEqual(current.map(text), ["Videos"]);
  // Following a tab is the same search in that category.
  const science = tabs(page).find((tab) => text(tab) === "Science")!;
  const answer = await (await search.get(attr(science, "href")!)).text();
  const document = parseHtml(answer);
  assert.equal(attr(first(document, "#q"), "value"), "crab");
  assert.equal(attr(first(document, "#language option[selected]"), "value"), "de");
  assert.equal(all(document, "article.result-paper").length, 2);
  assert.equal(text(first(document, "nav.categories [aria-current=page]")), "Science");
});

Deno.test("a tab chosen on the start page with nothing typed brings the start page back with it chosen", async () => {
  await using search = await startKindSearch();
  const page = await (await search.get("/search?q=&categories=images&pageno=1")).text();
  const document = parseHtml(page);
  assert.equal(first(document, "article"), null);
  assert.equal(text(first(document, "nav.categories [aria-current=page]")), "Images");
  assert.equal(attr(first(document, ".search-button"), "value"), "images");
  const linked = parseHtml(await (await search.get("/?categories=science")).text());
  assert.equal(text(first(linked, "nav.categories [aria-current=page]")), "Science");
});

Deno.test("the images tab answers a grid whose thumbnails come through the image proxy, which serves them", async () => {
  await using search = await startKindSearch({ server: "  image_proxy: true" });
  const page = await (await search.get("/search?q=crab&categories=images")).text();
  const document = parseHtml(page);
  const items = all(document, "ul.image-grid > li");
  assert.equal(items.length, 6);
  for (const item of items) {
    const link = first(item, ".image-frame a")!;
    assert.match(attr(link, "href")!, /\/pictures\/full-\d\.png$/);
    const image = first(link, "img")!;
    assert.equal(attr(image, "alt"), text(first(item, "h3")));
    const src = attr(image, "src")!;
    assert.match(src, /^\/image_proxy\?url=/);
    const proxied = await search.get(src);
    assert.equal(proxied.status, 200);
    assert.equal(proxied.headers.get("content-type"), "image/png");
    await proxied.body?.cancel();
  }
});

Deno.test("engines switched off for a category are not asked there, and one switched on is", async () => {
  await using search = await startKindSearch();
  const cookie = "disabled_engines=sample%20images__images; enabled_engines=more%20images__images";
  const page = await (await search.get("/search?q=crab&categories=images", { headers: { cookie } }))
    .text();
  assert.deepEqual(asked(search.upstream.requests), ["more-images"]);
  assert.equal(all(parseHtml(page), ".image-grid article").length, 2);

  // Without the cookies the settings decide: the engine off by default stays off.
  search.upstream.requests.length = 0;
  await (await search.get("/search?q=crab&categories=images&format=json")).json();
  assert.deepEqual(asked(search.upstream.requests), ["sample-images"]);
});

Deno.test("the preferences saved from the page switch an engine per category and remove its tab when none is left", async () => {
  await using search = await startKindSearch();
  const prefsPage = parseHtml(await (await search.get("/preferences")).text());
  // What the browser posts: every ticked box but the science engine's, plus the one off by default.
  const form = new URLSearchParams();
  for (const box of all(prefsPage, "input[type=checkbox][checked]")) {
    if (attr(box, "name") !== "engine_sample papers__science") {
      form.append(attr(box, "name")!, "on");
    }
  }
  form.append("engine_more images__images", "on");
  const saved = await postPreferences(search, form);
  assert.equal(saved.status, 303);
  const cookies = saved.headers.getSetCookie().map((c) => c.split(";")[0]);
  assert.ok(cookies.includes("disabled_engines=sample%20papers__science"), cookies.join(" "));
  assert.ok(cookies.includes("enabled_engines=more%20images__images"), cookies.join(" "));
  const cookie = cookies.join("; ");
  const page = await (await search.get("/search?q=crab", { headers: { cookie } })).text();
  assert.deepEqual(tabs(page).map(text), ["General", "Images", "Videos", "IT"]);
  search.upstream.requests.length = 0;
  await (await search.get("/search?q=crab&categories=images,science&format=json", {
    headers: { cookie },
  })).body?.cancel();
  assert.deepEqual(asked(search.upstream.requests), ["more-images", "sample-images"]);
});

Deno.test("engine switches sent with a request win over the cookies for that search, as in SearXNG", async () => {
  await using search = await startKindSearch();
  const cookie = "disabled_engines=sample%20images__images";
  await (await search.get(
    "/search?q=crab&categories=images&format=json&disabled_engines=&enabled_engines=more%20images__images",
    { headers: { cookie } },
  )).body?.cancel();
  assert.deepEqual(asked(search.upstream.requests), ["more-images", "sample-images"]);
  // enabled_engines alone is ignored: the cookie's switches stand.
  search.upstream.requests.length = 0;
  await (await search.get(
    "/search?q=crab&categories=images&format=json&enabled_engines=more%20images__images",
    { headers: { cookie } },
  )).body?.cancel();
  assert.deepEqual(asked(search.upstream.requests), []);
});

Deno.test("the player page is served for our own links only, with a policy that frames that player alone", async () => {
  await using search = await startKindSearch();
  const page = parseHtml(await (await search.get("/search?q=crab&categories=videos")).text());
  assert.equal(all(page, "iframe").length, 0);
  const links = all(page, ".play a").map((a) => attr(a, "href")!);
  assert.equal(links.length, 2);
  const player = await search.get(links[0]);
  assert.equal(player.status, 200);
  const csp = player.headers.get("content-security-policy")!;
  assert.match(csp, /frame-src https:\/\/www\.youtube-nocookie\.com(;|$)/);
  assert.match(csp, /default-src 'none'/);
  assert.doesNotMatch(csp, /script-src|unsafe/);
  assert.equal(player.headers.get("x-frame-options"), "DENY");
  const frames = all(parseHtml(await player.text()), "iframe");
  assert.deepEqual(frames.map((f) => attr(f, "src")), [
    "https://www.youtube-nocookie.com/embed/5C_HPTJg5ek",
  ]);

  const peertube = await search.get(links[1]);
  assert.match(
    peertube.headers.get("content-security-policy")!,
    /frame-src https:\/\/peertube\.example(;|$)/,
  );
  await peertube.body?.cancel();

  const changed = new URL(links[0], search.url);
  changed.searchParams.set("src", "https://evil.example/embed/1");
  const refused = await search.get(changed.pathname + changed.search);
  assert.equal(refused.status, 400);
  assert.doesNotMatch(refused.headers.get("content-security-policy")!, /frame-src/);
  const body = await refused.text();
  assert.equal(all(parseHtml(body), "iframe").length, 0);
  assert.match(body, /not made by this instance/);
});

Deno.test("the empty and the failed search say so on every tab", async () => {
  await using search = await startKindSearch();
  const empty =
    await (await search.get(`/search?q=${encodeURIComponent(NOTHING)}&categories=images`))
      .text();
  assert.match(empty, /<h2>No results<\/h2>/);
  failEveryEngine(search);
  const failed = await (await search.get("/search?q=crab&categories=videos")).text();
  assert.match(failed, /The search engines could not be reached/);
  assert.match(failed, /sample videos<\/a>: HTTP error/);
});

Deno.test("the feed of an images search carries each image's file and thumbnail; CSV keeps SearXNG's columns", async () => {
  await using search = await startKindSearch();
  const rss = await (await search.get("/search?q=crab&categories=images&format=rss")).text();
  assert.equal(
    rss.match(/<media:content url="[^"]+\/pictures\/full-\d\.png" medium="image"/g)?.length,
    6,
  );
  assert.equal(rss.match(/<media:thumbnail url="[^"]+\/pictures\/thumb-\d\.png"\/>/g)?.length, 6);
  const csv = await (await search.get("/search?q=crab&categories=science&format=csv")).text();
  const lines = csv.trimEnd().split("\r\n");
  assert.equal(lines[0], "title,url,content,host,engine,score,type");
  assert.match(lines[1], /^Oxide: The Essence of Rust,https:\/\/arxiv\.org\/abs\/1903\.00982,/);
  assert.match(lines[1], /,arxiv\.org,sample papers,1\.0,result$/);
});

Deno.test("/config lists every engine with its categories, on or off, and never an api_key", async () => {
  const key = "brave-api-key-that-must-stay-secret";
  await using search = await startSearch({ engineExtra: { brave: `    api_key: ${key}\n` } });
  const response = await search.get("/config");
  const raw = await response.text();
  assert.ok(!raw.includes(key), "the api key is in /config");
  assert.doesNotMatch(raw, /api_key|apiKey/);
  const config = JSON.parse(raw);
  assert.deepEqual(
    config.engines.map((engine: { name: string }) => engine.name),
    search.searcher.engines.map((engine) => engine.name),
  );
  for (const engine of config.engines) {
    const configured = search.searcher.engines.find((e) => e.name === engine.name)!;
    assert.deepEqual(engine.categories, configured.categories);
    assert.equal(engine.enabled, !configured.disabled);
    for (
      const key of [
        "shortcut",
        "paging",
        "language_support",
        "safesearch",
        "time_range_support",
        "timeout",
      ]
    ) {
      assert.ok(key in engine, `${engine.name} has no ${key}`);
    }
  }
  assert.ok(config.categories.includes("general"));
});
