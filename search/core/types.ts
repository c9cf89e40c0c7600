// The merged answer of a search, field for field as SearXNG serialises it (clients such as
// Open WebUI, Perplexica and mcp-searxng read these names).
import type { EngineInfobox } from "../engines/engine.ts";

export type ParsedUrl = [
  scheme: string,
  netloc: string,
  path: string,
  params: string,
  query: string,
  fragment: string,
];

export interface SearchResult {
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
  template: "default.html";
  parsed_url: ParsedUrl;
  /** ISO-8601 or null. */
  publishedDate: string | null;
  thumbnail: string | null;
  img_src: string | null;
  priority: "";
}

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
