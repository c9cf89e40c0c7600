// SearXNG's `format=rss`: an RSS 2.0 feed with OpenSearch response elements. Every text comes from
// upstream pages, so it is escaped and stripped of what XML 1.0 cannot carry at all.
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
    `<rss version="2.0" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">`,
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
    `    </item>`,
  ].join("\n");
}

/** The engines that failed, for the channel's description: a reader shows why a feed is short. */
function failedEngines(outcome: SearchOutcome): string {
  if (outcome.unresponsive_engines.length === 0) return "";
  const engines = outcome.unresponsive_engines.map(([engine, reason]) => `${engine} (${reason})`);
  return escapeXml(`. Engines that failed: ${engines.join(", ")}`);
}
