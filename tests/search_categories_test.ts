// The science and IT categories through the real service against fake providers on loopback:
// `categories=` and `engines=` pick their engines as SearXNG clients name them, papers carry
// their DOI and authors and merge across engines by DOI.
import assert from "node:assert/strict";
import { startFakeUpstream } from "./helpers/fake_upstream.ts";
import { startSearch } from "./helpers/search_instance.ts";
import { askedProviders, searchJson } from "./helpers/search_with_fakes.ts";

const SUPREMACY_DOI = "10.1038/s41586-019-1666-5";

Deno.test("categories=science asks the enabled science engines and answers papers", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=quantum+supremacy&categories=science");
  assert.deepEqual(body.unresponsive_engines, []);
  assert.deepEqual(
    askedProviders(search.upstream.requests),
    new Set(["arxiv", "pubmed", "crossref"]),
  );
  assert.ok(body.results.length > 5);
  for (const result of body.results) {
    assert.equal(result.template, "paper.html", result.url);
    assert.equal(result.category, "science");
  }
  const supremacy = body.results.filter((result) => result.doi === SUPREMACY_DOI);
  assert.equal(supremacy.length, 1, "one paper, however many engines found it");
  assert.deepEqual(supremacy[0].engines.toSorted(), ["arxiv", "crossref", "pubmed"]);
  assert.ok((supremacy[0].authors as string[]).includes("Frank Arute"));
  assert.equal(supremacy[0].journal, "Nature 574, 505-510 (2019)");
  assert.equal(supremacy[0].pdf_url, "https://arxiv.org/pdf/1910.11333v2");
  assert.equal(
    supremacy[0].volume,
    "574",
    "a field the first engine left empty comes from another",
  );
  assert.equal(body.results[0].doi, SUPREMACY_DOI, "found by three engines, it ranks first");
  const alphafold = body.results.find((result) => result.doi === "10.1038/s41586-021-03819-2");
  assert.deepEqual(alphafold?.engines, ["pubmed"]);
  assert.deepEqual(alphafold?.authors, ["John Jumper", "Richard Evans", "Demis Hassabis"]);
});

Deno.test("engines=arxiv,pubmed asks those two only, and their shared DOI is one result", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=quantum+supremacy&engines=arxiv,pubmed");
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["arxiv", "pubmed"]));
  const paths = search.upstream.requests.map((request) => request.url.pathname);
  assert.deepEqual(paths.filter((path) => path.startsWith("/pubmed/")), [
    "/pubmed/entrez/eutils/esearch.fcgi",
    "/pubmed/entrez/eutils/efetch.fcgi",
  ]);
  const supremacy = body.results.filter((result) => result.doi === SUPREMACY_DOI);
  assert.equal(supremacy.length, 1);
  assert.deepEqual(supremacy[0].engines, ["arxiv", "pubmed"]);
  assert.equal(supremacy[0].template, "paper.html");
  assert.deepEqual(
    new Set(body.results.map((result) => result.engine)),
    new Set(["arxiv", "pubmed"]),
  );
});

Deno.test("a disabled science engine still answers when named: engines=openalex and !oa", async () => {
  await using search = await startSearch();
  const named = await searchJson(search, "q=quantum+supremacy&engines=openalex");
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["openalex"]));
  assert.equal(named.results[0].doi, SUPREMACY_DOI);
  assert.equal(named.results[0].pdf_url, "https://arxiv.org/pdf/1910.11333");
  const bang = await searchJson(search, "q=!oa+quantum+supremacy");
  assert.deepEqual(bang.results.map((result) => result.engine), ["openalex", "openalex"]);
});

Deno.test("categories=it asks the enabled IT engines: packages from registries and GitHub, questions and docs", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=serde&categories=it");
  assert.deepEqual(body.unresponsive_engines, []);
  assert.deepEqual(
    askedProviders(search.upstream.requests),
    new Set(["github", "stackexchange", "mdn", "npm", "crates"]),
  );
  for (const result of body.results) assert.equal(result.category, "it");
  const packages = body.results.filter((result) => result.template === "packages.html");
  assert.deepEqual(
    new Set(packages.map((result) => result.engine)),
    new Set(["github", "npm", "crates.io"]),
  );
  const serde = body.results.find((result) => result.url === "https://crates.io/crates/serde");
  assert.equal(serde?.package_name, "serde");
  assert.equal(serde?.version, "1.0.228");
  assert.equal(serde?.source_code_url, "https://github.com/serde-rs/serde");
  assert.deepEqual(serde?.tags, ["serde", "serialization", "no_std"]);
  const ripgrep = body.results.find((result) => result.engine === "github");
  assert.equal(ripgrep?.popularity, "52.4k stars");
  assert.equal(ripgrep?.license_name, "The Unlicense");
  const webResults = body.results.filter((result) => result.template === "default.html");
  assert.deepEqual(
    new Set(webResults.map((result) => result.engine)),
    new Set(["stackoverflow", "mdn"]),
  );
  const crates = search.upstream.requests.find((request) =>
    request.url.pathname.startsWith("/crates/")
  );
  assert.match(crates?.headers.get("user-agent") ?? "", /^self-hosted-search\//);
  const npm = search.upstream.requests.find((request) => request.url.pathname.startsWith("/npm/"));
  assert.match(npm?.headers.get("user-agent") ?? "", /Firefox/, "only crates.io gets its own");
});

Deno.test("an api_key goes to its own provider only: GitHub's token to GitHub", async () => {
  await using search = await startSearch({
    engineExtra: { github: "    api_key: ghp_test_token_123\n" },
  });
  await searchJson(search, "q=serde&categories=it");
  for (const request of search.upstream.requests) {
    const provider = request.url.pathname.split("/")[1];
    const sent = request.headers.get("authorization");
    assert.equal(sent, provider === "github" ? "Bearer ghp_test_token_123" : null, provider);
    assert.ok(!request.url.search.includes("ghp_test_token_123"), provider);
  }
});

Deno.test("an api_key is not sent on when its provider redirects to another host", async () => {
  const key = "key-for-the-provider-only";
  // Each engine's base_url is a host that sends every request on to the fake providers: another
  // port, so another origin.
  let providers = "";
  await using redirector = await startFakeUpstream({
    "/": (request) =>
      new Response(null, {
        status: 302,
        headers: { Location: `${providers}${request.url.pathname}${request.url.search}` },
      }),
  });
  const keyed = (module: string) =>
    `    base_url: ${redirector.origin}/${module}\n    api_key: ${key}\n`;
  await using search = await startSearch({
    engineExtra: {
      github: keyed("github"),
      crossref: keyed("crossref"),
      stackoverflow: keyed("stackexchange"),
    },
  });
  providers = search.upstream.origin;
  const body = await searchJson(search, "q=rust&engines=github,crossref,stackoverflow");
  assert.deepEqual(body.unresponsive_engines, []);
  assert.deepEqual(
    new Set(body.results.map((result) => result.engine)),
    new Set(["github", "crossref", "stackoverflow"]),
  );
  const carriesKey = (request: { url: URL; headers: Headers }) =>
    request.url.search.includes(key) || [...request.headers.values()].some((v) => v.includes(key));
  assert.equal(redirector.requests.length, 3);
  assert.ok(redirector.requests.every(carriesKey), "the base_url gets the key");
  assert.deepEqual(
    askedProviders(search.upstream.requests),
    new Set(["github", "crossref", "stackexchange"]),
  );
  for (const request of search.upstream.requests) {
    assert.ok(!carriesKey(request), request.url.pathname);
    assert.equal(request.headers.get("authorization"), null, request.url.pathname);
  }
});

Deno.test("pypi, off by default, answers packages when named", async () => {
  await using search = await startSearch();
  const body = await searchJson(search, "q=requests&engines=pypi");
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["pypi"]));
  assert.deepEqual(body.results.map((result) => result.package_name), [
    "requests",
    "requests-toolbelt",
    "requests-unixsocket2",
  ]);
  assert.equal(body.results[0].version, "2.32.5");
  // The fake PyPI is a mirror at a path (base_url .../pypi): its links keep that path.
  assert.equal(body.results[0].url, `${search.upstream.origin}/pypi/project/requests/`);
});

Deno.test("Vane's academic request (engines=arxiv,google scholar,pubmed) asks arxiv and pubmed", async () => {
  await using search = await startSearch();
  const body = await searchJson(
    search,
    "q=quantum+supremacy&engines=arxiv%2Cgoogle+scholar%2Cpubmed&language=en&pageno=1",
  );
  assert.deepEqual(askedProviders(search.upstream.requests), new Set(["arxiv", "pubmed"]));
  assert.deepEqual(body.unresponsive_engines, []);
  assert.ok(body.results.every((result) => result.template === "paper.html"));
});
