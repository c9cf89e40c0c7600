// Wikipedia: SearXNG's exact-title lookup in the REST summary API (an infobox plus the article as a
// result). Beyond SearXNG, a title that misses is not the end: one search API call finds the
// article the query most likely means, and its summary is fetched instead.
import { z } from "zod";
import {
  emptyResults,
  type EngineContext,
  type EngineModule,
  type EngineQuery,
  type EngineResults,
  type EngineStep,
  ParseError,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../core/engine.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import { htmlToText } from "./toolkit/html.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";

// MediaWiki refuses these in titles; the summary API would answer 400, so search right away.
const FORBIDDEN_IN_TITLE = /[#<>[\]|{}]/;

const summarySchema = z.object({
  type: z.string(),
  title: z.string(),
  titles: z.object({ display: z.string().optional() }).optional(),
  description: z.string().optional(),
  extract: z.string().optional(),
  thumbnail: z.object({ source: z.string() }).optional(),
  content_urls: z.object({ desktop: z.object({ page: z.string() }) }),
});

const invalidTitleSchema = z.object({ detail: z.literal("title-invalid-characters") });

const searchSchema = z.object({
  query: z.object({ search: z.array(z.object({ title: z.string() })) }),
});

const openSearchSchema = z.tuple([z.string(), z.array(z.string())]).rest(z.unknown());

/** The wiki of the query's language: `{lang}` in the base URL becomes `en`, `de`, `zh`, ... */
function siteUrl(context: EngineContext, language: string): string {
  return context.baseUrl.replace("{lang}", localeOf(language)?.language ?? "en");
}

/**
 * The article title to try first. Titles are case-sensitive after their first letter, and a query
 * typed all in lowercase ("ada lovelace") most often means the Title Cased article.
 */
function articleTitle(query: string): string {
  const title = collapseWhitespace(query);
  const allLowercase = title === title.toLowerCase() && title !== title.toUpperCase();
  if (!allLowercase) return title;
  return title.split(" ").map((word) => word.replace(/^./u, (c) => c.toUpperCase())).join(" ");
}

/**
 * `final` marks the summary of a search hit: a miss there ends the lookup instead of searching
 * again. `redirect=true` is the API's default, so the marker does not change the answer, and a
 * miss (404/400) is never redirected, so the marker survives in the final URL.
 */
function summaryRequest(site: string, title: string, final: boolean): UpstreamRequest {
  const path = encodeURIComponent(title.replaceAll(" ", "_"));
  return { url: `${site}/api/rest_v1/page/summary/${path}${final ? "?redirect=true" : ""}` };
}

function searchRequest(site: string, query: string): UpstreamRequest {
  const params = new URLSearchParams({
    action: "query",
    list: "search",
    srsearch: query,
    srlimit: "1",
    srnamespace: "0",
    format: "json",
    formatversion: "2",
  });
  return { url: `${site}/w/api.php?${params}` };
}

function isMissingTitle(response: UpstreamResponse): boolean {
  return response.status === 404 ||
    (response.status === 400 && invalidTitleSchema.safeParse(parseJsonBody(response.body)).success);
}

function parseSummary(response: UpstreamResponse, query: EngineQuery, site: string): EngineStep {
  if (isMissingTitle(response)) {
    const final = URL.parse(response.url)?.searchParams.get("redirect") === "true";
    return final ? emptyResults() : { next: searchRequest(site, collapseWhitespace(query.query)) };
  }
  const error = errorForStatus(response.status, response.headers, response.body);
  if (error) throw error;
  const summary = summarySchema.safeParse(parseJsonBody(response.body));
  if (!summary.success) throw new ParseError("not a page summary");
  const page = summary.data;
  const url = httpUrl(page.content_urls.desktop.page);
  const title = htmlToText(page.titles?.display ?? "") || collapseWhitespace(page.title);
  if (!url || !title) throw new ParseError("summary without page URL or title");

  const results: EngineResults = emptyResults();
  if (page.type === "standard") {
    const extract = collapseWhitespace(page.extract ?? "");
    results.infoboxes.push({
      infobox: title,
      id: url,
      content: extract,
      img_src: httpUrl(page.thumbnail?.source),
      urls: [{ title: "Wikipedia", url }],
      attributes: [],
    });
    // Clients that read only `results` (most LLM tools) still get the article.
    results.results.push({ url, title, content: extract });
  } else {
    // Disambiguation pages and the like have no useful extract, only "Topics referred to by ...".
    results.results.push({ url, title, content: collapseWhitespace(page.description ?? "") });
  }
  return results;
}

function parseSearch(response: UpstreamResponse, site: string): EngineStep {
  const error = errorForStatus(response.status, response.headers, response.body);
  if (error) throw error;
  const answer = searchSchema.safeParse(parseJsonBody(response.body));
  if (!answer.success) throw new ParseError("not a search API answer");
  const hit = answer.data.query.search[0];
  return hit ? { next: summaryRequest(site, hit.title, true) } : emptyResults();
}

export const wikipedia: EngineModule = {
  id: "wikipedia",
  website: "https://www.wikipedia.org/",
  defaultBaseUrl: "https://{lang}.wikipedia.org",
  categories: ["general"],
  paging: false,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: true,
  // A 404 is the common "no such article" answer and must reach parse.
  handlesHttpErrors: true,

  request(query, context) {
    const site = siteUrl(context, query.language);
    const title = articleTitle(query.query);
    if (!title) return null;
    return FORBIDDEN_IN_TITLE.test(title)
      ? searchRequest(site, collapseWhitespace(query.query))
      : summaryRequest(site, title, false);
  },

  parse(response, query, context) {
    const site = siteUrl(context, query.language);
    const path = URL.parse(response.url)?.pathname ?? "";
    return path.endsWith("/w/api.php")
      ? parseSearch(response, site)
      : parseSummary(response, query, site);
  },

  autocomplete: {
    request(query, language, context) {
      const params = new URLSearchParams({
        action: "opensearch",
        search: query,
        limit: "10",
        namespace: "0",
        format: "json",
      });
      return { url: `${siteUrl(context, language)}/w/api.php?${params}` };
    },
    parse(response) {
      const error = errorForStatus(response.status, response.headers, response.body);
      if (error) throw error;
      const answer = openSearchSchema.safeParse(parseJsonBody(response.body));
      if (!answer.success) throw new ParseError("not an OpenSearch suggestion list");
      return answer.data[1];
    },
  },
};
