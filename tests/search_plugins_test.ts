// The result-rewriting plugins end to end: a search service on loopback against a fake Qwant
// serving the links under test, read through every surface (HTML, JSON, CSV, RSS), with the
// plugins switched by settings, preference cookies, the preferences form and request parameters.
import assert from "node:assert/strict";
import { json } from "./helpers/fake_upstream.ts";
import { type RunningSearch, startSearch } from "./helpers/search_instance.ts";
import { postPreferences, searchJson } from "./helpers/search_with_fakes.ts";

/** Qwant's web answer holding one result per link, in this order. */
function qwantAnswer(urls: string[]) {
  return {
    status: "success",
    data: {
      result: {
        items: {
          mainline: [{
            type: "web",
            items: urls.map((url, index) => ({
              title: `Result ${index + 1}`,
              url,
              desc: `About result ${index + 1}`,
            })),
          }],
        },
      },
    },
  };
}

function serve(search: RunningSearch, urls: string[]): void {
  search.upstream.route("/qwant/", () => json(qwantAnswer(urls)));
}

const QUERY = "q=rust&engines=qwant";

async function urlsOf(search: RunningSearch, query = QUERY, init?: RequestInit) {
  const response = await search.get(`/search?format=json&${query}`, init);
  assert.equal(response.status, 200);
  const body = await response.json();
  return body.results.map((result: { url: string }) => result.url);
}

const TRACKED = "https://example.com/guide?utm_source=newsletter&id=7&fbclid=IwAR0&gclid=Cj0#part";
const CLEAN = "https://example.com/guide?id=7#part";

Deno.test("tracking parameters leave result links in HTML, JSON, CSV and RSS", async () => {
  await using search = await startSearch();
  serve(search, [TRACKED]);
  assert.deepEqual(await urlsOf(search), [CLEAN]);
  const page = await (await search.get(`/search?${QUERY}`)).text();
  assert.ok(page.includes(`href="${CLEAN}"`), "the HTML result links the clean URL");
  const csv = await (await search.get(`/search?format=csv&${QUERY}`)).text();
  const rss = await (await search.get(`/search?format=rss&${QUERY}`)).text();
  assert.ok(csv.includes(CLEAN));
  assert.ok(rss.includes(`<link>${CLEAN}</link>`), rss);
  for (const [surface, body] of [["html", page], ["csv", csv], ["rss", rss]]) {
    for (const tracker of ["utm_source", "fbclid", "gclid"]) {
      assert.ok(!body.includes(tracker), `${tracker} in ${surface}`);
    }
  }
});

Deno.test("a person who switched tracker_url_remover off gets the links as the upstream gave them", async () => {
  await using search = await startSearch();
  serve(search, [TRACKED]);
  const cookie = "disabled_plugins=tracker_url_remover; enabled_plugins=";
  assert.deepEqual(await urlsOf(search, QUERY, { headers: { cookie } }), [TRACKED]);
  // The same switch sent with one request, as SearXNG's parameters, wins over the cookies.
  assert.deepEqual(await urlsOf(search, `${QUERY}&disabled_plugins=tracker_url_remover`), [
    TRACKED,
  ]);
  assert.deepEqual(
    await urlsOf(search, `${QUERY}&disabled_plugins=`, { headers: { cookie } }),
    [CLEAN],
  );
});

Deno.test("unticking a plugin on the preferences page saves it in cookies that later searches follow", async () => {
  await using search = await startSearch();
  serve(search, [TRACKED]);
  const page = await (await search.get("/preferences")).text();
  assert.match(page, /<input type="checkbox"\s+id="plugin_tracker_url_remover"[^>]* checked/);
  const form = new URLSearchParams({ engine_brave__general: "on", plugin_calculator: "on" });
  const saved = await postPreferences(search, form);
  assert.equal(saved.status, 303);
  const cookies = saved.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  assert.ok(
    cookies.includes(
      "disabled_plugins=unit_converter%2Chash_plugin%2Cself_info%2Ctime_zone%2Ctracker_url_remover",
    ),
    cookies.join("\n"),
  );
  assert.ok(cookies.includes("enabled_plugins="));
  const cookie = cookies.join("; ");
  assert.deepEqual(await urlsOf(search, QUERY, { headers: { cookie } }), [TRACKED]);
  const again = await (await search.get("/preferences", { headers: { cookie } })).text();
  assert.doesNotMatch(
    again,
    /<input type="checkbox"\s+id="plugin_tracker_url_remover"[^>]* checked/,
  );
});

const HOSTNAMES = `hostnames:
  replace:
    '(.*\\.)?youtube\\.com$': 'invidious.example.org'
  remove:
    - '(.*\\.)?pinterest\\.com$'
  low_priority:
    - '(.*\\.)?google(\\..*)?$'
  high_priority:
    - '(.*\\.)?wikipedia\\.org$'
`;

const MIXED = [
  "https://www.google.com/search/howsearchworks/",
  "https://www.pinterest.com/pin/12345/",
  "https://www.youtube.com/watch?v=abc&list=x",
  "https://blog.example.com/rust",
  "https://en.wikipedia.org/wiki/Rust_(programming_language)",
];

Deno.test("hostnames rules rewrite youtube.com to Invidious, remove pinterest and re-rank", async () => {
  await using search = await startSearch({ top: HOSTNAMES });
  serve(search, MIXED);
  const body = await searchJson(search, QUERY);
  assert.deepEqual(body.results.map((result) => [result.url, result.priority]), [
    ["https://en.wikipedia.org/wiki/Rust_(programming_language)", "high"],
    ["https://invidious.example.org/watch?v=abc&list=x", ""],
    ["https://blog.example.com/rust", ""],
    ["https://www.google.com/search/howsearchworks/", "low"],
  ]);
  // The rewritten result's parsed_url follows its link; the removed one left no gap in positions.
  const invidious = body.results[1];
  assert.equal((invidious.parsed_url as string[])[1], "invidious.example.org");
  assert.deepEqual(invidious.positions, [2]);
  const page = await (await search.get(`/search?${QUERY}`)).text();
  assert.ok(page.includes('href="https://invidious.example.org/watch?v=abc&amp;list=x"'));
  assert.ok(!page.includes("pinterest"));
  const config = await (await search.get("/config")).json();
  assert.ok(config.plugins.some((plugin: { name: string }) => plugin.name === "hostnames"));
});

Deno.test("a person who switches hostnames off gets the upstream's hosts and order", async () => {
  await using search = await startSearch({ top: HOSTNAMES });
  serve(search, MIXED);
  const urls = await urlsOf(search, `${QUERY}&disabled_plugins=hostnames`);
  assert.deepEqual(urls, MIXED);
  const page = await (await search.get("/preferences")).text();
  assert.match(page, /<label for="plugin_hostnames">Hostnames<\/label>/);
});

Deno.test("oa_doi_rewrite is off by default, and once switched on sends DOI links to the resolver", async () => {
  await using search = await startSearch();
  const doi = "https://doi.org/10.1038/nature12373";
  serve(search, [doi, "https://example.com/plain"]);
  assert.deepEqual(await urlsOf(search), [doi, "https://example.com/plain"]);
  assert.deepEqual(
    await urlsOf(search, `${QUERY}&disabled_plugins=&enabled_plugins=oa_doi_rewrite`),
    ["https://oadoi.org/10.1038/nature12373", "https://example.com/plain"],
  );
});

Deno.test("a person's doi_resolver preference picks among the settings' resolvers", async () => {
  await using search = await startSearch();
  serve(search, ["https://doi.org/10.1038/nature12373"]);
  const on = `${QUERY}&disabled_plugins=&enabled_plugins=oa_doi_rewrite`;
  const cookie = "doi_resolver=doi.org";
  assert.deepEqual(await urlsOf(search, on, { headers: { cookie } }), [
    "https://doi.org/10.1038/nature12373",
  ]);
  assert.deepEqual(await urlsOf(search, `${on}&doi_resolver=not-listed`), [
    "https://oadoi.org/10.1038/nature12373",
  ]);
  const page = await (await search.get("/preferences", { headers: { cookie } })).text();
  assert.match(page, /<option value="doi.org" selected>/);
});

Deno.test("a resolver from settings is where DOI links go", async () => {
  await using search = await startSearch({
    top: `plugins:
  searx.plugins.oa_doi_rewrite.SXNGPlugin:
    active: true
doi_resolvers:
  my.resolver: 'https://resolver.example.org/doi/'
default_doi_resolver: 'my.resolver'
`,
  });
  serve(search, ["https://www.nature.com/articles/10.1038/nature12373.pdf?utm_source=x"]);
  // The user's plugins list replaced the shipped one: only oa_doi_rewrite is offered, so the
  // tracker remover is not (the resolver's link carries no query anyway).
  assert.deepEqual(await urlsOf(search), ["https://resolver.example.org/doi/10.1038/nature12373"]);
  const config = await (await search.get("/config")).json();
  assert.deepEqual(config.plugins, [{ name: "oa_doi_rewrite", enabled: true }]);
  assert.deepEqual(config.doi_resolvers, ["oadoi.org", "doi.org", "my.resolver"]);
});
