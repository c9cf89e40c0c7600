// The search service's JSON API against fake providers on loopback: SearXNG's shapes, errors,
// search syntax, engine selection and every kind of upstream failure.
import assert from "node:assert/strict";
import { delayed, endlessBody, html, json, resetMidBody } from "./helpers/fake_upstream.ts";
import { providerFixture } from "./helpers/fake_providers.ts";
import { startSearch } from "./helpers/search_instance.ts";

const OPEN_WEBUI_QUERY =
  "/search?q=test&format=json&pageno=1&safesearch=1&language=all&time_range=&categories=&theme=simple&image_proxy=0";

const RESULT_FIELDS = [
  "url",
  "title",
  "content",
  "engine",
  "engines",
  "positions",
  "score",
  "category",
  "template",
  "parsed_url",
  "publishedDate",
  "thumbnail",
  "img_src",
  "priority",
];

interface Json {
  query: string;
  results: {
    url: string;
    title: string;
    engine: string;
    engines: string[];
    positions: number[];
    score: number;
    parsed_url: string[];
  }[];
  infoboxes: { id: string; engine: string }[];
  suggestions: string[];
  unresponsive_engines: [string, string][];
}

async function searchJson(
  search: { get(path: string, init?: RequestInit): Promise<Response> },
  query: string,
): Promise<Json> {
  const response = await search.get(`/search?format=json&${query}`);
  assert.equal(response.status, 200);
  return await response.json();
}

function askedProviders(requests: { url: URL }[]): Set<string> {
  return new Set(requests.map((request) => request.url.pathname.split("/")[1]));
}

Deno.test("Open WebUI's exact request gets SearXNG's JSON merged from every enabled provider", async () => {
  await using search = await startSearch();
  const response = await search.get(OPEN_WEBUI_QUERY, {
    headers: {
      "Accept": "text/html",
      "Accept-Encoding": "gzip, deflate",
      "Accept-Language": "en-US,en;q=0.5",
      "User-Agent": "Open WebUI (https://github.com/open-webui/open-webui) RAG Bot",
    },
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type")!, /^application\/json/);
  const body = await response.json();
  assert.deepEqual(Object.keys(body), [
    "query",
    "number_of_results",
    "results",
    "answers",
    "corrections",
    "infoboxes",
    "suggestions",
    "unresponsive_engines",
  ]);
  assert.equal(body.query, "test");
  assert.equal(body.number_of_results, 0);
  assert.deepEqual(body.unresponsive_engines, []);
  assert.ok(body.results.length >= 12, `only ${body.results.length} results`);
  for (const result of body.results) {
    // A date counted back from "3 days ago" has its unit right after it (our one addition).
    const fields = result.publishedDatePrecision
      ? RESULT_FIELDS.toSpliced(
        RESULT_FIELDS.indexOf("publishedDate") + 1,
        0,
        "publishedDatePrecision",
      )
      : RESULT_FIELDS;
    assert.deepEqual(Object.keys(result), fields);
    assert.match(result.url, /^https?:\/\//);
    assert.equal(result.parsed_url.length, 6);
    assert.equal(result.positions.length >= result.engines.length, true);
  }
  const scores = body.results.map((result: { score: number }) => result.score);
  assert.deepEqual(scores, [...scores].sort((a, b) => b - a));
  const engines = new Set(body.results.flatMap((result: { engines: string[] }) => result.engines));
  assert.deepEqual(
    [...engines].sort(),
    ["bing", "brave", "duckduckgo", "mojeek", "startpage", "wikipedia"],
  );
  // Found by five providers, it outranks everything found by one.
  assert.equal(body.results[0].engines.length >= 5, true);
  assert.equal(body.infoboxes[0].engine, "wikipedia");
  assert.match(body.infoboxes[0].id, /wikipedia\.org\/wiki\//);
  // qwant is disabled in the shipped settings: never asked.
  assert.equal(askedProviders(search.upstream.requests).has("qwant"), false);
  const timing = response.headers.get("server-timing")!;
  assert.match(timing, /^total;dur=[\d.]+, render;dur=[\d.]+/);
  for (const engine of ["duckduckgo", "brave", "bing", "mojeek", "startpage", "wikipedia"]) {
    assert.match(timing, new RegExp(`total_\\d_${engine};dur=`));
  }
});

Deno.test("a POSTed form search gives the same answer as the GET", async () => {
  await using search = await startSearch();
  const get = await searchJson(search, "q=rust");
  const post = await search.get("/search", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "q=rust&format=json",
  });
  assert.equal(post.status, 200);
  const body: Json = await post.json();
  assert.deepEqual(body.results.map((r) => r.url), get.results.map((r) => r.url));
});

Deno.test("/ with a query redirects to /search with 308, keeping the query string", async () => {
  await using search = await startSearch();
  const response = await search.get("/?q=rust+lang&format=json", { redirect: "manual" });
  assert.equal(response.status, 308);
  assert.equal(response.headers.get("location"), "/search?q=rust+lang&format=json");
  await response.body?.cancel();
  const start = await search.get("/");
  assert.equal(start.status, 200);
  assert.match(await start.text(), /<form[^>]+action="\/search"/);
});

Deno.test("a format missing from search.formats is refused with 403 and says how to enable it", async () => {
  await using search = await startSearch({ search: "  formats: [html, json]\n" });
  const response = await search.get("/search?q=rust&format=csv");
  assert.equal(response.status, 403);
  assert.deepEqual(await response.json(), {
    error: 'Format "csv" is not enabled: add it to search.formats in settings.yml',
  });
  // A format that does not exist is refused too, rather than answered with a page.
  const xml = await search.get("/search?q=rust&format=xml");
  assert.equal(xml.status, 403);
  assert.deepEqual(await xml.json(), {
    error: 'Format "xml" does not exist: use one of html, json',
  });
  assert.equal(search.upstream.requests.length, 0);
});

Deno.test("an empty query is a 400 No query for programs and the start page for people", async () => {
  await using search = await startSearch();
  for (const query of ["format=json", "q=&format=json", "q=%20%20&format=csv"]) {
    const response = await search.get(`/search?${query}`);
    assert.equal(response.status, 400, query);
    assert.deepEqual(await response.json(), { error: "No query" });
  }
  const page = await search.get("/search?q=");
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type")!, /^text\/html/);
  await page.body?.cancel();
});

Deno.test("bad parameter values are refused with SearXNG's 400 message", async () => {
  await using search = await startSearch();
  for (
    const [name, value] of [
      ["pageno", "0"],
      ["pageno", "abc"],
      ["safesearch", "5"],
      ["language", "xx_YY"],
      ["time_range", "decade"],
      ["timeout_limit", "soon"],
    ]
  ) {
    const response = await search.get(`/search?q=x&format=json&${name}=${value}`);
    assert.equal(response.status, 400, `${name}=${value}`);
    assert.deepEqual(await response.json(), {
      error: `Invalid value "${value}" for parameter ${name}`,
    });
  }
  assert.equal(search.upstream.requests.length, 0);
});

Deno.test("format=csv and format=rss carry the merged results", async () => {
  await using search = await startSearch();
  const expected = await searchJson(search, "q=rust");
  const csv = await search.get("/search?q=rust&format=csv");
  assert.equal(csv.headers.get("content-type"), "application/csv; charset=utf-8");
  assert.equal(csv.headers.get("content-disposition"), 'attachment; filename="searx_-_rust.csv"');
  const lines = (await csv.text()).split("\r\n");
  assert.equal(lines[0], "title,url,content,host,engine,score,type");
  assert.equal(lines.filter((line) => line.endsWith(",result")).length, expected.results.length);
  const rss = await search.get("/search?q=rust&format=rss");
  assert.match(rss.headers.get("content-type")!, /^text\/xml/);
  const feed = await rss.text();
  assert.equal(feed.split("<item>").length - 1, expected.results.length);
  assert.ok(feed.includes("<title>rust – Search</title>"));
});

Deno.test("!bangs, engines= and categories= choose which providers are asked", async () => {
  await using search = await startSearch();
  const wiki = await searchJson(search, "q=%21wp+rust");
  assert.equal(wiki.query, "rust");
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["wikipedia"]));
  assert.ok(wiki.results.every((result) => result.engines.join() === "wikipedia"));

  search.upstream.requests.length = 0;
  await searchJson(search, "q=rust&engines=brave,nonexistent");
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["brave"]));

  search.upstream.requests.length = 0;
  await searchJson(search, "q=!qw+rust");
  assert.deepEqual(
    askedProviders(search.upstream.requests),
    new Set(["qwant"]),
    "a bang reaches an engine disabled in settings",
  );

  search.upstream.requests.length = 0;
  const news = await searchJson(search, "q=floods&categories=news");
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["mojeek", "bing_news"]));
  const mojeek = search.upstream.requests.find((request) =>
    request.url.pathname.startsWith("/mojeek/")
  );
  assert.equal(mojeek?.url.searchParams.get("fmt"), "news");
  assert.ok(news.results.length > 0);
});

Deno.test("a :lang prefix sets the language the providers are asked in", async () => {
  await using search = await startSearch();
  await searchJson(search, "q=%3Ade+k%C3%A4se&engines=bing");
  const [request] = search.upstream.requests;
  assert.equal(request.url.searchParams.get("q"), "käse");
  assert.equal(request.url.searchParams.get("mkt"), "de-DE");
  assert.match(request.headers.get("accept-language")!, /^de-DE/);
});

Deno.test("a time range skips providers without time filters, page 2 those without paging", async () => {
  await using search = await startSearch();
  await searchJson(search, "q=rust&time_range=week");
  assert.deepEqual(
    askedProviders(search.upstream.requests),
    new Set(["duckduckgo", "brave", "mojeek", "startpage"]),
  );
  search.upstream.requests.length = 0;
  // A query not searched before, so no vqd token is cached for it.
  const page2 = await searchJson(search, "q=rust+book&pageno=2");
  assert.equal(askedProviders(search.upstream.requests).has("bing"), false);
  assert.equal(askedProviders(search.upstream.requests).has("wikipedia"), false);
  assert.deepEqual(page2.unresponsive_engines, []);
  // DuckDuckGo's page 2 needs the vqd token of page 1: fetched first, then sent back.
  const ddg = search.upstream.requests.filter((r) => r.url.pathname.startsWith("/duckduckgo"));
  assert.equal(ddg.length, 2);
  assert.ok(new URLSearchParams(ddg[1].body).get("vqd"));
});

Deno.test("providers see a browser, never the client's address, cookies or identity", async () => {
  await using search = await startSearch();
  await search.get("/search?q=rust&format=json", {
    headers: {
      "X-Forwarded-For": "203.0.113.7",
      "X-Real-IP": "203.0.113.7",
      "Cookie": "session=client-secret; theme=dark",
      "User-Agent": "curl/8.0",
      "Referer": "https://private.example/page",
    },
  }).then((response) => response.body?.cancel());
  assert.ok(search.upstream.requests.length >= 6);
  for (const request of search.upstream.requests) {
    const headers = [...request.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
    assert.doesNotMatch(headers, /203\.0\.113\.7|client-secret|curl|private\.example/);
    assert.equal(request.headers.has("x-forwarded-for"), false);
    assert.match(request.headers.get("user-agent")!, /^Mozilla\/5\.0 .* Firefox\/\d+/);
  }
});

Deno.test("a provider answering 429 is reported, then suspended, and the search still succeeds", async () => {
  await using search = await startSearch();
  search.upstream.route("/brave/", () => html("slow down", 429));
  const first = await searchJson(search, "q=rust+secretword");
  assert.deepEqual(first.unresponsive_engines, [["brave", "too many requests"]]);
  assert.ok(first.results.length > 10);
  // One line for the failure: the engine, why and when, never the query.
  assert.equal(search.logged.length, 1);
  assert.match(
    search.logged[0],
    /^search: \d{4}-\d\d-\d\dT[\d:.]+Z engine brave failed: too many requests \(TooManyRequestsError\) after \d+ ms$/,
  );
  assert.doesNotMatch(search.logged.join("\n"), /secretword|rust/);
  search.upstream.requests.length = 0;
  const second = await searchJson(search, "q=rust");
  assert.deepEqual(second.unresponsive_engines, [["brave", "Suspended: too many requests"]]);
  assert.equal(askedProviders(search.upstream.requests).has("brave"), false);
  const stats = await (await search.get("/stats?format=json")).json();
  const brave = stats.engines.find((engine: { name: string }) => engine.name === "brave");
  assert.equal(brave.errors, 1);
  assert.notEqual(brave.suspended_until, null);
  const detail = await (await search.get("/stats?engine=brave&format=json")).json();
  assert.deepEqual(detail.errors_by_reason, { "too many requests": 1 });
  assert.equal(detail.suspended_because, "too many requests");
  assert.equal(detail.shortcut.length > 0, true);
  const page = await search.get("/stats?engine=brave");
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<h1>brave<\/h1>[\s\S]*too many requests: 1/);
  const unknown = await search.get("/stats?engine=nope");
  assert.equal(unknown.status, 404);
  assert.match(await unknown.text(), /No engine is named &quot;nope&quot;/);
});

Deno.test("CAPTCHA pages, blocks and HTTP errors are reported per provider by reason", async () => {
  await using search = await startSearch();
  search.upstream.route(
    "/duckduckgo/",
    () => html(providerFixture("duckduckgo", "challenge.html")),
  );
  search.upstream.route("/brave/", () => html(providerFixture("brave", "captcha.html")));
  search.upstream.route("/bing/", () => html("denied", 403));
  search.upstream.route("/mojeek/", () => html("oops", 500));
  search.upstream.route(
    "/startpage/",
    () => html("<html><body>just a moment</body></html>", 503, { Server: "cloudflare" }),
  );
  search.upstream.route("/wikipedia/", () => html("<html>not json</html>"));
  const body = await searchJson(search, "q=rust");
  assert.deepEqual(body.unresponsive_engines, [
    ["bing", "access denied"],
    ["brave", "CAPTCHA"],
    ["duckduckgo", "CAPTCHA"],
    ["mojeek", "HTTP error"],
    ["startpage", "HTTP error"],
    ["wikipedia", "parsing error"],
  ]);
  assert.deepEqual(body.results, []);
  // Prometheus sees the same failures, by engine and kind.
  const metrics = await (await search.get("/metrics")).text();
  for (
    const [engine, kind] of [
      ["bing", "access_denied"],
      ["brave", "captcha"],
      ["duckduckgo", "captcha"],
      ["mojeek", "http_status"],
      ["startpage", "http_status"],
      ["wikipedia", "parse"],
    ]
  ) {
    const line = `search_engine_errors_total{engine="${engine}",kind="${kind}"} 1`;
    assert.ok(metrics.split("\n").includes(line), line);
    assert.ok(metrics.includes(`search_engine_requests_total{engine="${engine}"} 1`), engine);
  }
});

Deno.test("a slow provider is cut off at its timeout and reported; the others are not held up", async () => {
  await using search = await startSearch({
    engineExtra: { brave: "    timeout: 0.3\n" },
  });
  search.upstream.route("/brave/", (r) => delayed(5_000, r, () => html("too late")));
  const started = performance.now();
  const body = await searchJson(search, "q=rust");
  const elapsed = performance.now() - started;
  assert.deepEqual(body.unresponsive_engines, [["brave", "timeout"]]);
  assert.ok(body.results.length > 10);
  assert.ok(elapsed < 2_500, `search took ${elapsed} ms`);
  const metrics = (await (await search.get("/metrics")).text()).split("\n");
  assert.ok(metrics.includes('search_engine_timeouts_total{engine="brave"} 1'));
  assert.ok(metrics.includes('search_engine_errors_total{engine="brave",kind="timeout"} 1'));
  assert.ok(metrics.includes('search_engine_duration_seconds_count{engine="brave"} 1'));
  assert.ok(
    !metrics.some((line) => line.startsWith('search_engine_timeouts_total{engine="bing"}')),
  );
});

Deno.test("timeout_limit caps the wait for every provider", async () => {
  await using search = await startSearch();
  search.upstream.route("/bing/", (r) => delayed(5_000, r, () => html("too late")));
  search.upstream.route("/mojeek/", (r) => delayed(5_000, r, () => html("too late")));
  const started = performance.now();
  const body = await searchJson(search, "q=rust&timeout_limit=0.4");
  assert.ok(performance.now() - started < 2_500);
  assert.deepEqual(body.unresponsive_engines, [["bing", "timeout"], ["mojeek", "timeout"]]);
});

Deno.test("answers cut mid-body, endless or malformed never break a search", async () => {
  await using search = await startSearch();
  const page = providerFixture("duckduckgo", "page1.html");
  search.upstream.route("/duckduckgo/", () => resetMidBody(page.slice(0, 4000)));
  search.upstream.route("/brave/", () => endlessBody());
  search.upstream.route("/bing/", () => html("<ol id=b_results><li class=b_algo><h2><a href="));
  search.upstream.route("/mojeek/", () => html("\u0000\uffff".repeat(5000)));
  search.upstream.route("/wikipedia/", () => json({ type: "standard", titles: 42 }));
  const body = await searchJson(search, "q=rust");
  const reasons = Object.fromEntries(body.unresponsive_engines);
  assert.equal(reasons.duckduckgo, "network error");
  assert.equal(reasons.brave, "parsing error", "an answer over 5 MiB is abandoned");
  assert.equal(reasons.mojeek, "parsing error");
  assert.ok(body.results.some((result) => result.engines.includes("startpage")));
});

Deno.test("a provider whose address refuses connections is a network error", async () => {
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  await using search = await startSearch({
    engineExtra: { bing: `    base_url: http://127.0.0.1:${port}\n` },
  });
  const body = await searchJson(search, "q=rust&engines=bing,brave");
  assert.deepEqual(body.unresponsive_engines, [["bing", "network error"]]);
  assert.ok(body.results.length > 0);
});

Deno.test("/healthz, /config and /opensearch.xml describe the instance", async () => {
  await using search = await startSearch();
  const healthz = await search.get("/healthz");
  assert.equal(await healthz.text(), "OK");
  const config = await (await search.get("/config")).json();
  assert.equal(config.instance_name, "Search");
  assert.deepEqual(config.categories, ["general", "news", "images", "videos", "science", "it"]);
  const brave = config.engines.find((engine: { name: string }) => engine.name === "brave");
  assert.deepEqual(
    { ...brave, timeout: undefined },
    {
      name: "brave",
      categories: ["general"],
      shortcut: "br",
      enabled: true,
      paging: true,
      language_support: true,
      languages: [],
      regions: [],
      safesearch: true,
      time_range_support: true,
      timeout: undefined,
      weight: 1,
    },
  );
  assert.equal(config.engines.find((e: { name: string }) => e.name === "qwant").enabled, false);
  // SearXNG's plugin list: the plugins offered (hostnames only with rules) and their defaults.
  assert.deepEqual(config.plugins, [
    { name: "calculator", enabled: true },
    { name: "unit_converter", enabled: true },
    { name: "hash_plugin", enabled: true },
    { name: "self_info", enabled: true },
    { name: "time_zone", enabled: true },
    { name: "tracker_url_remover", enabled: true },
    { name: "oa_doi_rewrite", enabled: false },
  ]);
  assert.deepEqual(config.doi_resolvers, ["oadoi.org", "doi.org"]);
  assert.equal(config.default_doi_resolver, "oadoi.org");
  const opensearch = await search.get("/opensearch.xml");
  assert.equal(
    opensearch.headers.get("content-type"),
    "application/opensearchdescription+xml; charset=utf-8",
  );
  const xml = await opensearch.text();
  assert.ok(xml.includes(`template="${search.url.origin}/search?q={searchTerms}"`));
  assert.ok(xml.includes(`template="${search.url.origin}/autocompleter?q={searchTerms}"`));
});

Deno.test("with server.base_url set, opensearch.xml and RSS link to it whatever Host the request named", async () => {
  await using search = await startSearch({ server: "  base_url: https://search.example.org/\n" });
  const behindProxy = { headers: { Host: "10.0.0.5:8080" } };
  const xml = await (await search.get("/opensearch.xml", behindProxy)).text();
  assert.ok(xml.includes('template="https://search.example.org/search?q={searchTerms}"'), xml);
  assert.ok(xml.includes('template="https://search.example.org/opensearch.xml"'), xml);
  assert.doesNotMatch(xml, /10\.0\.0\.5|127\.0\.0\.1/);
  const feed = await (await search.get("/search?q=rust&format=rss", behindProxy)).text();
  assert.ok(
    feed.includes("<link>https://search.example.org/search?q=rust&amp;format=rss</link>"),
    feed,
  );
  assert.doesNotMatch(feed, /10\.0\.0\.5|127\.0\.0\.1:/);
});

Deno.test("a failing autocomplete backend answers no suggestions and logs why, never what was typed", async () => {
  await using search = await startSearch();
  search.upstream.route("/duckduckgo/ac/", () => html("blocked", 403));
  const answer = await search.get("/autocompleter?q=secretword");
  assert.deepEqual(await answer.json(), ["secretword", []]);
  assert.equal(search.logged.length, 1);
  assert.match(
    search.logged[0],
    /^search: \d{4}-\d\d-\d\dT[\d:.]+Z autocomplete duckduckgo failed: access denied \(\w+Error\)$/,
  );
  assert.doesNotMatch(search.logged[0], /secretword/);
});

Deno.test("/autocompleter answers OpenSearch suggestions, or a plain list to scripts", async () => {
  await using search = await startSearch();
  const opensearch = await search.get("/autocompleter?q=rust");
  assert.equal(
    opensearch.headers.get("content-type"),
    "application/x-suggestions+json; charset=utf-8",
  );
  assert.deepEqual(await opensearch.json(), ["rust", ["rust programming", "rust game", "rustup"]]);
  const xhr = await search.get("/autocompleter?q=rust", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
  });
  assert.deepEqual(await xhr.json(), ["rust programming", "rust game", "rustup"]);
  const [request] = search.upstream.requests;
  assert.equal(request.url.pathname, "/duckduckgo/ac/");
  const bangs = await (await search.get("/autocompleter?q=!mj")).json();
  assert.deepEqual(bangs, ["!mj", ["!mjk", "!mjkn"]]);
  const named = await (await search.get("/autocompleter?q=!mo")).json();
  assert.deepEqual(named, ["!mo", ["!mojeek", "!mojeek_news"]]);
  search.upstream.route("/duckduckgo/ac/", () => html("broken", 500));
  assert.deepEqual(await (await search.get("/autocompleter?q=rus")).json(), ["rus", []]);
});
