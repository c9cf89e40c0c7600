// Reddit's public JSON search (www.reddit.com/search.json), which answers without a login: posts
// with their subreddit, score and comments. Reddit refuses many anonymous clients (403, 429);
// SearXNG removed its engine for that reason, so this one is off unless settings turn it on.
import { z } from "zod";
import {
  AccessDeniedError,
  emptyResults,
  type EngineModule,
  type EngineResult,
  ParseError,
  type TimeRange,
} from "../core/engine.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const PAGE_SIZE = 25;
const MAX_TEXT = 300;
const SITE = "https://www.reddit.com";
const TIME: Record<TimeRange, string> = { day: "day", week: "week", month: "month", year: "year" };
// Reddit's block page comes with a 403, and sometimes with a 200.
const BLOCK_PAGE = "blocked by network security";

const postSchema = z.object({
  title: z.string(),
  permalink: z.string().startsWith("/"),
  subreddit_name_prefixed: z.string().optional(),
  score: z.number().optional(),
  num_comments: z.number().optional(),
  // Unix seconds; one beyond what a Date holds is no date.
  created_utc: z.number().positive().max(8.64e12).optional().catch(undefined),
  selftext: z.string().optional(),
  // An image URL, or a word for none: "self", "default", "nsfw", "spoiler", "image", "".
  thumbnail: z.string().optional(),
});
const listingSchema = z.object({
  kind: z.literal("Listing"),
  data: z.object({ children: z.array(z.object({ kind: z.string(), data: z.unknown() })) }),
});

function count(value: number | undefined, unit: string): string {
  if (value === undefined) return "";
  return `${value.toLocaleString("en-US")} ${unit}${value === 1 ? "" : "s"}`;
}

/** The post's text on one line, cut at a word near 300 characters. */
function excerpt(selftext: string): string {
  const text = collapseWhitespace(selftext);
  if (text.length <= MAX_TEXT) return text;
  const cut = text.lastIndexOf(" ", MAX_TEXT);
  return `${text.slice(0, cut > 0 ? cut : MAX_TEXT)} …`;
}

function toResult(raw: unknown): EngineResult | null {
  const post = postSchema.safeParse(raw);
  if (!post.success) return null;
  const p = post.data;
  const url = httpUrl(SITE + p.permalink);
  const title = collapseWhitespace(p.title);
  if (!url || !title) return null;
  const content = [
    p.subreddit_name_prefixed ?? "",
    count(p.score, "point"),
    count(p.num_comments, "comment"),
    excerpt(p.selftext ?? ""),
  ].filter(Boolean).join(" · ");
  const result: EngineResult = { url, title, content, thumbnail: httpUrl(p.thumbnail) };
  if (p.created_utc) result.publishedDate = new Date(p.created_utc * 1000);
  return result;
}

export const reddit: EngineModule = {
  id: "reddit",
  website: "https://www.reddit.com/",
  defaultBaseUrl: "https://www.reddit.com",
  categories: ["social media"],
  paging: false,
  maxPage: 0,
  timeRange: true,
  safesearch: true,
  language: false,
  // Reddit's refusals (403 block page, 429) are read here, to tell them from its answers.
  handlesHttpErrors: true,

  request(query, context) {
    const params = new URLSearchParams({
      q: query.query,
      limit: String(PAGE_SIZE),
      sort: "relevance",
      type: "link",
      // Text as written, not HTML-escaped.
      raw_json: "1",
      include_over_18: query.safesearch === 0 ? "on" : "off",
    });
    if (query.timeRange) params.set("t", TIME[query.timeRange]);
    return {
      url: `${context.baseUrl}/search.json?${params}`,
      headers: { Accept: "application/json" },
    };
  },

  parse(response) {
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    const answer = parseJsonBody(response.body);
    if (answer === undefined && response.body.includes(BLOCK_PAGE)) {
      throw new AccessDeniedError("Reddit's block page");
    }
    const listing = listingSchema.safeParse(answer);
    if (!listing.success) throw new ParseError("not a listing");
    const results = listing.data.data.children
      .filter((child) => child.kind === "t3")
      .map((child) => toResult(child.data))
      .filter((result) => result !== null);
    return { ...emptyResults(), results };
  },
};
