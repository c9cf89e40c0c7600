// Wikimedia Commons through the MediaWiki API: a full-text search in the File: namespace limited
// to pictures (`filetype:bitmap|drawing`), used as a generator for each file's imageinfo (the
// file, a thumbnail of a set width, size, MIME type, and the description page's metadata).
import { z } from "zod";
import {
  emptyResults,
  type EngineModule,
  type ImageResult,
  ParseError,
  TooManyRequestsError,
} from "../core/engine.ts";
import { htmlToText } from "./toolkit/html.ts";
import { parseJsonBody } from "./toolkit/json_body.ts";
import { formatBytes, imageFormat, resolution } from "./toolkit/media.ts";
import { localeOf } from "./toolkit/region.ts";
import { httpUrl } from "../core/url.ts";

const PAGE_SIZE = 20;
const THUMBNAIL_WIDTH = 400;
/** The description page's fields read here; the API sends only these. */
const METADATA = ["ImageDescription", "Artist", "LicenseShortName"];

const metadataValue = z.object({ value: z.unknown() }).optional();
const pageSchema = z.object({
  title: z.string(),
  // The rank in the search: pages come back ordered by id, not by relevance.
  index: z.number().optional(),
  imageinfo: z.array(z.object({
    url: z.string(),
    descriptionurl: z.string(),
    thumburl: z.string().optional(),
    mime: z.string().optional(),
    size: z.number().optional(),
    width: z.number().optional(),
    height: z.number().optional(),
    extmetadata: z.object({
      ImageDescription: metadataValue,
      Artist: metadataValue,
      LicenseShortName: metadataValue,
    }).optional(),
  })).optional(),
});
const answerSchema = z.object({
  query: z.object({ pages: z.array(z.unknown()) }).optional(),
  batchcomplete: z.unknown().optional(),
  error: z.object({ code: z.string(), info: z.string().optional() }).optional(),
});

/** A metadata value is HTML (a link to the author's page, a description in paragraphs). */
function metadataText(field: { value: unknown } | undefined): string {
  return typeof field?.value === "string" ? htmlToText(field.value) : "";
}

/** "Rust logo" from "File:Rust logo.svg". */
function fileTitle(title: string): string {
  const name = title.replace(/^File:/, "");
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

function toResult(raw: unknown): { rank: number; result: ImageResult } | null {
  const page = pageSchema.safeParse(raw);
  if (!page.success) return null;
  const info = page.data.imageinfo?.[0];
  const url = httpUrl(info?.descriptionurl);
  const img_src = httpUrl(info?.url);
  if (!info || !url || !img_src) return null;
  const metadata = info.extmetadata;
  const author = metadataText(metadata?.Artist);
  const content = [
    metadataText(metadata?.ImageDescription),
    author ? `by ${author}` : "",
    metadataText(metadata?.LicenseShortName),
  ].filter(Boolean).join(" · ");
  return {
    rank: page.data.index ?? Number.MAX_SAFE_INTEGER,
    result: {
      template: "images.html",
      url,
      title: fileTitle(page.data.title),
      content,
      img_src,
      thumbnail_src: httpUrl(info.thumburl),
      resolution: resolution(info.width, info.height),
      img_format: imageFormat(info.mime),
      source: "Wikimedia Commons",
      filesize: formatBytes(info.size),
    },
  };
}

export const wikicommons: EngineModule = {
  id: "wikicommons",
  website: "https://commons.wikimedia.org/",
  defaultBaseUrl: "https://commons.wikimedia.org",
  categories: ["images"],
  paging: true,
  maxPage: 0,
  timeRange: false,
  safesearch: false,
  language: true,

  request(query, context) {
    // Descriptions and licence names come in the user's language where Commons has it.
    const language = localeOf(query.language)?.language ?? "en";
    const params = new URLSearchParams({
      action: "query",
      format: "json",
      formatversion: "2",
      generator: "search",
      gsrsearch: `filetype:bitmap|drawing ${query.query}`,
      gsrnamespace: "6",
      gsrlimit: String(PAGE_SIZE),
      gsroffset: String((query.pageno - 1) * PAGE_SIZE),
      prop: "imageinfo",
      iiprop: "url|size|mime|extmetadata",
      iiurlwidth: String(THUMBNAIL_WIDTH),
      iiextmetadatafilter: METADATA.join("|"),
      iiextmetadatalanguage: language,
      uselang: language,
    });
    return {
      url: `${context.baseUrl}/w/api.php?${params}`,
      headers: { Accept: "application/json" },
    };
  },

  parse(response) {
    const answer = answerSchema.safeParse(parseJsonBody(response.body));
    if (!answer.success) throw new ParseError("not a MediaWiki API answer");
    const { query, batchcomplete, error } = answer.data;
    if (error) {
      if (error.code === "ratelimited") throw new TooManyRequestsError(error.code);
      throw new ParseError(`API error ${error.code}`);
    }
    // A search that finds nothing has no `query` at all, only `batchcomplete`.
    if (!query) {
      if (batchcomplete === undefined) throw new ParseError("no pages");
      return emptyResults();
    }
    const results = query.pages
      .map(toResult)
      .filter((entry) => entry !== null)
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => entry.result);
    return { ...emptyResults(), results };
  },
};
