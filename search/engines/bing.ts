// Bing's web results page. Paging and time filters need Bing's JavaScript, so neither is offered.
import {
  CaptchaError,
  emptyResults,
  type EngineModule,
  type EngineResult,
  ParseError,
  type UpstreamResponse,
} from "../core/engine.ts";
import {
  all,
  attr,
  type Document,
  type Element,
  first,
  parseHtml,
  remove,
  text,
} from "./toolkit/html.ts";
import { readListingDate } from "./toolkit/listing_date.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";
import { decodeBase64Url } from "../../shared/base64url.ts";

/** Bing's `adlt` for each safe search level, on every vertical. */
export const BING_SAFESEARCH = { 0: "off", 1: "moderate", 2: "strict" } as const;
const BING_HOSTS = new Set(["www.bing.com", "bing.com"]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The destination of a result link. Bing wraps most of them in a click tracker,
 * `/ck/a?…&u=a1<base64url of the target>`; one that cannot be decoded yields null, so the result
 * is left out rather than shown as a tracking link.
 */
function resultUrl(href: string | undefined, baseUrl: string): string | null {
  const url = httpUrl(href);
  if (!url) return null;
  const parsed = new URL(url);
  const isTracker = parsed.pathname === "/ck/a" &&
    (BING_HOSTS.has(parsed.hostname) || parsed.host === URL.parse(baseUrl)?.host);
  if (!isTracker) return url;
  const encoded = parsed.searchParams.get("u");
  if (!encoded?.startsWith("a1")) return null;
  const bytes = decodeBase64Url(encoded.slice(2));
  if (!bytes) return null;
  try {
    return httpUrl(utf8.decode(bytes));
  } catch {
    return null;
  }
}

function algoResult(item: Element, baseUrl: string, now: Date): EngineResult | null {
  const link = first(item, "h2 a");
  const url = resultUrl(attr(link, "href"), baseUrl);
  const title = text(link);
  if (!url || !title) return null;
  const paragraphs = all(item, "p");
  // The "WEB" badge sits inside the snippet paragraph.
  remove(all(paragraphs, "span.algoSlug_icon"));
  const dateLabel = first(paragraphs, "span.news_dt");
  const date = readListingDate(text(dateLabel), now);
  if (date) remove([dateLabel!]);
  const content = paragraphs.map(text).filter(Boolean).join(" ");
  if (!date) return { url, title, content };
  // Drop the "·" that separated the date from the snippet.
  return { url, title, content: content.replace(/^·\s*/, ""), ...date };
}

/**
 * Bing's market for a language ("de" is de-DE) and the Accept-Language that goes with it, which
 * Bing reads as much as the market; null for a worldwide search. Shared by Bing's other verticals.
 */
export function bingMarket(language: string): { market: string; acceptLanguage: string } | null {
  const locale = localeOf(language);
  if (!locale?.country) return null;
  const market = `${locale.language}-${locale.country}`;
  return { market, acceptLanguage: `${market},${locale.language};q=0.9` };
}

/** Bing's challenge page, reached by redirect or framed in the answer, on every vertical. */
export function throwOnBingChallenge(response: UpstreamResponse, doc: Document): void {
  const finalPath = URL.parse(response.url)?.pathname ?? "";
  if (finalPath.startsWith("/turing/captcha") || first(doc, "iframe[src*='/turing/captcha']")) {
    throw new CaptchaError("Bing asks to solve a challenge");
  }
}

export const bing: EngineModule = {
  id: "bing",
  website: "https://www.bing.com",
  defaultBaseUrl: "https://www.bing.com",
  categories: ["general"],
  paging: false,
  maxPage: 0,
  timeRange: false,
  safesearch: true,
  language: true,

  request(query, context) {
    const params = new URLSearchParams({ q: query.query, adlt: BING_SAFESEARCH[query.safesearch] });
    const headers: Record<string, string> = {};
    const market = bingMarket(query.language);
    if (market) {
      params.set("mkt", market.market);
      headers["Accept-Language"] = market.acceptLanguage;
    }
    return { url: `${context.baseUrl}/search?${params}`, headers };
  },

  parse(response, _query, context) {
    const doc = parseHtml(response.body);
    throwOnBingChallenge(response, doc);
    if (!first(doc, "ol#b_results")) throw new ParseError("no result list");
    const results = all(doc, "ol#b_results > li.b_algo")
      .map((item) => algoResult(item, context.baseUrl, context.now))
      .filter((result) => result !== null);
    return { ...emptyResults(), results };
  },
};
