// DuckDuckGo through its no-JavaScript "html" endpoint: a form POST per page. Pages after the
// first must carry the vqd token that the previous page's form held; asking for a later page
// without it is how DDG recognises a bot, so a missing token costs one page-1 request first.
import {
  CaptchaError,
  emptyResults,
  type EngineAnswer,
  type EngineContext,
  type EngineModule,
  type EngineQuery,
  type EngineResult,
  type EngineResults,
  ParseError,
  type TimeRange,
  type UpstreamRequest,
} from "../core/engine.ts";
import { all, attr, type Document, first, parseHtml, text } from "./toolkit/html.ts";
import { localeOf } from "./toolkit/region.ts";
import {
  cachedVqd,
  DDG_MAX_QUERY_LENGTH,
  DDG_SAFESEARCH,
  DDG_WORLDWIDE,
  ddgRegion,
  isDdgChallenge,
  storeVqd,
} from "./duckduckgo_common.ts";
import { httpUrl } from "../core/url.ts";
import { parseSuggestions } from "./toolkit/suggestions.ts";

const TIME_RANGE: Record<TimeRange, string> = { day: "d", week: "w", month: "m", year: "y" };
/** Step state: the answer on its way is page 1, asked for only to get a vqd for a later page. */
const TOKEN_PAGE = "token page";

// Widgets that echo the requester back would show the server's own IP or User-Agent.
const SELF_DESCRIBING_ANSWERS = ["Your IP address is", "Your user agent:", "URL Decoded:"];

/** The form for `query`'s page, or for page 1 when `vqd` is null. */
function pageRequest(query: EngineQuery, context: EngineContext, vqd: string | null) {
  const kl = ddgRegion(query.language);
  const form: Record<string, string> = { q: query.query, kl, kp: DDG_SAFESEARCH[query.safesearch] };
  const cookies: Record<string, string> = {};
  if (kl !== DDG_WORLDWIDE) cookies.kl = kl;
  if (query.timeRange) form.df = cookies.df = TIME_RANGE[query.timeRange];
  if (vqd === null) {
    form.b = "";
  } else {
    // Page 2 starts at result 10, every later page 15 further on.
    const offset = 10 + (query.pageno - 2) * 15;
    Object.assign(form, {
      nextParams: "",
      api: "d.js",
      o: "json",
      v: "l",
      s: String(offset),
      dc: String(offset + 1),
      vqd,
    });
  }
  const endpoint = `${context.baseUrl}/html/`;
  return {
    url: endpoint,
    method: "POST",
    // What a browser sends when the user submits the form on DDG's own page.
    headers: {
      "Sec-Fetch-Dest": "document",
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-User": "?1",
      Referer: endpoint,
    },
    form,
    cookies,
  } satisfies UpstreamRequest;
}

function resultUrl(href: string | undefined): string | null {
  if (href?.startsWith("//")) href = `https:${href}`;
  const url = httpUrl(href);
  if (!url) return null;
  const parsed = new URL(url);
  // Clicks are sometimes routed through DDG's redirector; the target is its uddg parameter.
  if (parsed.hostname.endsWith("duckduckgo.com") && parsed.pathname === "/l/") {
    return httpUrl(parsed.searchParams.get("uddg"));
  }
  return url;
}

function parseResults(doc: Document): EngineResults {
  const links = first(doc, "div#links");
  if (!links && !first(doc, "div.no-results")) throw new ParseError("no result list");
  const results: EngineResult[] = [];
  for (const item of all(doc, "div#links > div.web-result:not(.result--ad)")) {
    const link = first(item, "h2 a");
    const url = resultUrl(attr(link, "href"));
    const title = text(link);
    if (!url || !title) continue;
    results.push({ url, title, content: text(first(item, "a.result__snippet")) });
  }
  return { ...emptyResults(), results, answers: instantAnswers(doc) };
}

function instantAnswers(doc: Document): EngineAnswer[] {
  const abstract = first(doc, "div#zero_click_abstract");
  const answer = text(abstract);
  if (!answer || SELF_DESCRIBING_ANSWERS.some((widget) => answer.includes(widget))) return [];
  return [{ answer, url: httpUrl(attr(first(abstract!, "a[href]"), "href")) }];
}

export const duckduckgo: EngineModule = {
  id: "duckduckgo",
  website: "https://duckduckgo.com",
  defaultBaseUrl: "https://html.duckduckgo.com",
  categories: ["general"],
  paging: true,
  maxPage: 0,
  timeRange: true,
  safesearch: true,
  language: true,
  // DDG answers 303 when it has nothing for the query; following it would lose that meaning.
  followRedirects: false,

  request(query, context) {
    if (query.query.length > DDG_MAX_QUERY_LENGTH) return null;
    if (query.pageno === 1) return pageRequest(query, context, null);
    // Chinese regions have no next-page form, and DDG answers 403 to a request for one.
    if (localeOf(query.language)?.language === "zh") return null;
    const vqd = cachedVqd(query, context);
    context.steps.set(TOKEN_PAGE, vqd === null);
    return pageRequest(query, context, vqd);
  },

  parse(response, query, context) {
    if (response.status === 303) return emptyResults();
    const doc = parseHtml(response.body);
    if (isDdgChallenge(doc)) throw new CaptchaError("DuckDuckGo bot challenge");
    // Known from this search's own request, not from the shared cache: another search may have
    // cached a vqd since this one sent page 1's form.
    const isTokenPage = query.pageno > 1 && context.steps.get(TOKEN_PAGE) === true;
    const results = parseResults(doc);
    const vqd = attr(first(doc, "input[name=vqd]"), "value");
    if (vqd) storeVqd(query, context, vqd);
    if (!isTokenPage || results.results.length === 0) return results;
    if (!vqd) throw new ParseError("no vqd token");
    context.steps.set(TOKEN_PAGE, false);
    return { next: pageRequest(query, context, vqd) };
  },

  autocomplete: {
    defaultBaseUrl: "https://duckduckgo.com",
    request(query, language, context) {
      const params = new URLSearchParams({ q: query, type: "list", kl: ddgRegion(language) });
      return { url: `${context.baseUrl}/ac/?${params}` };
    },
    parse: (response) => parseSuggestions(response.body),
  },
};
