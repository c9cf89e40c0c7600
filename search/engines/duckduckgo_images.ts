// DuckDuckGo Images: the JSON that duckduckgo.com's image tab loads from /i.js. DDG serves it only
// with the vqd token of the query, which its search page carries (`vqd="4-…"` in a script); a
// query without a cached vqd costs one request for that page first.
import { z } from "zod";
import {
  CaptchaError,
  emptyResults,
  type EngineContext,
  type EngineModule,
  type EngineQuery,
  type ImageResult,
  ParseError,
  type UpstreamRequest,
} from "../core/engine.ts";
import { parseHtml } from "./toolkit/html.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { localeOf } from "./toolkit/region.ts";
import { resolution } from "./toolkit/media.ts";
import {
  cachedVqd,
  DDG_MAX_QUERY_LENGTH,
  DDG_SAFESEARCH,
  DDG_WORLDWIDE,
  ddgRegion,
  forgetVqd,
  isDdgChallenge,
  storeVqd,
} from "./duckduckgo_common.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

/** Images per page of i.js. */
const PAGE_SIZE = 100;
/** Step state: the answer on its way is the search page, asked for only for its vqd. */
const TOKEN_PAGE = "token page";
const VQD_MARKERS = ['vqd="', "vqd='", "vqd="];
const VQD_CHARACTER = /[\w-]/;

const imageSchema = z.object({
  image: z.string(),
  thumbnail: z.string().optional(),
  url: z.string(),
  title: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
const answerSchema = z.object({ results: z.array(z.unknown()) });

/** The search page a browser opens on the image tab; its scripts hold the query's vqd. */
function tokenPageRequest(query: EngineQuery, context: EngineContext): UpstreamRequest {
  const params = new URLSearchParams({ q: query.query, iar: "images", t: "h_" });
  return { url: `${context.baseUrl}/?${params}` };
}

function imagesRequest(query: EngineQuery, context: EngineContext, vqd: string): UpstreamRequest {
  const region = ddgRegion(query.language);
  const safesearch = DDG_SAFESEARCH[query.safesearch];
  const params = new URLSearchParams({
    o: "json",
    q: query.query,
    l: region,
    vqd,
    p: safesearch,
    u: "bing",
    bpia: "1",
    a: "h_",
    ct: localeOf(query.language)?.language.toUpperCase() ?? "EN",
  });
  if (query.pageno > 1) params.set("s", String((query.pageno - 1) * PAGE_SIZE));
  const cookies: Record<string, string> = { p: safesearch };
  if (region !== DDG_WORLDWIDE) cookies.l = cookies.ah = region;
  return {
    url: `${context.baseUrl}/i.js?${params}`,
    // What the image tab's own script sends.
    headers: {
      Accept: "application/json, text/javascript, */*; q=0.01",
      Referer: `${context.baseUrl}/`,
      "Sec-Fetch-Dest": "empty",
      "Sec-Fetch-Mode": "cors",
      "Sec-Fetch-Site": "same-origin",
    },
    cookies,
  };
}

/** The vqd in the search page's scripts (`vqd="4-…"`, `vqd='4-…'` or `…&vqd=4-…&…`), or null. */
function vqdInPage(body: string): string | null {
  for (const marker of VQD_MARKERS) {
    const start = body.indexOf(marker);
    if (start === -1) continue;
    let end = start + marker.length;
    while (end < body.length && VQD_CHARACTER.test(body[end])) end++;
    const value = body.slice(start + marker.length, end);
    if (value !== "") return value;
  }
  return null;
}

function toResult(raw: unknown): ImageResult | null {
  const item = imageSchema.safeParse(raw);
  if (!item.success) return null;
  const img_src = httpUrl(item.data.image);
  const url = httpUrl(item.data.url);
  if (!img_src || !url) return null;
  return {
    template: "images.html",
    url,
    title: collapseWhitespace(item.data.title ?? ""),
    content: "",
    img_src,
    thumbnail_src: httpUrl(item.data.thumbnail),
    resolution: resolution(item.data.width, item.data.height),
    // i.js names its own backend ("Bing") here; the site the image is on says more.
    source: new URL(url).hostname,
  };
}

export const duckduckgoImages: EngineModule = {
  id: "duckduckgo_images",
  website: "https://duckduckgo.com/",
  defaultBaseUrl: "https://duckduckgo.com",
  categories: ["images"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: true,
  language: true,
  // A 403 from i.js may mean the cached vqd went stale: it is dropped before the error counts.
  handlesHttpErrors: true,

  request(query, context) {
    if (query.query.length > DDG_MAX_QUERY_LENGTH) return null;
    const vqd = cachedVqd(query, context);
    context.steps.set(TOKEN_PAGE, vqd === null);
    return vqd === null ? tokenPageRequest(query, context) : imagesRequest(query, context, vqd);
  },

  parse(response, query, context) {
    const isTokenPage = context.steps.get(TOKEN_PAGE) === true;
    if (response.status === 403 && !isTokenPage) forgetVqd(query, context);
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    if (isTokenPage) {
      if (isDdgChallenge(parseHtml(response.body))) {
        throw new CaptchaError("DuckDuckGo bot challenge");
      }
      const vqd = vqdInPage(response.body);
      if (!vqd) throw new ParseError("no vqd token");
      storeVqd(query, context, vqd);
      context.steps.set(TOKEN_PAGE, false);
      return { next: imagesRequest(query, context, vqd) };
    }
    const answer = answerSchema.safeParse(parseJsonBody(response.body));
    if (!answer.success) throw new ParseError("not an image answer");
    const results = answer.data.results.map(toResult).filter((result) => result !== null);
    return { ...emptyResults(), results };
  },
};
