// Brave Search's server-rendered results page. Region, UI language and safe search travel as
// cookies, the way Brave's own settings page stores them.
import {
  CaptchaError,
  emptyResults,
  type EngineModule,
  type EngineResult,
  ParseError,
  type TimeRange,
} from "../core/engine.ts";
import { all, attr, type Element, first, parseHtml, remove, text } from "./toolkit/html.ts";
import { type ListingDate, readListingDate } from "./toolkit/listing_date.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";
import { parseSuggestions } from "./toolkit/suggestions.ts";

const TIME_RANGE: Record<TimeRange, string> = { day: "pd", week: "pw", month: "pm", year: "py" };
const SAFESEARCH = { 0: "off", 1: "moderate", 2: "strict" } as const;

// The only UI languages Brave offers, in the order a bare language picks from them.
const UI_LANGUAGES = [
  "en-us",
  "en-gb",
  "en-ca",
  "de-de",
  "fr-fr",
  "fr-ca",
  "es",
  "ca",
  "ja-jp",
  "pt-br",
  "sq-al",
];
const DEFAULT_UI_LANGUAGE = "en-us";

function localeCookies(language: string): { country: string; ui_lang: string } {
  const locale = localeOf(language);
  if (!locale) return { country: "all", ui_lang: DEFAULT_UI_LANGUAGE };
  const exact = `${locale.language}-${locale.country}`.toLowerCase();
  const uiLanguage = UI_LANGUAGES.find((tag) => tag === exact) ??
    UI_LANGUAGES.find((tag) => tag.split("-")[0] === locale.language) ?? DEFAULT_UI_LANGUAGE;
  return { country: locale.country?.toLowerCase() ?? "all", ui_lang: uiLanguage };
}

// Snippets may open with their date: "3 days ago -", "Mar 4, 2024 -".
function snippetDate(prefix: string, now: Date): ListingDate | null {
  return readListingDate(prefix.replace(/\s*[-–—]$/, ""), now);
}

function snippetResult(item: Element, now: Date): EngineResult | null {
  // Sponsored snippets link through Brave itself (no host of their own): not results.
  const url = httpUrl(attr(first(item, "a[href]"), "href"));
  const title = text(first(item, "div[class*=title]"));
  if (!url || !title) return null;
  const result: EngineResult = { url, title, content: "" };
  const content = first(item, ".content");
  if (content) {
    const prefix = first(content, "span.t-secondary");
    const date = snippetDate(text(prefix), now);
    if (date) {
      Object.assign(result, date);
      remove([prefix!]);
    }
    result.content = text(content);
  }
  const thumbnail = httpUrl(attr(first(item, "a.thumbnail img[src]"), "src"));
  if (thumbnail) result.thumbnail = thumbnail;
  return result;
}

export const brave: EngineModule = {
  id: "brave",
  website: "https://search.brave.com",
  defaultBaseUrl: "https://search.brave.com",
  categories: ["general"],
  paging: true,
  // Deeper pages get the client flagged as a bot.
  maxPage: 10,
  timeRange: true,
  safesearch: true,
  language: true,

  request(query, context) {
    const params = new URLSearchParams({ q: query.query, source: "web" });
    if (query.pageno > 1) params.set("offset", String(query.pageno - 1));
    if (query.timeRange) params.set("tf", TIME_RANGE[query.timeRange]);
    // Brave silently searches for a "corrected" query otherwise, which we could not show.
    params.set("spellcheck", "0");
    return {
      url: `${context.baseUrl}/search?${params}`,
      cookies: {
        safesearch: SAFESEARCH[query.safesearch],
        // Without this Brave picks the region from the server's IP address.
        useLocation: "0",
        summarizer: "0",
        ...localeCookies(query.language),
      },
    };
  },

  parse(response, _query, context) {
    const doc = parseHtml(response.body);
    const finalPath = URL.parse(response.url)?.pathname ?? "";
    if (
      finalPath.startsWith("/captcha") || first(doc, "form[id*=captcha], form[action*=captcha]")
    ) {
      throw new CaptchaError("Brave asks to verify a human");
    }
    if (!first(doc, "#results")) throw new ParseError("no result list");
    const results = all(doc, "div.snippet")
      .map((item) => snippetResult(item, context.now))
      .filter((result) => result !== null);
    const suggestions = all(doc, "a.related-query").map(text).filter(Boolean);
    return { ...emptyResults(), results, suggestions };
  },

  autocomplete: {
    request(query, _language, context) {
      const params = new URLSearchParams({ q: query, rich: "false" });
      return { url: `${context.baseUrl}/api/suggest?${params}` };
    },
    parse: (response) => parseSuggestions(response.body),
  },
};
