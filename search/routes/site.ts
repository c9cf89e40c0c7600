// What every page needs to know about this instance and the visitor's preferences.
import type { Context } from "hono";
import { enabledCategories } from "../core/engine_choice.ts";
import { LANGUAGE_TAG } from "../core/query_syntax.ts";
import { proxiedImageUrl } from "../service/image_proxy.ts";
import { embedPageUrl } from "../service/video_embed.ts";
import type { Searcher } from "../service/searcher.ts";
import type { Settings } from "../settings/types.ts";
import type { Preferences } from "../core/preferences.ts";
import { readPreferences } from "../http/preference_cookies.ts";
import type { SiteView } from "../pages/layout.ts";

/** What search's routes share: settings, the searcher, the signing secret. */
export interface SearchDeps {
  settings: Settings;
  searcher: Searcher;
  /** Signs image proxy URLs. */
  secret: string;
  /** Tests fetch images from loopback; production never does. */
  imageProxyAllowsPrivate?: boolean;
  /** Who a request comes from, through the trusted proxies (http/trusted_proxies.ts). */
  clientAddress: (c: Context) => string;
}

/** The languages the search form offers, in order. */
export const LANGUAGES: { tag: string; label: string }[] = [
  { tag: "all", label: "Any language" },
  { tag: "auto", label: "Auto-detect (browser)" },
  { tag: "en", label: "English" },
  { tag: "de", label: "Deutsch" },
  { tag: "fr", label: "Français" },
  { tag: "es", label: "Español" },
  { tag: "it", label: "Italiano" },
  { tag: "pt", label: "Português" },
  { tag: "nl", label: "Nederlands" },
  { tag: "pl", label: "Polski" },
  { tag: "sv", label: "Svenska" },
  { tag: "ru", label: "Русский" },
  { tag: "uk", label: "Українська" },
  { tag: "tr", label: "Türkçe" },
  { tag: "ja", label: "日本語" },
  { tag: "ko", label: "한국어" },
  { tag: "zh", label: "中文" },
];

/** A visitor's preferences before they choose any: the settings' defaults. */
export function defaultPreferences(settings: Settings): Preferences {
  return {
    language: settings.search.default_lang,
    safesearch: settings.search.safe_search,
    theme: "auto",
    method: settings.server.method,
    disabled_engines: [],
    enabled_engines: [],
    disabled_plugins: [],
    enabled_plugins: [],
    doi_resolver: settings.default_doi_resolver,
    image_proxy: settings.server.image_proxy,
  };
}

/** The visitor's preferences: their cookies over the defaults. */
export function preferencesOf(c: Context, deps: SearchDeps): Preferences {
  return readPreferences(c, defaultPreferences(deps.settings), deps.searcher.engines);
}

/** What every page shows of the instance, for this visitor. */
export function siteView(deps: SearchDeps, prefs: Preferences): SiteView {
  const { settings, searcher, secret } = deps;
  return {
    instanceName: settings.general.instance_name,
    // A tab for each category in which an engine is on for this person.
    categories: enabledCategories(searcher.engines, prefs),
    extraFormats: settings.search.formats.filter((f) => f !== "html"),
    autocomplete: settings.search.autocomplete !== "",
    imageProxy: prefs.image_proxy ? (url) => proxiedImageUrl(secret, url) : (url) => url,
    videoEmbed: (video) => embedPageUrl(secret, video),
    languages: LANGUAGES,
  };
}

/**
 * The origin links that leave the page (opensearch.xml, RSS) are built on: `server.base_url` when
 * set, else the request's own (its Host was checked well-formed before any route ran).
 */
export function publicOrigin(c: Context, settings: Settings): string {
  return settings.server.base_url ?? new URL(c.req.url).origin;
}

/** "auto" becomes the browser's first language, or "all" when it sends none we can use. */
export function resolveLanguage(language: string, acceptLanguage: string | undefined): string {
  if (language !== "auto") return language;
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim() ?? "";
  return LANGUAGE_TAG.test(first) ? first : "all";
}

/**
 * True when the browser says a state-changing form post comes from another origin, so a
 * cross-site form cannot set someone's preferences. Unlike diagram's isSameOrigin, which needs
 * proof of the same origin for signed-in writes, a request with no witness passes: it comes from a
 * program, which can set its own preference cookies anyway. Browsers send `Origin: null` on our own
 * forms (we ask for no referrer), so Sec-Fetch-Site, when present, is the better witness.
 */
export function isCrossOrigin(c: Context): boolean {
  const site = c.req.header("sec-fetch-site");
  if (site !== undefined) return site !== "same-origin" && site !== "none";
  const origin = c.req.header("origin");
  return origin !== undefined && origin !== "null" && origin !== new URL(c.req.url).origin;
}
