// The edge towards the search engine: our own or any SearXNG instance, read through its JSON API.
// Every failure becomes an EngineRequestError whose message tells an agent (or the person behind
// it) what to fix, because "fetch failed" is what mcp-searxng's users keep asking about.
import { type DependencyProbe, httpProbe, PROBE_TIMEOUT_MS } from "../runtime/dependency_health.ts";
import { z } from "zod";
import { readFetchedBody } from "../runtime/read_capped.ts";
import { startDeadline } from "../shared/deadline.ts";
import { type EngineSearchResult, isEngineResult, readEngineResult } from "./engine_result.ts";

/** One search as the engine's /search takes it (SearXNG's parameters). */
export interface EngineSearchParams {
  query: string;
  pageno?: number;
  time_range?: string;
  language?: string;
  safesearch?: string;
  categories?: string;
  engines?: string;
}

export type { EngineSearchResult };

/** The results list: every item an object with a url (else the answer is not an engine's). */
const resultsSchema = z.custom<Record<string, unknown>[]>(
  (value) => Array.isArray(value) && value.every(isEngineResult),
).transform((items) => items.map(readEngineResult));

// Older SearXNG versions send answers as strings, newer ones as objects (`engine` names the
// engine or plugin that answered).
const answerSchema = z.union([
  z.string().transform((answer) => ({ answer, engine: undefined })),
  z.object({ answer: z.string(), engine: z.string().optional().catch(undefined) }),
]);

const infoboxSchema = z.object({
  infobox: z.string().catch(""),
  content: z.string().nullish(),
});

/** The engine's JSON answer to a search, read leniently field by field. */
export const searchResponseSchema = z.object({
  query: z.string().catch(""),
  number_of_results: z.number().catch(0),
  results: resultsSchema,
  answers: z.array(answerSchema).catch([]),
  corrections: z.array(z.string()).catch([]),
  infoboxes: z.array(infoboxSchema).catch([]),
  suggestions: z.array(z.string()).catch([]),
  unresponsive_engines: z.array(z.tuple([z.string(), z.string()]).rest(z.unknown())).catch([]),
});

/** A search answer as read. */
export type EngineSearchResponse = z.infer<typeof searchResponseSchema>;

const engineInfoSchema = z.looseObject({
  name: z.string(),
  categories: z.array(z.string()).catch([]),
  shortcut: z.string().nullish(),
  enabled: z.boolean().catch(true),
  paging: z.boolean().optional().catch(undefined),
  language_support: z.boolean().optional().catch(undefined),
  safesearch: z.boolean().optional().catch(undefined),
  time_range_support: z.boolean().optional().catch(undefined),
});

/** The engine's /config: its categories, engines, locales and plugins. */
export const instanceConfigSchema = z.looseObject({
  instance_name: z.string().optional().catch(undefined),
  version: z.string().optional().catch(undefined),
  categories: z.array(z.string()).catch([]),
  engines: z.array(engineInfoSchema).catch([]),
  locales: z.record(z.string(), z.string()).catch({}),
  default_locale: z.string().optional().catch(undefined),
  safe_search: z.number().optional().catch(undefined),
  default_theme: z.string().optional().catch(undefined),
  autocomplete: z.string().optional().catch(undefined),
  plugins: z.array(z.unknown()).catch([]),
});

/** /config as read. */
export type InstanceConfig = z.infer<typeof instanceConfigSchema>;

/** A call to the engine failed; the message says what to fix (an address, a setting, a timeout). */
export class EngineRequestError extends Error {
  override name = "EngineRequestError";
}

/** Where the engine is and how to call it. */
export interface EngineClientOptions {
  /** SEARXNG_URL; credentials in it are moved into an Authorization header. */
  baseUrl: string;
  basicAuth?: { username: string; password: string };
  timeoutMs: number;
  maxResponseBytes?: number;
  userAgent?: string;
}

/** The calls the tools make to the engine. */
export interface EngineClient {
  /** The engine's address without credentials, safe to show. */
  readonly displayUrl: string;
  search(params: EngineSearchParams, signal?: AbortSignal): Promise<EngineSearchResponse>;
  /** Autocomplete phrases; an engine without autocomplete gives none. */
  suggestions(query: string, language: string, signal?: AbortSignal): Promise<string[]>;
  config(signal?: AbortSignal): Promise<InstanceConfig>;
  /** Null when the engine answers at all (any HTTP status below 500), otherwise why not. */
  unreachableReason: DependencyProbe;
}

const SUGGESTIONS_TIMEOUT_MS = 5_000;
const utf8 = new TextDecoder();

/** A client of the engine at `options.baseUrl`, with credentials taken out of the URL. */
export function createEngineClient(options: EngineClientOptions): EngineClient {
  const base = new URL(options.baseUrl);
  const credentials = base.username
    ? {
      username: decodeURIComponent(base.username),
      password: decodeURIComponent(base.password),
    }
    : options.basicAuth;
  base.username = "";
  base.password = "";
  const root = base.href.replace(/\/+$/, "");
  const maxBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.userAgent) headers["User-Agent"] = options.userAgent;
  if (credentials) {
    headers.Authorization = `Basic ${btoa(`${credentials.username}:${credentials.password}`)}`;
  }

  async function getJson(
    path: string,
    query: Record<string, string | undefined>,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const url = new URL(`${root}${path}`);
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && value !== "") search.set(name, value);
    }
    // Set once: each change through url.searchParams re-serialises and re-parses the whole URL.
    url.search = search.toString();
    const deadline = startDeadline(timeoutMs, signal);
    // What went wrong once the call failed: the time ran out, the caller left, or the engine.
    const failure = (error: unknown, engineFault: string) => {
      if (deadline.expired) {
        return new EngineRequestError(
          `Timeout: the search engine at ${root} took longer than ${timeoutMs} ms to answer. ` +
            "Retry, narrow the query, or raise SEARXNG_TIMEOUT_MS.",
        );
      }
      return signal?.aborted ? error : new EngineRequestError(engineFault);
    };
    try {
      let response: Response;
      try {
        response = await fetch(url, { headers, signal: deadline.signal });
      } catch (error) {
        throw failure(
          error,
          `Connection error: the search engine at ${root} is not reachable (${
            (error as Error).message.split("\n")[0]
          }). Check SEARXNG_URL and that the engine is running.`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new EngineRequestError(engineStatusAdvice(response.status, root, path));
      }
      let bytes: Uint8Array | null;
      try {
        bytes = await readFetchedBody(response, maxBytes);
      } catch (error) {
        throw failure(error, `The search engine at ${root} broke off its answer; retry later.`);
      }
      if (bytes === null) {
        throw new EngineRequestError(
          `The search engine's answer is larger than ${maxBytes} bytes.`,
        );
      }
      try {
        return JSON.parse(utf8.decode(bytes));
      } catch {
        throw new EngineRequestError(
          `The search engine at ${root} did not answer JSON. Enable json in search.formats of ` +
            "the engine's settings.yml (search: formats: [html, json]).",
        );
      }
    } finally {
      deadline.clear();
    }
  }

  return {
    displayUrl: root,

    async search(params, signal) {
      const body = await getJson(
        "/search",
        {
          q: params.query,
          format: "json",
          pageno: params.pageno === undefined ? undefined : String(params.pageno),
          time_range: params.time_range,
          language: params.language === "all" ? undefined : params.language,
          safesearch: params.safesearch,
          categories: params.categories,
          engines: params.engines,
        },
        options.timeoutMs,
        signal,
      );
      const parsed = searchResponseSchema.safeParse(body);
      if (!parsed.success) {
        throw new EngineRequestError(
          `The search engine at ${root} answered JSON without a results list; ` +
            "SEARXNG_URL must point at a SearXNG-compatible engine.",
        );
      }
      return parsed.data;
    },

    async suggestions(query, language, signal) {
      try {
        const body = await getJson(
          "/autocompleter",
          {
            q: query,
            lang: language === "all" ? undefined : language,
          },
          Math.min(SUGGESTIONS_TIMEOUT_MS, options.timeoutMs),
          signal,
        );
        // SearXNG answers the OpenSearch form [query, [phrases]] or, for XHR, a bare list.
        const list = Array.isArray(body) && Array.isArray(body[1]) ? body[1] : body;
        return Array.isArray(list) ? list.filter((item) => typeof item === "string") : [];
      } catch (error) {
        if (signal?.aborted) throw error;
        return [];
      }
    },

    async config(signal) {
      const body = await getJson("/config", {}, options.timeoutMs, signal);
      const parsed = instanceConfigSchema.safeParse(body);
      if (!parsed.success) {
        throw new EngineRequestError(
          `The search engine at ${root} answered /config in an unknown shape; ` +
            "SEARXNG_URL must point at a SearXNG-compatible engine.",
        );
      }
      return parsed.data;
    },

    unreachableReason: httpProbe(
      `${root}/healthz`,
      `the search engine at ${root} (SEARXNG_URL)`,
      headers,
      Math.min(PROBE_TIMEOUT_MS, options.timeoutMs),
    ),
  };
}

/** An engine's error status as what to fix in its configuration or ours (SEARXNG_URL, formats). */
function engineStatusAdvice(status: number, root: string, path: string): string {
  const prefix = `The search engine at ${root} answered HTTP ${status} to ${path}`;
  switch (status) {
    case 401:
      return `${prefix}: it needs credentials. Put them in SEARXNG_URL ` +
        "(https://user:password@host) or set AUTH_USERNAME and AUTH_PASSWORD.";
    case 403:
      return path === "/search"
        ? `${prefix}: the JSON format is not enabled. Enable json in search.formats of the ` +
          "engine's settings.yml (search: formats: [html, json]), or check that this server's " +
          "address is not blocked by the engine."
        : `${prefix}: access denied. Check the engine's access rules for this server.`;
    case 404:
      return `${prefix}: not found. SEARXNG_URL must be the engine's base address, ` +
        "e.g. http://search:8080 (without /search).";
    case 429:
      return `${prefix}: too many requests. Turn off the engine's limiter for this server ` +
        "(server.limiter: false) or retry after a pause.";
    default:
      return status >= 500
        ? `${prefix}: the engine failed. Retry later; its log says why.`
        : `${prefix}.`;
  }
}
