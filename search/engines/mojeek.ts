// Mojeek, an independent index with its own crawler: web and news results pages. Language and
// region travel as the cookies Mojeek's preferences page sets.
import {
  AccessDeniedError,
  emptyResults,
  type EngineModule,
  type EngineResult,
  ParseError,
  type TimeRange,
} from "../core/engine.ts";
import { all, attr, type Document, type Element, first, parseHtml, text } from "./toolkit/html.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";

const RESULTS_PER_PAGE = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_RANGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 30, year: 365 };

// Web and news pages list their results differently.
const LAYOUTS = {
  general: { item: "ul.results-standard > li", link: "a.ob" },
  news: { item: "section.news-search-result article", link: "h2 a" },
} as const;

/** Mojeek's `since` filter: the first day to include, as YYYYMMDD. */
function since(now: Date, timeRange: TimeRange): string {
  const day = new Date(now.getTime() - TIME_RANGE_DAYS[timeRange] * DAY_MS);
  return day.toISOString().slice(0, 10).replaceAll("-", "");
}

function localeCookies(language: string): Record<string, string> {
  const locale = localeOf(language);
  if (!locale) return {};
  const cookies: Record<string, string> = { lb: locale.language };
  if (locale.country) cookies.arc = locale.country.toLowerCase();
  return cookies;
}

function itemResult(item: Element, link: string): EngineResult | null {
  const url = httpUrl(attr(first(item, link), "href"));
  const title = text(first(item, "h2 a"));
  if (!url || !title) return null;
  return { url, title, content: text(first(item, "p.s")) };
}

function isResultsPage(doc: Document): boolean {
  return first(doc, "div.results, section.news-search-result") !== null;
}

export const mojeek: EngineModule = {
  id: "mojeek",
  website: "https://www.mojeek.com",
  defaultBaseUrl: "https://www.mojeek.com",
  categories: ["general", "news"],
  paging: true,
  maxPage: 10,
  timeRange: true,
  safesearch: true,
  language: true,

  request(query, context) {
    const isNews = query.category === "news";
    // Mojeek pages web results only; a news "page 2" would repeat page 1.
    if (isNews && query.pageno > 1) return null;
    const params = new URLSearchParams({ q: query.query, safe: query.safesearch > 0 ? "1" : "0" });
    if (isNews) params.set("fmt", "news");
    // Sending s=0 for the first page trips Mojeek's rate limit.
    if (query.pageno > 1) params.set("s", String(RESULTS_PER_PAGE * (query.pageno - 1)));
    if (query.timeRange) params.set("since", since(context.now, query.timeRange));
    return {
      url: `${context.baseUrl}/search?${params}`,
      cookies: localeCookies(query.language),
    };
  },

  parse(response, query) {
    const doc = parseHtml(response.body);
    if (!isResultsPage(doc)) {
      if (text(doc).includes("appears to be sending automated queries")) {
        throw new AccessDeniedError("Mojeek blocks automated queries from this network");
      }
      throw new ParseError("no result list");
    }
    const layout = query.category === "news" ? LAYOUTS.news : LAYOUTS.general;
    const results = all(doc, layout.item)
      .map((item) => itemResult(item, layout.link))
      .filter((result) => result !== null);
    const corrections = all(doc, "div.top-info > p.top-info.spell > em > a").map(text)
      .filter(Boolean);
    return { ...emptyResults(), results, corrections };
  },
};
