// Test support for the settings modules: the shipped file, a module table like the real one and
// the engines the shipped file gives.
import { stringify } from "yaml";
import { parseSettings } from "./load.ts";
import type { EngineSettings, ModuleTable, SettingsEnv } from "./types.ts";
import type { PluginSettings } from "./types.ts";

/** The plugin settings of the shipped file (hostnames is not offered without rules). */
export const SHIPPED_PLUGIN_SETTINGS: PluginSettings = {
  plugins: [
    { id: "calculator", active: true },
    { id: "unit_converter", active: true },
    { id: "hash_plugin", active: true },
    { id: "self_info", active: true },
    { id: "time_zone", active: true },
    { id: "tracker_url_remover", active: true },
    { id: "oa_doi_rewrite", active: false },
  ],
  hostnames: { replace: [], remove: [], low_priority: [], high_priority: [] },
  doi_resolvers: { "oadoi.org": "https://oadoi.org/", "doi.org": "https://doi.org/" },
  default_doi_resolver: "oadoi.org",
};

const SHIPPED = Deno.readTextFileSync(new URL("../settings.yml", import.meta.url));
export const FIXTURES = new URL("../../tests/fixtures/search/settings/", import.meta.url);
export const SECRET = "0123456789abcdef0123";

export const MODULES: ModuleTable = {
  duckduckgo: { categories: ["general"], autocomplete: {} },
  brave: { categories: ["general", "news"], autocomplete: {} },
  bing: { categories: ["general", "news"] },
  mojeek: { categories: ["general", "news"] },
  startpage: { categories: ["general", "news"] },
  wikipedia: { categories: ["general"], autocomplete: {} },
  qwant: { categories: ["general", "news"], autocomplete: {} },
  bing_images: { categories: ["images"] },
  duckduckgo_images: { categories: ["images"] },
  wikicommons: { categories: ["images"] },
  youtube: { categories: ["videos", "music"] },
  dailymotion: { categories: ["videos"] },
  peertube: { categories: ["videos"] },
  bing_news: { categories: ["news"] },
  reddit: { categories: ["social media"] },
  arxiv: { categories: ["science", "scientific publications"] },
  pubmed: { categories: ["science", "scientific publications"] },
  crossref: { categories: ["science", "scientific publications"] },
  openalex: { categories: ["science", "scientific publications"] },
  github: { categories: ["it", "repos"] },
  stackexchange: { categories: ["it", "q&a"] },
  mdn: { categories: ["it"] },
  npm: { categories: ["it", "packages"] },
  crates: { categories: ["it", "packages", "cargo"] },
  pypi: { categories: ["it", "packages"] },
};

/** The settings from the shipped file and `userText` as the user's file (null: none). */
export function load(userText: string | null, env: SettingsEnv = {}) {
  return parseSettings({ defaultsText: SHIPPED, userText, modules: MODULES, env });
}

/** A user file merged over the shipped one. */
export function withDefaults(
  overrides: Record<string, unknown>,
  useDefaults: unknown = true,
): string {
  return stringify({ use_default_settings: useDefaults, ...overrides });
}

export function engineNames(userText: string): string[] {
  return load(userText).settings.engines.map((engine) => engine.name);
}

export function engine(
  name: string,
  module: string,
  shortcut: string,
  overrides: Partial<EngineSettings> = {},
): EngineSettings {
  return {
    name,
    engine: module,
    shortcut,
    disabled: false,
    timeout: 3,
    weight: 1,
    base_url: null,
    api_key: null,
    categories: ["general"],
    ...overrides,
  };
}

export const SHIPPED_ENGINES = [
  engine("duckduckgo", "duckduckgo", "ddg"),
  engine("brave", "brave", "br"),
  engine("bing", "bing", "bi"),
  engine("mojeek", "mojeek", "mjk"),
  engine("startpage", "startpage", "sp"),
  engine("wikipedia", "wikipedia", "wp"),
  engine("qwant", "qwant", "qw", { disabled: true }),
  engine("mojeek news", "mojeek", "mjkn", { categories: ["news"] }),
  engine("startpage news", "startpage", "spn", { categories: ["news"], disabled: true }),
  engine("qwant news", "qwant", "qwn", { categories: ["news"], disabled: true }),
  engine("bing news", "bing_news", "bin", { categories: ["news"] }),
  engine("bing images", "bing_images", "bii", { categories: ["images"] }),
  engine("duckduckgo images", "duckduckgo_images", "ddi", {
    categories: ["images"],
    disabled: true,
  }),
  engine("wikicommons.images", "wikicommons", "wci", { categories: ["images"] }),
  engine("youtube", "youtube", "yt", { categories: ["videos"] }),
  engine("dailymotion", "dailymotion", "dm", { categories: ["videos"] }),
  engine("peertube", "peertube", "ptb", { categories: ["videos"] }),
  engine("reddit", "reddit", "re", { categories: ["social media"], disabled: true }),
  engine("arxiv", "arxiv", "arx", { categories: ["science"] }),
  engine("pubmed", "pubmed", "pub", { categories: ["science"], timeout: 5 }),
  engine("crossref", "crossref", "cr", { categories: ["science"], timeout: 5 }),
  engine("openalex", "openalex", "oa", { categories: ["science"], disabled: true, timeout: 5 }),
  engine("github", "github", "gh", { categories: ["it"] }),
  engine("stackoverflow", "stackexchange", "st", { categories: ["it"] }),
  engine("mdn", "mdn", "mdn", { categories: ["it"] }),
  engine("npm", "npm", "npm", { categories: ["it"] }),
  engine("crates.io", "crates", "crates", { categories: ["it"], timeout: 5 }),
  engine("pypi", "pypi", "pypi", { categories: ["it"], disabled: true }),
];
