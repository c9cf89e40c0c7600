// SearXNG's `format=rss`: an RSS 2.0 feed with OpenSearch response elements. Every text comes from
// upstream pages, so it is escaped and stripped of what XML 1.0 cannot carry at all. Beyond
// SearXNG's items, each kind adds what feed readers have a place for: Media RSS for an image (the
// file, its size, its thumbnail) and a video (its thumbnail, player and length), Dublin Core
// creators for a paper's authors, a video's author and a package's maintainer, a paper's DOI and
// its PDF as the enclosure, a package's tags as categories.
import type { SearchOutcome, SearchResult } from "../core/types.ts";
import { escapeXml } from "../../shared/xml.ts";

export interface RssOptions {
  instanceName: string;
  /** Absolute URL of this search. */
  searchUrl: string;
  pageno: number;
}

export function renderRss(
  outcome: SearchOutcome,
  { instanceName, searchUrl, pageno }: RssOptions,
): string {
  const query = escapeXml(outcome.query);
  const count = outcome.results.length;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" ` +
    `xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    `  <channel>`,
    `    <title>${query} – ${escapeXml(instanceName)}</title>`,
    `    <link>${escapeXml(searchUrl)}</link>`,
    `    <description>Search results for "${query}" - ${escapeXml(instanceName)}${
      failedEngines(outcome)
    }</description>`,
    `    <opensearch:totalResults>${count}</opensearch:totalResults>`,
    `    <opensearch:startIndex>1</opensearch:startIndex>`,
    `    <opensearch:itemsPerPage>${count}</opensearch:itemsPerPage>`,
    `    <opensearch:Query role="request" searchTerms="${query}" startPage="${pageno}"/>`,
    ...outcome.results.map(item),
    `  </channel>`,
    `</rss>`,
    ``,
  ].join("\n");
}

function item(result: SearchResult): string {
  const published = result.publishedDate === null ? null : new Date(result.publishedDate);
  return [
    `    <item>`,
    `      <title>${escapeXml(result.title)}</title>`,
    `      <type>result</type>`,
    `      <link>${escapeXml(result.url)}</link>`,
    `      <description>${escapeXml(result.content)}</description>`,
    // RSS 2.0 wants RFC 822 dates; toUTCString writes exactly that form (with GMT).
    ...(published && !Number.isNaN(published.getTime())
      ? [`      <pubDate>${published.toUTCString()}</pubDate>`]
      : []),
    ...kindElements(result).map((element) => `      ${element}`),
    `    </item>`,
  ].join("\n");
}

/** `<name a="…" b="…"/>` with the attributes that have a value, each escaped. */
function empty(name: string, attributes: Record<string, string | number | null>): string {
  const written = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== null)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`);
  return `<${name}${written.join("")}/>`;
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** The elements of a result's own kind (and a web page's thumbnail). */
function kindElements(result: SearchResult): string[] {
  switch (result.template) {
    case "default.html":
      return result.thumbnail ? [empty("media:thumbnail", { url: result.thumbnail })] : [];
    case "images.html": {
      const size = pixels(result.resolution);
      return [
        empty("media:content", {
          url: result.img_src,
          medium: "image",
          type: imageType(result.img_format),
          width: size?.width ?? null,
          height: size?.height ?? null,
        }),
        ...(result.thumbnail_src ? [empty("media:thumbnail", { url: result.thumbnail_src })] : []),
        ...(result.source ? [element("media:credit", result.source)] : []),
      ];
    }
    case "videos.html":
      return [
        ...(result.thumbnail ? [empty("media:thumbnail", { url: result.thumbnail })] : []),
        ...(result.iframe_src
          ? [
            empty("media:content", {
              url: result.iframe_src,
              medium: "video",
              duration: seconds(result.length),
            }),
          ]
          : []),
        empty("media:player", { url: result.url }),
        ...(result.author ? [element("dc:creator", result.author)] : []),
      ];
    case "paper.html":
      return [
        ...result.authors.map((author) => element("dc:creator", author)),
        ...(result.publisher ? [element("dc:publisher", result.publisher)] : []),
        ...(result.doi ? [element("dc:identifier", `doi:${result.doi}`)] : []),
        // RSS asks for the enclosure's length in bytes, and 0 when it is not known.
        ...(result.pdf_url
          ? [empty("enclosure", { url: result.pdf_url, length: 0, type: "application/pdf" })]
          : []),
      ];
    case "packages.html":
      return [
        ...(result.maintainer ? [element("dc:creator", result.maintainer)] : []),
        ...result.tags.map((tag) => element("category", tag)),
      ];
  }
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  "svg+xml": "image/svg+xml",
  bmp: "image/bmp",
  tiff: "image/tiff",
};

/** The media type of an image format as providers name it ("jpeg", "PNG", "image/webp"). */
function imageType(format: string | null): string | null {
  if (!format) return null;
  const name = format.trim().toLowerCase();
  if (/^image\/[a-z0-9.+-]+$/.test(name)) return name;
  return IMAGE_TYPES[name] ?? null;
}

/** Width and height from "1920 x 1080" (or "1920×1080"). */
function pixels(resolution: string | null): { width: number; height: number } | null {
  const match = resolution?.match(/^\s*(\d{1,6})\s*[x×]\s*(\d{1,6})\s*$/i);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}

/** Seconds from "12:34" or "1:02:03"; null for any other spelling. */
export function seconds(length: string | null): number | null {
  if (!length || !/^\d{1,3}(:\d{2}){1,2}$/.test(length.trim())) return null;
  return length.trim().split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

/** The engines that failed, for the channel's description: a reader shows why a feed is short. */
function failedEngines(outcome: SearchOutcome): string {
  if (outcome.unresponsive_engines.length === 0) return "";
  const engines = outcome.unresponsive_engines.map(([engine, reason]) => `${engine} (${reason})`);
  return escapeXml(`. Engines that failed: ${engines.join(", ")}`);
}
