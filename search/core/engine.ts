// The contract every search provider module implements. A module is plain data (capabilities)
// plus pure functions: one builds the upstream request, one parses the upstream answer. All I/O
// (connection pools, deadlines, size caps, retries of token steps) belongs to the caller.
import type { DateUnit } from "../../shared/approximate_date.ts";

export type SafeSearch = 0 | 1 | 2;
export type TimeRange = "day" | "week" | "month" | "year";

/** What a provider is asked, after the search syntax has been taken out of the query. */
export interface EngineQuery {
  query: string;
  /** 1-based page number. */
  pageno: number;
  /** "all", or a language tag such as "en", "en-US", "zh-TW". */
  language: string;
  safesearch: SafeSearch;
  timeRange: TimeRange | null;
  /** The category this provider is asked for (a module may serve several, e.g. general and news). */
  category: string;
}

export interface UpstreamRequest {
  url: string;
  /** Defaults to GET; POST sends `form` as application/x-www-form-urlencoded. */
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  form?: Record<string, string>;
  cookies?: Record<string, string>;
}

export interface UpstreamResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Headers;
  /** The body decoded with the answer's charset (at most 5 MiB were read). */
  body: string;
}

/** Short-lived values a provider needs between requests (DuckDuckGo's vqd, Startpage's sc). */
export interface TokenStore {
  get(key: string): string | undefined;
  set(key: string, value: string, ttlMs: number): void;
}

export interface EngineContext {
  /** Origin (and optional path prefix) without a trailing slash: `base_url` or the module default. */
  baseUrl: string;
  /** The API key settings give this engine (`api_key`), null for the provider's anonymous use. */
  apiKey: string | null;
  /** Tokens of this configured engine (one store per settings entry). */
  tokens: TokenStore;
  /** The time of the search, for relative dates ("5 days ago") and date filters. */
  now: Date;
  /**
   * What this engine's requests within one search remember from step to step (a multi-step
   * provider's state, e.g. "this answer is the token page"): fresh for every search and never
   * shared, unlike `tokens`, which concurrent searches read and write at the same time.
   */
  steps: Map<string, unknown>;
}

/**
 * A result as a provider reads it. A web page has no `template`; the other kinds carry SearXNG's
 * template name and its fields (docs.searxng.org, result types), so clients that render images,
 * videos, papers and packages read them where they expect them.
 */
export type EngineResult = WebResult | ImageResult | VideoResult | PaperResult | PackageResult;

interface ResultBase {
  /** The page the result stands for (an image's page, a video's watch page, a paper's landing). */
  url: string;
  title: string;
  content: string;
  publishedDate?: Date | null;
  /** The unit a date read as "2 years ago" was counted back in: it is no more precise than that. */
  publishedDatePrecision?: DateUnit;
}

export interface WebResult extends ResultBase {
  template?: undefined;
  thumbnail?: string | null;
  img_src?: string | null;
}

export interface ImageResult extends ResultBase {
  template: "images.html";
  /** The full image. */
  img_src: string;
  /** A smaller copy to show in a grid; the full image when the provider has none. */
  thumbnail_src?: string | null;
  /** "1920 x 1080". */
  resolution?: string | null;
  /** "jpeg", "png", "svg+xml" … */
  img_format?: string | null;
  /** Where the image comes from, as a person reads it: a site's name or host. */
  source?: string | null;
  /** "2.1 MB". */
  filesize?: string | null;
}

export interface VideoResult extends ResultBase {
  template: "videos.html";
  thumbnail?: string | null;
  /** The provider's embed page (https only), never loaded until a person asks for it. */
  iframe_src?: string | null;
  /** "12:34" or "1:02:03". */
  length?: string | null;
  author?: string | null;
}

export interface PaperResult extends ResultBase {
  template: "paper.html";
  authors?: string[];
  journal?: string | null;
  publisher?: string | null;
  /** Without a resolver: "10.1000/xyz". */
  doi?: string | null;
  pdf_url?: string | null;
  /** "journal-article", "preprint" … */
  type?: string | null;
  volume?: string | null;
  pages?: string | null;
}

export interface PackageResult extends ResultBase {
  template: "packages.html";
  package_name: string;
  version?: string | null;
  maintainer?: string | null;
  homepage?: string | null;
  source_code_url?: string | null;
  tags?: string[];
  /** "1.2M downloads", "3.4k stars" … as the registry counts. */
  popularity?: string | null;
  license_name?: string | null;
}

export interface EngineInfobox {
  /** Title. */
  infobox: string;
  /** Canonical URL of the subject (the Wikipedia article); boxes with equal ids are merged. */
  id: string;
  content: string;
  img_src: string | null;
  urls: { title: string; url: string }[];
  attributes: { label: string; value: string }[];
}

export interface EngineAnswer {
  answer: string;
  url: string | null;
}

export interface EngineResults {
  results: EngineResult[];
  suggestions: string[];
  corrections: string[];
  answers: EngineAnswer[];
  infoboxes: EngineInfobox[];
}

/** A parse either finishes or asks for one more request (a token page, a search-then-fetch). */
export type EngineStep = EngineResults | { next: UpstreamRequest };

/** At most this many requests per provider per search, token and follow-up steps included. */
export const MAX_ENGINE_STEPS = 3;

/**
 * Where a module puts the `api_key` of its settings entry: a request header or a query parameter.
 * The HTTP edge reads it to keep the key with its provider: a redirect to another origin is sent
 * without it (nor Authorization or cookies), and none from https to http is followed while a key
 * is set.
 */
export type ApiKeyPlace = { header: string } | { param: string };

export interface EngineModule {
  /** Module id, the `engine:` value in settings (e.g. "duckduckgo"). */
  readonly id: string;
  readonly website: string;
  /** Used when the settings entry has no `base_url`. No trailing slash. */
  readonly defaultBaseUrl: string;
  /** Categories this module can serve; the first is the default for a settings entry. */
  readonly categories: readonly string[];
  readonly paging: boolean;
  /** Highest page the upstream serves without flagging us as a bot; 0 = no limit. */
  readonly maxPage: number;
  readonly timeRange: boolean;
  readonly safesearch: boolean;
  readonly language: boolean;
  /** When true, 4xx/5xx answers reach `parse` instead of failing the engine (Wikipedia's 404). */
  readonly handlesHttpErrors?: boolean;
  /**
   * Redirects are followed (at most 2) unless this is false; then a 3xx reaches `parse` with its
   * Location header (DuckDuckGo's 303 means "no results").
   */
  readonly followRedirects?: boolean;
  /** Where this module sends `context.apiKey`; absent for a module that sends no key. */
  readonly apiKeyIn?: ApiKeyPlace;
  /** null: nothing to ask for this query (e.g. too long for the upstream); the engine is skipped. */
  request(query: EngineQuery, context: EngineContext): UpstreamRequest | null;
  /** Throws the typed errors below on soft blocks and unparseable pages. */
  parse(response: UpstreamResponse, query: EngineQuery, context: EngineContext): EngineStep;
  /** Optional suggestion backend for /autocompleter, using the same `baseUrl`. */
  readonly autocomplete?: {
    /** When the suggestion service lives elsewhere than the search pages; `base_url` still wins. */
    readonly defaultBaseUrl?: string;
    request(query: string, language: string, context: EngineContext): UpstreamRequest;
    parse(response: UpstreamResponse): string[];
  };
}

export function emptyResults(): EngineResults {
  return { results: [], suggestions: [], corrections: [], answers: [], infoboxes: [] };
}

export function isNextStep(step: EngineStep): step is { next: UpstreamRequest } {
  return "next" in step;
}

/**
 * Why an engine gave no answer. `reason` is the text SearXNG clients expect in
 * `unresponsive_engines`; `suspendSeconds` is how long the engine is then left alone.
 */
export class EngineError extends Error {
  override name = "EngineError";
  constructor(
    readonly reason: string,
    readonly suspendSeconds: number,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

export class CaptchaError extends EngineError {
  override name = "CaptchaError";
  constructor(detail?: string) {
    super("CAPTCHA", 3600, detail);
  }
}

export class TooManyRequestsError extends EngineError {
  override name = "TooManyRequestsError";
  constructor(detail?: string) {
    super("too many requests", 180, detail);
  }
}

export class AccessDeniedError extends EngineError {
  override name = "AccessDeniedError";
  constructor(detail?: string) {
    super("access denied", 180, detail);
  }
}

export class ParseError extends EngineError {
  override name = "ParseError";
  constructor(detail?: string) {
    super("parsing error", 5, detail);
  }
}

export class HttpStatusError extends EngineError {
  override name = "HttpStatusError";
  constructor(readonly status: number) {
    super("HTTP error", 5, `status ${status}`);
  }
}

export class NetworkError extends EngineError {
  override name = "NetworkError";
  constructor(detail?: string) {
    super("network error", 5, detail);
  }
}

export class TimeoutError extends EngineError {
  override name = "TimeoutError";
  constructor() {
    super("timeout", 5);
  }
}
