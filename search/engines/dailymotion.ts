// Dailymotion's public REST API (api.dailymotion.com/videos), which needs no key for searches:
// the fields this module reads are asked for by name, public videos only.
import { z } from "zod";
import {
  emptyResults,
  type EngineModule,
  ParseError,
  type TimeRange,
  TooManyRequestsError,
  type VideoResult,
} from "../core/engine.ts";
import { htmlToText } from "./toolkit/html.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { formatDuration } from "./toolkit/media.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";

const PAGE_SIZE = 10;
const MAX_CONTENT = 300;
const DAY_SECONDS = 24 * 60 * 60;
const MAX_AGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 31, year: 365 };
const FIELDS = [
  "id",
  "title",
  "description",
  "url",
  "thumbnail_360_url",
  "duration",
  "created_time",
  "allow_embed",
  "owner.screenname",
];
const VIDEO_ID = /^[a-z0-9]+$/i;

const videoSchema = z.object({
  id: z.string().regex(VIDEO_ID),
  title: z.string(),
  description: z.string().nullish(),
  url: z.string(),
  thumbnail_360_url: z.string().nullish(),
  duration: z.number().nullish(),
  // Unix seconds; one beyond what a Date holds is no date.
  created_time: z.number().positive().max(8.64e12).nullish().catch(null),
  allow_embed: z.boolean().nullish(),
  "owner.screenname": z.string().nullish(),
});
const listSchema = z.object({ list: z.array(z.unknown()) });
const errorSchema = z.object({
  error: z.object({ code: z.number().optional(), type: z.string().optional() }),
});

/** The description's text, cut at a word near 300 characters. */
function shortened(description: string): string {
  const text = htmlToText(description);
  if (text.length <= MAX_CONTENT) return text;
  const cut = text.lastIndexOf(" ", MAX_CONTENT);
  return `${text.slice(0, cut > 0 ? cut : MAX_CONTENT)} …`;
}

function toResult(raw: unknown): VideoResult | null {
  const video = videoSchema.safeParse(raw);
  if (!video.success) return null;
  const v = video.data;
  const url = httpUrl(v.url);
  if (!url || !v.title.trim()) return null;
  const result: VideoResult = {
    template: "videos.html",
    url,
    title: htmlToText(v.title),
    content: shortened(v.description ?? ""),
    thumbnail: httpUrl(v.thumbnail_360_url?.replace(/^http:/, "https:")),
    // Without `allow_embed` Dailymotion's player refuses to play the video elsewhere.
    iframe_src: v.allow_embed ? `https://www.dailymotion.com/embed/video/${v.id}` : null,
    length: formatDuration(v.duration),
    author: v["owner.screenname"] ?? null,
  };
  if (v.created_time) result.publishedDate = new Date(v.created_time * 1000);
  return result;
}

export const dailymotion: EngineModule = {
  id: "dailymotion",
  website: "https://www.dailymotion.com",
  defaultBaseUrl: "https://api.dailymotion.com",
  categories: ["videos"],
  paging: true,
  maxPage: 0,
  timeRange: true,
  safesearch: true,
  language: true,
  // Errors come as JSON with their own type (a rate limit among them).
  handlesHttpErrors: true,

  request(query, context) {
    const params = new URLSearchParams({
      search: query.query,
      fields: FIELDS.join(","),
      limit: String(PAGE_SIZE),
      page: String(query.pageno),
      sort: "relevance",
      // Dailymotion's family filter is on unless told otherwise.
      family_filter: query.safesearch === 0 ? "false" : "true",
      password_protected: "false",
      private: "false",
    });
    // Strict: only videos made for children.
    if (query.safesearch === 2) params.set("is_created_for_kids", "true");
    const locale = localeOf(query.language);
    if (locale) {
      params.set("languages", locale.language);
      if (locale.country) {
        params.set("localization", `${locale.language}_${locale.country}`);
        params.set("country", locale.country);
      }
    }
    if (query.timeRange) {
      const since = context.now.getTime() / 1000 - MAX_AGE_DAYS[query.timeRange] * DAY_SECONDS;
      params.set("created_after", String(Math.floor(since)));
    }
    return {
      url: `${context.baseUrl}/videos?${params}`,
      headers: { Accept: "application/json" },
    };
  },

  parse(response) {
    const answer = parseJsonBody(response.body);
    const failure = errorSchema.safeParse(answer);
    if (failure.success) {
      const { code, type } = failure.data.error;
      if (code === 429 || type === "rate_limit_exceeded") {
        throw new TooManyRequestsError(type ?? `error code ${code}`);
      }
      const error = errorForStatus(response.status, response.headers, response.body);
      if (error) throw error;
      throw new ParseError(`API error ${type ?? code ?? "without type"}`);
    }
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    const list = listSchema.safeParse(answer);
    if (!list.success) throw new ParseError("not a video list");
    const results = list.data.list.map(toResult).filter((result) => result !== null);
    return { ...emptyResults(), results };
  },
};
