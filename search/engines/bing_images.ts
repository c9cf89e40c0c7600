// Bing Images through the fragment its image page loads while scrolling (/images/async): each
// tile's link carries the image's metadata as JSON in its `m` attribute (page, image, thumbnail,
// title), and a caption line gives the size and format ("1920×1080 · jpeg") and the site.
import { z } from "zod";
import {
  emptyResults,
  type EngineModule,
  type ImageResult,
  ParseError,
  type TimeRange,
} from "../core/engine.ts";
import { all, attr, type Element, first, parseHtml, text } from "./toolkit/html.ts";
import { BING_SAFESEARCH, bingMarket, throwOnBingChallenge } from "./bing.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const PAGE_SIZE = 35;
const MINUTES_PER_DAY = 60 * 24;
/** `qft=filterui:age-lt<minutes>`: images first seen within that many minutes. */
const MAX_AGE_MINUTES: Record<TimeRange, number> = {
  day: MINUTES_PER_DAY,
  week: MINUTES_PER_DAY * 7,
  month: MINUTES_PER_DAY * 31,
  year: MINUTES_PER_DAY * 365,
};
// Bing marks the words that matched in titles with these private-use characters.
const HIGHLIGHT_MARKS = /[\ue000\ue001]/g;

const metadataSchema = z.object({
  purl: z.string(),
  murl: z.string(),
  turl: z.string().optional(),
  t: z.string().optional(),
  desc: z.string().optional(),
});

/** "1920 x 1080" and "jpeg" from the caption "1920×1080 · jpeg" (either part may be missing). */
function sizeAndFormat(caption: string): { resolution: string | null; format: string | null } {
  const [size = "", format = ""] = caption.split("·").map((part) => part.trim());
  const [width, height] = size.split(/\s*[×x]\s*/);
  const isNumber = (value: string | undefined) => value !== undefined && /^\d+$/.test(value);
  return {
    resolution: isNumber(width) && isNumber(height) ? `${width} x ${height}` : null,
    format: /^[a-z0-9+.-]+$/i.test(format) ? format.toLowerCase() : null,
  };
}

function tile(item: Element): ImageResult | null {
  const link = first(item, "a.iusc");
  const metadata = metadataSchema.safeParse(parseJsonBody(attr(link, "m") ?? ""));
  if (!metadata.success) return null;
  const { purl, murl, turl, t, desc } = metadata.data;
  const url = httpUrl(purl);
  const img_src = httpUrl(murl);
  if (!url || !img_src) return null;
  const title = collapseWhitespace((t ?? "").replace(HIGHLIGHT_MARKS, "")) ||
    text(first(item, "div.infnmpt a"));
  const { resolution, format } = sizeAndFormat(text(first(item, "div.imgpt > div > span")));
  return {
    template: "images.html",
    url,
    title,
    content: collapseWhitespace(desc ?? ""),
    img_src,
    thumbnail_src: httpUrl(turl),
    resolution,
    img_format: format,
    source: text(first(item, "div.lnkw a")) || new URL(url).hostname,
  };
}

export const bingImages: EngineModule = {
  id: "bing_images",
  website: "https://www.bing.com/images",
  defaultBaseUrl: "https://www.bing.com",
  categories: ["images"],
  paging: true,
  maxPage: 0,
  timeRange: true,
  safesearch: true,
  language: true,

  request(query, context) {
    const params = new URLSearchParams({
      q: query.query,
      async: "1",
      first: String((query.pageno - 1) * PAGE_SIZE + 1),
      count: String(PAGE_SIZE),
      adlt: BING_SAFESEARCH[query.safesearch],
    });
    const headers: Record<string, string> = {};
    const market = bingMarket(query.language);
    if (market) {
      params.set("mkt", market.market);
      headers["Accept-Language"] = market.acceptLanguage;
    }
    if (query.timeRange) params.set("qft", `filterui:age-lt${MAX_AGE_MINUTES[query.timeRange]}`);
    return { url: `${context.baseUrl}/images/async?${params}`, headers };
  },

  parse(response) {
    // Past the last image Bing answers an empty fragment.
    if (response.body.trim() === "") return emptyResults();
    const doc = parseHtml(response.body);
    throwOnBingChallenge(response, doc);
    // One list per row of the grid.
    if (!first(doc, "ul.dgControl_list")) throw new ParseError("no image list");
    const results = all(doc, "ul.dgControl_list > li")
      .map(tile)
      .filter((result) => result !== null);
    return { ...emptyResults(), results };
  },
};
