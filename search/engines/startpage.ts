// Startpage: Google's results through Startpage. A search is a POST of Startpage's own search form,
// which carries an `sc` token scraped from the home page; without a valid one Startpage answers
// with a CAPTCHA. The results are not in the HTML: they are the props object the page hands to its
// React app, cut out of the page and read as JSON.
import { z } from "zod";
import {
  CaptchaError,
  emptyResults,
  type EngineContext,
  type EngineModule,
  type EngineQuery,
  type EngineResult,
  type EngineStep,
  ParseError,
  type TimeRange,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../core/engine.ts";
import { attr, first, htmlToText, parseHtml } from "./toolkit/html.ts";
import { type ListingDate, readListingDate } from "./toolkit/listing_date.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";

const SC_TOKEN = "sc";
const SC_TTL_MS = 60 * 60 * 1000;

const TIME_RANGES: Record<TimeRange, string> = { day: "d", week: "w", month: "m", year: "y" };
const FAMILY_FILTER = ["none", "moderate", "heavy"] as const;

/**
 * Startpage's names for search languages (its settings form), by ISO 639 code. Startpage has no
 * "any language" choice; English is its default, so "all" and unlisted languages use it.
 */
// deno-fmt-ignore
const LANGUAGES: Record<string, string> = {
  ar: "arabic", bg: "bulgarian", ca: "catalan", cs: "czech", da: "dansk", de: "deutsch",
  el: "greek", en: "english", es: "espanol", et: "estonian", fa: "persian", fi: "suomi",
  fr: "francais", he: "hebrew", hi: "hindi", hr: "croatian", hu: "hungarian", id: "indonesian",
  it: "italiano", ja: "nihongo", ko: "hangul", lt: "lithuanian", lv: "latvian", ms: "malay",
  nb: "norsk", nl: "nederlands", no: "norsk", pl: "polski", pt: "portugues", ro: "romanian",
  ru: "russian", sk: "slovak", sl: "slovenian", sr: "serbian", sv: "svenska", th: "thai",
  tr: "turkce", uk: "ukrainian", vi: "vietnamese", zh: "jiantizhongwen",
};
// Where Chinese is written in traditional characters; Startpage's name for it is its own spelling.
const TRADITIONAL_CHINESE_COUNTRIES = ["TW", "HK", "MO"];

/**
 * Startpage's result regions (`search_results_region`) by language and country; any other pair
 * searches worldwide ("all"). Most are `ll_CC`, a few carry the language variant in front.
 */
// deno-fmt-ignore
const REGIONS: Record<string, string> = {
  "ar-EG": "ar_EG", "bg-BG": "bg_BG", "ca-ES": "ca_ES", "da-DK": "da_DK", "de-AT": "de_AT",
  "de-CH": "de_CH", "de-DE": "de_DE", "el-GR": "el_GR", "en-AU": "en_AU", "en-CA": "en_CA",
  "en-GB": "en-GB_GB", "en-MY": "en_MY", "en-US": "en_US", "en-ZA": "en_ZA", "es-CL": "es_CL",
  "es-ES": "es_ES", "es-US": "es_US", "fi-FI": "fi_FI", "fr-BE": "fr_BE", "fr-CH": "fr_CH",
  "fr-FR": "fr_FR", "hi-IN": "hi_IN", "it-CH": "it_CH", "ja-JP": "ja_JP", "ko-KR": "ko_KR",
  "ms-MY": "ms_MY", "nb-NO": "no_NO", "nl-BE": "nl_BE", "nl-NL": "nl_NL", "pl-PL": "pl_PL",
  "pt-BR": "pt-BR_BR", "pt-PT": "pt_PT", "ro-RO": "ro_RO", "ru-BY": "ru_BY", "ru-RU": "ru_RU",
  "sv-SE": "sv_SE", "tr-TR": "tr_TR", "zh-CN": "zh-CN_CN", "zh-HK": "zh-TW_HK", "zh-TW": "zh-TW_TW",
};

function startpageLocale(tag: string): { language: string; region: string } {
  const locale = localeOf(tag);
  if (!locale) return { language: "english", region: "all" };
  const traditional = locale.language === "zh" &&
    TRADITIONAL_CHINESE_COUNTRIES.includes(locale.country ?? "");
  return {
    language: traditional ? "fantizhengwen" : LANGUAGES[locale.language] ?? "english",
    region: REGIONS[`${locale.language}-${locale.country}`] ?? "all",
  };
}

/** Startpage's `preferences` cookie: `key` + "EEE" + `value` pairs joined by "N1N". */
function preferences(query: EngineQuery, language: string, region: string): string {
  const pairs: [string, string][] = [
    ["date_time", "world"],
    ["disable_family_filter", query.safesearch === 0 ? "1" : "0"],
    ["disable_open_in_new_window", "0"],
    ["enable_post_method", "1"],
    ["enable_proxy_safety_suggest", "1"],
    ["enable_stay_control", "1"],
    ["instant_answers", "1"],
    ["lang_homepage", "s/device/en/"],
    ["num_of_results", "10"],
    ["suggestions", "1"],
    ["wt_unit", "celsius"],
    ["language", language],
    ["language_ui", language],
    ["search_results_region", region],
  ];
  return pairs.map(([key, value]) => `${key}EEE${value}`).join("N1N");
}

/** The POST Startpage's search form would send. */
function searchRequest(query: EngineQuery, context: EngineContext, sc: string): UpstreamRequest {
  const { language, region } = startpageLocale(query.language);
  const form: Record<string, string> = {
    query: query.query,
    cat: query.category === "news" ? "news" : "web",
    t: "device",
    sc,
    with_date: query.timeRange ? TIME_RANGES[query.timeRange] : "",
    abd: "1",
    abe: "1",
    qsr: "all",
    qadf: FAMILY_FILTER[query.safesearch],
    language,
    lui: language,
  };
  if (query.pageno > 1) {
    form.page = String(query.pageno);
    form.segment = "startpage.udog";
  }
  return {
    url: `${context.baseUrl}/sp/search`,
    method: "POST",
    form,
    headers: {
      Origin: URL.parse(context.baseUrl)?.origin ?? context.baseUrl,
      Referer: `${context.baseUrl}/`,
    },
    cookies: { preferences: preferences(query, language, region) },
  };
}

/** The store has no delete: a token that expires at once is gone for the next search. */
function dropToken(context: EngineContext): void {
  context.tokens.set(SC_TOKEN, "", 0);
}

function parseHomePage(body: string, query: EngineQuery, context: EngineContext): EngineStep {
  const sc = attr(first(parseHtml(body), "form#search input[name=sc]"), "value")?.trim();
  if (!sc) throw new CaptchaError("home page without an sc token");
  context.tokens.set(SC_TOKEN, sc, SC_TTL_MS);
  return { next: searchRequest(query, context, sc) };
}

/**
 * The object literal that follows `marker` in `page`, found by matching braces outside JSON
 * strings (a regex cannot tell a brace in a snippet from one that closes the object).
 */
function objectAfter(page: string, marker: string): string | null {
  const markerAt = page.indexOf(marker);
  if (markerAt < 0) return null;
  const start = page.indexOf("{", markerAt + marker.length);
  if (start < 0 || page.slice(markerAt + marker.length, start).trim() !== "") return null;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < page.length; i++) {
    const char = page[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return page.slice(start, i + 1);
  }
  return null;
}

const propsSchema = z.object({
  render: z.object({
    presenter: z.object({
      regions: z.object({
        mainline: z.array(z.object({ display_type: z.string(), results: z.array(z.unknown()) })),
      }),
    }),
  }),
});

const webItemSchema = z.object({
  clickUrl: z.string(),
  title: z.string(),
  description: z.string().nullish(),
});

const newsItemSchema = webItemSchema.extend({
  // Milliseconds since the epoch; one beyond what a Date holds is no date.
  date: z.number().positive().max(8.64e15).nullish().catch(null),
  // Usually a path of Startpage's image proxy.
  thumbnailUrl: z.string().nullish(),
});

// Bing wraps highlighted words of news items in private-use characters.
const PRIVATE_USE = /[\uE000-\uF8FF]/g;

function plain(html: string): string {
  return htmlToText(html).replace(PRIVATE_USE, "");
}

// Google puts the page date in front of a snippet: "2 Sep 2014 ... ", "5 days ago ... ".
const DATE_PREFIX = /^([^.]{1,30}?) \.\.\. /;
const DAY_MONTH_YEAR = /^([0-9]{1,2}) ([A-Z][a-z]{2}) ([0-9]{4})$/;

function prefixDate(prefix: string, now: Date): ListingDate | null {
  const dayFirst = DAY_MONTH_YEAR.exec(prefix);
  return readListingDate(dayFirst ? `${dayFirst[2]} ${dayFirst[1]}, ${dayFirst[3]}` : prefix, now);
}

/** The snippet without its date prefix, and that date; a prefix that is no date stays. */
function splitDate(snippet: string, now: Date): { content: string } & Partial<ListingDate> {
  const prefix = DATE_PREFIX.exec(snippet);
  const date = prefix && prefixDate(prefix[1], now);
  return prefix && date
    ? { content: snippet.slice(prefix[0].length), ...date }
    : { content: snippet };
}

function webResult(raw: unknown, context: EngineContext): EngineResult | null {
  const item = webItemSchema.safeParse(raw);
  if (!item.success) return null;
  const url = httpUrl(item.data.clickUrl);
  if (!url) return null;
  const { content, ...date } = splitDate(plain(item.data.description ?? ""), context.now);
  return { url, title: plain(item.data.title), content, ...date };
}

function newsResult(raw: unknown, context: EngineContext): EngineResult | null {
  const item = newsItemSchema.safeParse(raw);
  if (!item.success) return null;
  const url = httpUrl(item.data.clickUrl);
  if (!url) return null;
  const { title, description, date, thumbnailUrl } = item.data;
  const result: EngineResult = { url, title: plain(title), content: plain(description ?? "") };
  if (date) result.publishedDate = new Date(date);
  const thumbnail = thumbnailUrl?.startsWith("/")
    ? httpUrl(`${context.baseUrl}${thumbnailUrl}`)
    : httpUrl(thumbnailUrl);
  if (thumbnail) result.thumbnail = thumbnail;
  return result;
}

const BLOCKS: Record<string, (raw: unknown, context: EngineContext) => EngineResult | null> = {
  "web-google": webResult,
  "news-bing": newsResult,
};

function parseResultsPage(body: string, query: EngineQuery, context: EngineContext): EngineStep {
  const component = query.category === "news" ? "AppSerpNews" : "AppSerpWeb";
  const props = objectAfter(body, `React.createElement(UIStartpage.${component},`);
  if (props === null) {
    // A rejected (stale or reused) sc token gets the captcha form instead of results.
    if (body.includes("/sp/captcha")) {
      dropToken(context);
      throw new CaptchaError("sc token rejected");
    }
    throw new ParseError(`no ${component} props`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(props);
  } catch {
    throw new ParseError(`${component} props are not JSON`);
  }
  const page = propsSchema.safeParse(parsed);
  if (!page.success) throw new ParseError(`${component} props without a mainline`);
  const results = emptyResults();
  // Other blocks (ads, "people also ask", videos) have their own shapes and are not results.
  for (const block of page.data.render.presenter.regions.mainline) {
    const toResult = BLOCKS[block.display_type];
    if (!toResult) continue;
    for (const raw of block.results) {
      const result = toResult(raw, context);
      if (result) results.results.push(result);
    }
  }
  return results;
}

function isCaptchaUrl(response: UpstreamResponse): boolean {
  return (URL.parse(response.url)?.pathname ?? "").includes("/sp/captcha");
}

export const startpage: EngineModule = {
  id: "startpage",
  website: "https://www.startpage.com/",
  defaultBaseUrl: "https://www.startpage.com",
  categories: ["general", "news"],
  paging: true,
  maxPage: 18,
  timeRange: true,
  safesearch: true,
  language: true,

  request(query, context) {
    const sc = context.tokens.get(SC_TOKEN);
    return sc ? searchRequest(query, context, sc) : { url: `${context.baseUrl}/` };
  },

  parse(response, query, context) {
    if (isCaptchaUrl(response)) {
      dropToken(context);
      throw new CaptchaError("redirected to /sp/captcha");
    }
    const isResultsPage = (URL.parse(response.url)?.pathname ?? "").endsWith("/sp/search");
    return isResultsPage
      ? parseResultsPage(response.body, query, context)
      : parseHomePage(response.body, query, context);
  },
};
