// Bing News through the fragment its news page loads while scrolling (/news/infinitescrollajax),
// as SearXNG's bing_news asks for it: one card (div.newsitem) per article with its link, snippet,
// publisher, age ("3 hours ago" in an aria-label) and picture.
import {
  emptyResults,
  type EngineModule,
  type EngineResult,
  ParseError,
  type TimeRange,
} from "../core/engine.ts";
import { all, attr, type Element, first, parseHtml, text } from "./toolkit/html.ts";
import { bingMarket, throwOnBingChallenge } from "./bing.ts";
import { readListingDate } from "./toolkit/listing_date.ts";
import { httpUrl, linkUnderBaseUrl } from "../core/url.ts";

const PAGE_SIZE = 10;
/**
 * Bing News' own age filters: interval "7" is the past 24 hours, "8" the past 7 days, "9" the past
 * 30 days. It has none longer, and its index hardly reaches back further: a year sends none.
 */
const INTERVAL: Record<TimeRange, string | null> = {
  day: "7",
  week: "8",
  month: "9",
  year: null,
};

/**
 * The card's picture: lazy-loaded ones keep the real address in a data- attribute, often a path
 * on Bing ("/th?id=…"), read under `base_url` as SearXNG reads relative links.
 */
function thumbnail(card: Element, baseUrl: string): string | null {
  const image = first(card, "a.imagelink img");
  for (const name of ["data-src-hq", "data-src", "src"]) {
    const value = attr(image, name);
    if (!value || value.startsWith("data:")) continue;
    const link = linkUnderBaseUrl(value, baseUrl);
    if (link) return link;
  }
  return null;
}

function card(item: Element, baseUrl: string, now: Date): EngineResult | null {
  const link = first(item, "a.title");
  const url = httpUrl(attr(link, "href"));
  const title = text(link);
  if (!url || !title) return null;
  const result: EngineResult = {
    url,
    title,
    content: text(first(item, "div.snippet")),
    thumbnail: thumbnail(item, baseUrl),
  };
  const age = attr(first(item, "div.source span[aria-label]"), "aria-label") ?? "";
  return { ...result, ...readListingDate(age, now) };
}

export const bingNews: EngineModule = {
  id: "bing_news",
  website: "https://www.bing.com/news",
  defaultBaseUrl: "https://www.bing.com",
  categories: ["news"],
  paging: true,
  maxPage: 0,
  timeRange: true,
  safesearch: false,
  language: true,

  request(query, context) {
    const page = query.pageno - 1;
    const params = new URLSearchParams({
      q: query.query,
      InfiniteScroll: "1",
      first: String(page * PAGE_SIZE + 1),
      SFX: String(page),
      form: "PTFTNR",
    });
    const headers: Record<string, string> = {};
    const market = bingMarket(query.language);
    if (market) {
      params.set("mkt", market.market);
      headers["Accept-Language"] = market.acceptLanguage;
    }
    const interval = query.timeRange ? INTERVAL[query.timeRange] : null;
    if (interval) params.set("qft", `interval="${interval}"`);
    return { url: `${context.baseUrl}/news/infinitescrollajax?${params}`, headers };
  },

  parse(response, _query, context) {
    // Past the last article Bing answers an empty fragment.
    if (response.body.trim() === "") return emptyResults();
    const doc = parseHtml(response.body);
    throwOnBingChallenge(response, doc);
    const cards = all(doc, "div.newsitem");
    if (cards.length === 0) throw new ParseError("no news cards");
    const results = cards
      .map((item) => card(item, context.baseUrl, context.now))
      .filter((result) => result !== null);
    return { ...emptyResults(), results };
  },
};
