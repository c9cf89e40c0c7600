// The seven search providers played from their fixtures on one loopback server, and the settings
// that point a search instance at them (each provider under its own path prefix).
import { parseSettings, type Settings } from "../../search/settings.ts";
import { ENGINE_MODULES } from "../../search/engines/mod.ts";
import { type FakeUpstream, html, json, startFakeUpstream } from "./fake_upstream.ts";

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

/** Serves each provider's normal answers; tests replace routes to inject faults. */
export async function startFakeProviders(
  options: { record?: boolean } = {},
): Promise<FakeUpstream> {
  const page = (engine: string, name: string) => {
    const body = providerFixture(engine, name);
    return () => html(body);
  };
  const data = (engine: string, name: string) => {
    const body = JSON.parse(providerFixture(engine, name));
    return () => json(body);
  };
  const ddgPage1 = page("duckduckgo", "page1.html");
  const ddgPage2 = page("duckduckgo", "page2.html");
  const ddgSuggest = () => json(["rust", ["rust programming", "rust game", "rustup"]]);
  const startpageHome = page("startpage", "home.html");
  const startpageResults = page("startpage", "results_web.html");
  const summary = data("wikipedia", "summary_rust.json");
  const wikiSearch = data("wikipedia", "search_hit.json");
  return await startFakeUpstream({
    "/duckduckgo/html/": (r) => new URLSearchParams(r.body).get("s") ? ddgPage2() : ddgPage1(),
    "/duckduckgo/ac/": ddgSuggest,
    "/brave/search": page("brave", "page1.html"),
    "/bing/search": page("bing", "page1.html"),
    "/mojeek/search": (r) =>
      r.url.searchParams.get("fmt") === "news"
        ? page("mojeek", "news.html")()
        : page("mojeek", "page1.html")(),
    "/startpage/sp/search": startpageResults,
    "/startpage/": startpageHome,
    "/wikipedia/api/rest_v1/page/summary/": summary,
    "/wikipedia/w/api.php": wikiSearch,
    "/qwant/v3/search/": data("qwant", "web.json"),
  }, options);
}

/** Settings YAML (SearXNG style) that sends every provider to `origin`. */
export function fakeProviderSettingsYaml(
  origin: string,
  extra: { server?: string; search?: string; engineExtra?: Record<string, string> } = {},
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
