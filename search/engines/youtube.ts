// YouTube's results page (/results?search_query=…), as SearXNG's youtube_noapi reads it: the page
// carries its results as JSON in a script (`var ytInitialData = {…};`), each video a
// videoRenderer. Later pages come from a JSON POST to YouTube's internal API with a continuation
// token, which this contract's requests (forms only) cannot send: only the first page is offered.
import { z } from "zod";
import {
  CaptchaError,
  emptyResults,
  type EngineModule,
  ParseError,
  type TimeRange,
  type VideoResult,
} from "../core/engine.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { type ListingDate, readListingDate } from "./toolkit/listing_date.ts";
import { clockText } from "./toolkit/media.ts";
import { httpUrl } from "../core/url.ts";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

const WATCH_URL = "https://www.youtube.com/watch?v=";
const EMBED_URL = "https://www.youtube-nocookie.com/embed/";
/** The upload-date filter, a protobuf in base64 as YouTube's filter menu writes it. */
const UPLOAD_DATE: Record<TimeRange, string> = { day: "Ag", week: "Aw", month: "BA", year: "BQ" };
const DATA_MARKERS = ["var ytInitialData = ", 'window["ytInitialData"] = '];
const VIDEO_ID = /^[\w-]{6,20}$/;

/** YouTube's text: plain (`simpleText`) or in styled pieces (`runs`). */
const textSchema = z.object({
  simpleText: z.string().optional(),
  runs: z.array(z.object({ text: z.string().optional() })).optional(),
}).optional();

const videoSchema = z.object({
  videoId: z.string().regex(VIDEO_ID),
  title: textSchema,
  descriptionSnippet: textSchema,
  detailedMetadataSnippets: z.array(z.object({ snippetText: textSchema })).optional(),
  ownerText: textSchema,
  lengthText: textSchema,
  publishedTimeText: textSchema,
  thumbnail: z.object({ thumbnails: z.array(z.object({ url: z.string() })) }).optional(),
});

const pageSchema = z.object({
  contents: z.object({
    twoColumnSearchResultsRenderer: z.object({
      primaryContents: z.object({
        sectionListRenderer: z.object({
          contents: z.array(z.object({
            itemSectionRenderer: z.object({ contents: z.array(z.unknown()).optional() })
              .optional(),
          })),
        }),
      }),
    }),
  }),
});

function plain(value: z.infer<typeof textSchema>): string {
  const text = value?.simpleText ?? value?.runs?.map((run) => run.text ?? "").join("") ?? "";
  return collapseWhitespace(text);
}

/** The JSON after one of the markers up to the end of its script, or null. */
function initialData(body: string): unknown {
  for (const marker of DATA_MARKERS) {
    const start = body.indexOf(marker);
    if (start === -1) continue;
    const end = body.indexOf(";</script>", start);
    if (end === -1) return null;
    return parseJsonBody(body.slice(start + marker.length, end));
  }
  return null;
}

/**
 * "3 days ago", with its unit (YouTube gives no exact date); a live stream's "Streamed 2 weeks
 * ago" is counted from the stream.
 */
function publishedDate(label: string, now: Date): ListingDate | null {
  return readListingDate(label.replace(/^Streamed /, ""), now);
}

function toResult(item: unknown, now: Date): VideoResult | null {
  const renderer = (item as { videoRenderer?: unknown } | null)?.videoRenderer;
  if (renderer === undefined) return null;
  const video = videoSchema.safeParse(renderer);
  if (!video.success) return null;
  const v = video.data;
  const title = plain(v.title);
  if (!title) return null;
  const id = encodeURIComponent(v.videoId);
  const thumbnails = v.thumbnail?.thumbnails ?? [];
  const result: VideoResult = {
    template: "videos.html",
    url: WATCH_URL + id,
    title,
    content: plain(v.descriptionSnippet) || plain(v.detailedMetadataSnippets?.[0]?.snippetText),
    thumbnail: httpUrl(thumbnails.at(-1)?.url) ?? `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    iframe_src: EMBED_URL + id,
    length: clockText(plain(v.lengthText)),
    author: plain(v.ownerText) || null,
  };
  return { ...result, ...publishedDate(plain(v.publishedTimeText), now) };
}

export const youtube: EngineModule = {
  id: "youtube",
  website: "https://www.youtube.com/",
  defaultBaseUrl: "https://www.youtube.com",
  categories: ["videos", "music"],
  paging: false,
  maxPage: 0,
  timeRange: true,
  safesearch: false,
  language: false,

  request(query, context) {
    // An English page, whatever the server's address suggests: upload dates are read in English.
    const params = new URLSearchParams({ search_query: query.query, hl: "en" });
    // YouTube's own links carry the filter's "=" encoded twice.
    if (query.timeRange) params.set("sp", `EgII${UPLOAD_DATE[query.timeRange]}%3D%3D`);
    return {
      url: `${context.baseUrl}/results?${params}`,
      // Answered "yes" to the cookie consent that EU addresses are sent to first.
      cookies: { CONSENT: "YES+" },
    };
  },

  parse(response, _query, context) {
    const finalUrl = URL.parse(response.url);
    if (finalUrl?.pathname.startsWith("/sorry/")) throw new CaptchaError("Google's sorry page");
    if (finalUrl?.hostname.startsWith("consent.")) throw new ParseError("cookie consent page");
    const page = pageSchema.safeParse(initialData(response.body));
    if (!page.success) throw new ParseError("no ytInitialData with search results");
    const sections = page.data.contents.twoColumnSearchResultsRenderer.primaryContents
      .sectionListRenderer.contents;
    const results = sections
      .flatMap((section) => section.itemSectionRenderer?.contents ?? [])
      .map((item) => toResult(item, context.now))
      .filter((result) => result !== null);
    return { ...emptyResults(), results };
  },
};
