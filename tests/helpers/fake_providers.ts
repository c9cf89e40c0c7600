// Every search provider, played from its fixtures on one loopback server, and the settings
// that point a search instance at them (each provider under its own path prefix).
import { parseSettings } from "../../search/settings/load.ts";
import type { Settings } from "../../search/settings/types.ts";
import { ENGINE_MODULES } from "../../search/engines/mod.ts";
import {
  delayed,
  type FakeUpstream,
  startFakeUpstream,
  type UpstreamHandler,
} from "./fake_upstream.ts";

const FIXTURES = new URL("../fixtures/search/", import.meta.url);

export function providerFixture(engine: string, name: string): string {
  return Deno.readTextFileSync(new URL(`${engine}/${name}`, FIXTURES));
}

export const PROVIDERS = [
  "duckduckgo",
  "brave",
  "bing",
  "mojeek",
  "startpage",
  "wikipedia",
  "qwant",
] as const;

/**
 * Serves each provider's normal answers; tests replace routes to inject faults. `delayMs` holds
 * every answer back (the benchmark's slow upstreams).
 */
export async function startFakeProviders(
  { record = true, delayMs = 0 }: { record?: boolean; delayMs?: number } = {},
): Promise<FakeUpstream> {
  // Encoded once: the benchmark's upstream should cost as little CPU as a real CDN would.
  const answer = (body: string, type: string) => {
    const bytes = new TextEncoder().encode(body);
    return () => new Response(bytes, { headers: { "Content-Type": type } });
  };
  const page = (engine: string, name: string) =>
    answer(providerFixture(engine, name), "text/html; charset=utf-8");
  const data = (engine: string, name: string) =>
    answer(providerFixture(engine, name), "application/json");
  const ddgPage1 = page("duckduckgo", "page1.html");
  const ddgPage2 = page("duckduckgo", "page2.html");
  const ddgSuggest = answer(
    JSON.stringify(["rust", ["rust programming", "rust game", "rustup"]]),
    "application/json",
  );
  const startpageHome = page("startpage", "home.html");
  const mojeekWeb = page("mojeek", "page1.html");
  const mojeekNews = page("mojeek", "news.html");
  const startpageResults = page("startpage", "results_web.html");
  const summary = data("wikipedia", "summary_rust.json");
  const wikiSearch = data("wikipedia", "search_hit.json");
  const routes: Record<string, UpstreamHandler> = {
    "/duckduckgo/html/": (r) => new URLSearchParams(r.body).get("s") ? ddgPage2() : ddgPage1(),
    "/duckduckgo/ac/": ddgSuggest,
    "/brave/search": page("brave", "page1.html"),
    "/bing/search": page("bing", "page1.html"),
    "/mojeek/search": (r) => r.url.searchParams.get("fmt") === "news" ? mojeekNews() : mojeekWeb(),
    "/startpage/sp/search": startpageResults,
    "/startpage/": startpageHome,
    "/wikipedia/api/rest_v1/page/summary/": summary,
    "/wikipedia/w/api.php": wikiSearch,
    "/qwant/v3/search/": data("qwant", "web.json"),
    "/bing_images/images/async": page("bing_images", "page1.html"),
    "/duckduckgo_images/i.js": data("duckduckgo_images", "images.json"),
    "/duckduckgo_images/": page("duckduckgo_images", "token_page.html"),
    "/wikicommons/w/api.php": data("wikicommons", "search.json"),
    "/youtube/results": page("youtube", "results.html"),
    "/dailymotion/videos": data("dailymotion", "videos.json"),
    "/peertube/api/v1/search/videos": data("peertube", "videos.json"),
    "/bing_news/news/infinitescrollajax": page("bing_news", "news.html"),
    "/reddit/search.json": data("reddit", "search.json"),
    "/arxiv/api/query": answer(providerFixture("arxiv", "search.xml"), "application/atom+xml"),
    "/pubmed/entrez/eutils/esearch.fcgi": data("pubmed", "esearch.json"),
    "/pubmed/entrez/eutils/efetch.fcgi": answer(
      providerFixture("pubmed", "efetch.xml"),
      "text/xml",
    ),
    "/crossref/works": data("crossref", "works.json"),
    "/openalex/works": data("openalex", "works.json"),
    "/github/search/repositories": data("github", "repositories.json"),
    "/stackexchange/2.3/search/advanced": data("stackexchange", "search.json"),
    "/mdn/api/v1/search": data("mdn", "search.json"),
    "/npm/-/v1/search": data("npm", "search.json"),
    "/crates/api/v1/crates": data("crates", "search.json"),
    "/pypi/search/": page("pypi", "search.html"),
  };
  if (delayMs > 0) {
    for (const [prefix, handler] of Object.entries(routes)) {
      routes[prefix] = (request) => delayed(delayMs, request, () => handler(request) as Response);
    }
  }
  return await startFakeUpstream(routes, { record });
}

/** Settings YAML (SearXNG style) that sends every provider to `origin`. */
export function fakeProviderSettingsYaml(
  origin: string,
  extra: {
    server?: string;
    search?: string;
    engineExtra?: Record<string, string>;
    /** More top-level sections (plugins, hostnames …), as YAML. */
    top?: string;
  } = {},
): string {
  const engines = [
    ["duckduckgo", "duckduckgo"],
    ["brave", "brave"],
    ["bing", "bing"],
    ["mojeek", "mojeek"],
    ["startpage", "startpage"],
    ["wikipedia", "wikipedia"],
    ["qwant", "qwant"],
    ["mojeek news", "mojeek"],
    ["startpage news", "startpage"],
    ["qwant news", "qwant"],
    ["bing news", "bing_news"],
    ["bing images", "bing_images"],
    ["duckduckgo images", "duckduckgo_images"],
    ["wikicommons.images", "wikicommons"],
    ["youtube", "youtube"],
    ["dailymotion", "dailymotion"],
    ["peertube", "peertube"],
    ["reddit", "reddit"],
    ["arxiv", "arxiv"],
    ["pubmed", "pubmed"],
    ["crossref", "crossref"],
    ["openalex", "openalex"],
    ["github", "github"],
    ["stackoverflow", "stackexchange"],
    ["mdn", "mdn"],
    ["npm", "npm"],
    ["crates.io", "crates"],
    ["pypi", "pypi"],
  ];
  const entries = engines.map(([name, module]) => {
    const more = extra.engineExtra?.[name] ?? "";
    const baseUrl = more.includes("base_url:") ? "" : `    base_url: ${origin}/${module}\n`;
    return `  - name: ${name}\n${baseUrl}${more}`;
  }).join("");
  return `use_default_settings: true
server:
  secret_key: "a-test-secret-of-sufficient-length"
${extra.server ?? ""}
search:
  autocomplete: duckduckgo
${extra.search ?? ""}
${extra.top ?? ""}
engines:
${entries}`;
}

export function fakeProviderSettings(
  origin: string,
  extra?: Parameters<typeof fakeProviderSettingsYaml>[1],
): Settings {
  return parseSettings({
    defaultsText: Deno.readTextFileSync(new URL("../../search/settings.yml", import.meta.url)),
    userText: fakeProviderSettingsYaml(origin, extra),
    modules: ENGINE_MODULES,
    env: {},
  }).settings;
}
