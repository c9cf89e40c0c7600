// What the result-rewriting plugins do to one search's results, as SearXNG's `on_result` hooks do
// before results are merged: each link of a result rewritten (oa_doi_rewrite on the result's own
// link, then tracker_url_remover, then hostnames on every link), a result dropped when hostnames
// removes its host, and its ranking priority. Merging runs after, so links that become the same
// merge as duplicates do.
import { parsedUrl } from "../core/url.ts";
import type { SearchResult } from "../core/types.ts";
import type { PluginId } from "./catalog.ts";
import { doiResolved } from "./oa_doi_rewrite.ts";
import { HostnameRules, type Priority } from "./hostnames.ts";
import { withoutTrackers } from "./tracker_url_remover.ts";

/** The plugins' configuration from settings, compiled once. */
export interface PluginConfig {
  hostnames: HostnameRules;
  /** Settings' `doi_resolvers`: name → the URL oa_doi_rewrite appends DOIs to. */
  doiResolvers: Readonly<Record<string, string>>;
  /** Settings' `default_doi_resolver`, one of doiResolvers' names. */
  defaultDoiResolver: string;
}

export interface ResultRules {
  /** False when the result linking to `url` is to go (hostnames' `remove`). */
  keeps(url: URL): boolean;
  /** A link after the plugins; null when it is to go. `own`: the result's own link. */
  link(url: URL, own: boolean): URL | null;
  priority(url: URL): Priority;
}

/**
 * The rules of the plugins on for one search; `doiResolver` names the person's resolver (one the
 * settings do not list means the default, as in SearXNG).
 */
export function resultRules(
  config: PluginConfig,
  active: ReadonlySet<PluginId>,
  doiResolver: string,
): ResultRules {
  const hostnames = active.has("hostnames") && !config.hostnames.empty ? config.hostnames : null;
  const trackers = active.has("tracker_url_remover");
  const doi = active.has("oa_doi_rewrite");
  const resolver = config.doiResolvers[
    Object.hasOwn(config.doiResolvers, doiResolver) ? doiResolver : config.defaultDoiResolver
  ];
  return {
    keeps: (url) => hostnames === null || !hostnames.removes(url),
    link(url, own) {
      let link = doi && own ? doiResolved(url, resolver) ?? url : url;
      if (trackers) link = withoutTrackers(link);
      if (hostnames === null) return link;
      return hostnames.removes(link) ? null : hostnames.replaced(link);
    },
    priority: (url) => hostnames?.priority(url) ?? "",
  };
}

/**
 * Every field of a result that holds a link: SearXNG's (url, img_src, thumbnail_src, thumbnail,
 * iframe_src; audio_src we do not have) and the kinds' own links (a paper's PDF, a package's
 * homepage and source code).
 */
const LINK_FIELDS = [
  "thumbnail",
  "img_src",
  "thumbnail_src",
  "iframe_src",
  "pdf_url",
  "homepage",
  "source_code_url",
] as const;

/**
 * `result` (changed in place) after the rules, or null when it is to go: its host is removed, or
 * its own link or, for an image, its picture is.
 */
export function applyRules(result: SearchResult, rules: ResultRules): SearchResult | null {
  const own = URL.parse(result.url);
  if (own === null || !rules.keeps(own)) return null;
  const link = rules.link(own, true);
  if (link === null) return null;
  result.url = link.href;
  result.parsed_url = parsedUrl(link);
  const fields = result as unknown as Record<string, unknown>;
  for (const field of LINK_FIELDS) {
    const value = fields[field];
    const parsed = typeof value === "string" ? URL.parse(value) : null;
    if (parsed !== null) fields[field] = rules.link(parsed, false)?.href ?? null;
  }
  if (result.template === "images.html" && result.img_src === null) return null;
  result.priority = rules.priority(link);
  return result;
}

/** A link that is not a result's own (an answer's, an infobox's) after the rules; null: it goes. */
export function ruledLink(link: string | null, rules: ResultRules): string | null {
  const parsed = link === null ? null : URL.parse(link);
  return parsed === null ? null : rules.link(parsed, false)?.href ?? null;
}

/** Rules that change nothing (no plugin on). */
export const NO_RULES: ResultRules = {
  keeps: () => true,
  link: (url) => url,
  priority: () => "",
};
