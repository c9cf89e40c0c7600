// The HTTP edge towards search providers: keep-alive pools, a deadline per call, a size cap on
// answers, redirects under our control, and every failure turned into a typed EngineError so a
// provider can never fail a search with anything else.
import {
  type ApiKeyPlace,
  EngineError,
  NetworkError,
  ParseError,
  TimeoutError,
  type UpstreamRequest,
  type UpstreamResponse,
} from "../core/engine.ts";
import { errorForStatus } from "../engines/toolkit/http_status.ts";
import { browserUserAgent } from "../../shared/browser_user_agent.ts";
import { CREDENTIAL_HEADERS } from "../../shared/credential_headers.ts";
import { parseMediaType } from "../../shared/media_type.ts";
import { BodyTimeoutError, readFetchedBody } from "../../runtime/read_capped.ts";

/** Upper bound on one upstream answer; larger answers are abandoned mid-stream. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 2;

/** `Accept-Language` for a SearXNG language value ("all", "de", "en-US"). */
export function acceptLanguage(language: string): string {
  if (language === "all" || language === "auto") return "en-US,en;q=0.9";
  const primary = language.split("-")[0];
  return primary === language ? `${language},en;q=0.5` : `${language},${primary};q=0.9,en;q=0.5`;
}

export interface SendOptions {
  signal: AbortSignal;
  language: string;
  followRedirects?: boolean;
  /** Leave 4xx/5xx answers to the caller instead of turning them into errors. */
  handlesHttpErrors?: boolean;
  /** Where the request carries the engine's API key; absent or null when it carries none. */
  apiKeyIn?: ApiKeyPlace | null;
}

export interface UpstreamClient {
  send(request: UpstreamRequest, options: SendOptions): Promise<UpstreamResponse>;
  close(): void;
}

export function createUpstreamClient(
  { poolConnections, userAgent = browserUserAgent(), caCerts }: {
    poolConnections: number;
    userAgent?: string;
    /** Extra trusted CA certificates (PEM): the tests' own https providers. */
    caCerts?: string[];
  },
): UpstreamClient {
  // Idle connections are dropped before typical upstream keep-alive limits (60 s and more), so a
  // search after a quiet spell does not start on a socket the other side already closed.
  const client = Deno.createHttpClient({
    poolMaxIdlePerHost: poolConnections,
    poolIdleTimeout: 30_000,
    caCerts,
  });

  function fetchOnce(request: UpstreamRequest, options: SendOptions) {
    const headers: Record<string, string> = {
      "User-Agent": userAgent,
      "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
      "Accept-Language": acceptLanguage(options.language),
      "DNT": "1",
      "Sec-GPC": "1",
      ...request.headers,
    };
    if (request.cookies) {
      const cookies = Object.entries(request.cookies);
      if (cookies.length > 0) {
        headers["Cookie"] = cookies.map(([name, value]) => `${name}=${value}`).join("; ");
      }
    }
    const post = request.method === "POST";
    return fetch(request.url, {
      method: post ? "POST" : "GET",
      headers,
      body: post ? new URLSearchParams(request.form ?? {}) : undefined,
      redirect: "manual",
      signal: options.signal,
      client,
    });
  }

  async function send(request: UpstreamRequest, options: SendOptions): Promise<UpstreamResponse> {
    let current = request;
    for (let redirects = 0;; redirects++) {
      const response = await withRetryOnDroppedConnection(() => fetchOnce(current, options));
      const location = response.headers.get("location");
      const isRedirect = response.status >= 300 && response.status < 400 && location !== null;
      if (isRedirect && options.followRedirects !== false && redirects < MAX_REDIRECTS) {
        await response.body?.cancel();
        current = redirected(current, new URL(location, current.url), options.apiKeyIn ?? null);
        continue;
      }
      const body = await readText(response);
      if (!options.handlesHttpErrors) {
        const error = errorForStatus(response.status, response.headers, body);
        if (error) throw error;
      }
      return { url: current.url, status: response.status, headers: response.headers, body };
    }
  }

  return {
    async send(request, options) {
      try {
        return await send(request, options);
      } catch (error) {
        throw asEngineError(error, options.signal);
      }
    },
    close: () => client.close(),
  };
}

/**
 * The request that follows `previous` to `target`, a redirect's Location. A POST is re-sent as a
 * GET, as browsers do for 301/302/303. Credentials stay with the origin they were meant for: a hop
 * to another origin goes without Authorization, cookies and the engine's key (header or query
 * parameter), and stays without them on later hops. While a key is sent, a hop from https to http
 * is refused: the key and the query would cross the network in the clear.
 */
function redirected(
  previous: UpstreamRequest,
  target: URL,
  apiKeyIn: ApiKeyPlace | null,
): UpstreamRequest {
  const from = new URL(previous.url);
  if (apiKeyIn && from.protocol === "https:" && target.protocol === "http:") {
    throw new NetworkError(
      `refused a redirect from https to http (${target.host}): the engine sends an API key`,
    );
  }
  if (target.origin === from.origin) {
    return { url: target.href, headers: previous.headers, cookies: previous.cookies };
  }
  const keyHeader = apiKeyIn && "header" in apiKeyIn ? apiKeyIn.header.toLowerCase() : null;
  const headers = Object.entries(previous.headers ?? {}).filter(([name]) => {
    const lower = name.toLowerCase();
    return lower !== keyHeader && !CREDENTIAL_HEADERS.includes(lower);
  });
  // Deleting re-serialises the query, so only a query that has the key is touched.
  if (apiKeyIn && "param" in apiKeyIn && target.searchParams.has(apiKeyIn.param)) {
    target.searchParams.delete(apiKeyIn.param);
  }
  return { url: target.href, headers: Object.fromEntries(headers) };
}

// A pooled connection the upstream closed while idle fails before any answer; one fresh attempt
// is what a browser would do too.
async function withRetryOnDroppedConnection(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof TypeError && /connection closed|reset|broken pipe/i.test(error.message)) {
      return await call();
    }
    throw error;
  }
}

async function readText(response: Response): Promise<string> {
  const bytes = await readFetchedBody(response, MAX_ANSWER_BYTES);
  if (bytes === null) {
    throw new ParseError(`answer larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`);
  }
  return decoderFor(response.headers.get("content-type")).decode(bytes);
}

const decoders = new Map<string, TextDecoder>();

function decoderFor(contentType: string | null): TextDecoder {
  const charset = parseMediaType(contentType).charset?.toLowerCase() ?? "utf-8";
  let decoder = decoders.get(charset);
  if (!decoder) {
    try {
      decoder = new TextDecoder(charset);
    } catch {
      // Unknown labels are not cached: upstreams could otherwise grow the map at will.
      return decoderFor(null);
    }
    decoders.set(charset, decoder);
  }
  return decoder;
}

function asEngineError(error: unknown, signal: AbortSignal): EngineError {
  // The call's own deadline usually ends a slow answer first; the reader's is the backstop.
  if (signal.aborted || error instanceof BodyTimeoutError) return new TimeoutError();
  if (error instanceof EngineError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new NetworkError(message.split("\n")[0].slice(0, 200));
}
