// PeerTube through SepiaSearch (sepiasearch.org), the PeerTube project's index of the instances it
// follows, which answers PeerTube's own search API (/api/v1/search/videos). Each video lives on
// its instance: the result links there and embeds that instance's player (/videos/embed/<uuid>).
// `base_url` may point at a PeerTube instance instead, which answers the same API.
import { z } from "zod";
import {
  emptyResults,
  type EngineModule,
  ParseError,
  type TimeRange,
  type VideoResult,
} from "../core/engine.ts";
import { htmlToText } from "./toolkit/html.ts";
import { errorForStatus } from "./toolkit/http_status.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { formatDuration } from "./toolkit/media.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";

const PAGE_SIZE = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_AGE_DAYS: Record<TimeRange, number> = { day: 1, week: 7, month: 31, year: 365 };
/** `nsfw`: "both" shows everything, "false" leaves videos marked sensitive out. */
const NSFW = { 0: "both", 1: "false", 2: "false" } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const person = z.object({ displayName: z.string().optional(), name: z.string().optional() })
  .optional();
const videoSchema = z.object({
  uuid: z.string().regex(UUID),
  name: z.string(),
  url: z.string(),
  description: z.string().nullish(),
  duration: z.number().nullish(),
  isLive: z.boolean().optional(),
  publishedAt: z.string().nullish(),
  thumbnailUrl: z.string().nullish(),
  previewUrl: z.string().nullish(),
  account: person,
  channel: person,
});
const answerSchema = z.object({ data: z.array(z.unknown()) });

function toResult(raw: unknown): VideoResult | null {
  const video = videoSchema.safeParse(raw);
  if (!video.success) return null;
  const v = video.data;
  const url = httpUrl(v.url);
  const title = htmlToText(v.name);
  if (!url || !title) return null;
  const instance = new URL(url);
  const published = v.publishedAt ? new Date(v.publishedAt) : null;
  const result: VideoResult = {
    template: "videos.html",
    url,
    title,
    content: htmlToText(v.description ?? ""),
    thumbnail: httpUrl(v.thumbnailUrl) ?? httpUrl(v.previewUrl),
    iframe_src: instance.protocol === "https:"
      ? `${instance.origin}/videos/embed/${v.uuid.toLowerCase()}`
      : null,
    length: v.isLive ? null : formatDuration(v.duration),
    author: v.account?.displayName || v.channel?.displayName || null,
  };
  if (published && !Number.isNaN(published.getTime())) result.publishedDate = published;
  return result;
}

export const peertube: EngineModule = {
  id: "peertube",
  website: "https://sepiasearch.org",
  defaultBaseUrl: "https://sepiasearch.org",
  categories: ["videos"],
  paging: true,
  maxPage: 0,
  timeRange: true,
  safesearch: true,
  language: true,
  // Its errors are JSON problem reports; they map like the caller's.
  handlesHttpErrors: true,

  request(query, context) {
    const params = new URLSearchParams({
      search: query.query,
      start: String((query.pageno - 1) * PAGE_SIZE),
      count: String(PAGE_SIZE),
      sort: "-match",
      nsfw: NSFW[query.safesearch],
    });
    const language = localeOf(query.language)?.language;
    if (language) {
      params.append("languageOneOf[]", language);
      params.append("boostLanguages[]", language);
    }
    if (query.timeRange) {
      const since = context.now.getTime() - MAX_AGE_DAYS[query.timeRange] * DAY_MS;
      params.set("startDate", new Date(since).toISOString());
    }
    return {
      url: `${context.baseUrl}/api/v1/search/videos?${params}`,
      headers: { Accept: "application/json" },
    };
  },

  parse(response) {
    const error = errorForStatus(response.status, response.headers, response.body);
    if (error) throw error;
    const answer = answerSchema.safeParse(parseJsonBody(response.body));
    if (!answer.success) throw new ParseError("not a video search answer");
    const results = answer.data.data.map(toResult).filter((result) => result !== null);
    return { ...emptyResults(), results };
  },
};
