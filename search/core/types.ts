// The merged answer of a search, field for field as SearXNG serialises it (clients such as
// Open WebUI, Perplexica and mcp-searxng read these names).
import type { EngineInfobox } from "./engine.ts";
import type { DateUnit } from "../../shared/approximate_date.ts";

export type ParsedUrl = [
  scheme: string,
  netloc: string,
  path: string,
  params: string,
  query: string,
  fragment: string,
];

/** What every result carries, whatever its kind: the fields every SearXNG client reads. */
interface CommonResultFields {
  url: string;
  title: string;
  content: string;
  /** The first engine that found it. */
  engine: string;
  engines: string[];
  /** 1-based rank in each engine's own list, one entry per hit. */
  positions: number[];
  score: number;
  category: string;
  parsed_url: ParsedUrl;
  /** ISO-8601 or null. */
  publishedDate: string | null;
  /**
   * Only when the date was counted back from a text such as "2 years ago" (not a SearXNG field):
   * the unit it was counted in, and so its precision; `publishedDate` is then cut to the day (to
   * the unit when finer), with no made-up time of day.
   */
  publishedDatePrecision?: DateUnit;
  thumbnail: string | null;
  img_src: string | null;
  /** Set by the hostnames plugin: "high" ranks by hits alone, "low" ranks last. */
  priority: "" | "high" | "low";
}

export interface WebSearchResult extends CommonResultFields {
  template: "default.html";
}

export interface ImageSearchResult extends CommonResultFields {
  template: "images.html";
  img_src: string;
  thumbnail_src: string | null;
  resolution: string | null;
  img_format: string | null;
  source: string | null;
  filesize: string | null;
}

export interface VideoSearchResult extends CommonResultFields {
  template: "videos.html";
  iframe_src: string | null;
  length: string | null;
  author: string | null;
}

export interface PaperSearchResult extends CommonResultFields {
  template: "paper.html";
  authors: string[];
  journal: string | null;
  publisher: string | null;
  doi: string | null;
  pdf_url: string | null;
  type: string | null;
  volume: string | null;
  pages: string | null;
}

export interface PackageSearchResult extends CommonResultFields {
  template: "packages.html";
  package_name: string;
  version: string | null;
  maintainer: string | null;
  homepage: string | null;
  source_code_url: string | null;
  tags: string[];
  popularity: string | null;
  license_name: string | null;
}

/** A merged result in SearXNG's shape: the common fields, and its template's own. */
export type SearchResult =
  | WebSearchResult
  | ImageSearchResult
  | VideoSearchResult
  | PaperSearchResult
  | PackageSearchResult;

export type ResultTemplate = SearchResult["template"];

export interface Answer {
  url: string | null;
  engine: string;
  parsed_url: ParsedUrl | null;
  template: "answer/legacy.html";
  answer: string;
}

export interface Infobox extends EngineInfobox {
  engine: string;
  engines: string[];
}

/** `[engine name, reason]`, e.g. `["brave", "too many requests"]`, `["bing", "Suspended: CAPTCHA"]`. */
export type UnresponsiveEngine = [name: string, reason: string];

export interface SearchOutcome {
  /** The query with the search syntax (`!bang`, `:lang`) removed. */
  query: string;
  results: SearchResult[];
  answers: Answer[];
  corrections: string[];
  infoboxes: Infobox[];
  suggestions: string[];
  unresponsive_engines: UnresponsiveEngine[];
}
