// A GET that follows redirects, every hop checked against the address policy and sent over a
// connection to the checked address (see target.ts), spoken in HTTP/1.1 by http1.ts.
import { CREDENTIAL_HEADERS } from "../../shared/credential_headers.ts";
import { describeError } from "../../shared/describe_error.ts";
import { ACCEPTED_ENCODINGS, decompressionFor, guardBody, streamChunks } from "./body.ts";
import { type Connection, openConnection } from "./connection.ts";
import { PublicFetchError, timedOut } from "./error.ts";
import {
  bodyChunks,
  type BodyFraming,
  bodyFraming,
  ByteReader,
  HttpProtocolError,
  NoResponseError,
  readResponseHead,
  requestHead,
  type ResponseHead,
} from "./http1.ts";
import {
  type AddressPolicy,
  checkedAddresses,
  parseTargetUrl,
  type ResolveHost,
} from "./target.ts";

export interface PublicFetchOptions {
  /** The overall deadline: covers name lookups, every redirect and the body. */
  signal?: AbortSignal;
  /**
   * E.g. User-Agent, Accept. Host, Connection and Accept-Encoding are always ours; Authorization,
   * Proxy-Authorization and Cookie are not sent on to another origin a redirect points at.
   */
  headers?: Record<string, string>;
  /** Default 5; a redirect beyond that is a "too_many_redirects" error. */
  maxRedirects?: number;
  /** Cap on the decoded body; default 5 MiB. */
  maxBytes?: number;
  /** Skip the address policy (tests, and deployments that fetch from their own LAN). */
  allowPrivate?: boolean;
  /** Defaults to DNS A and AAAA lookups. */
  resolve?: ResolveHost;
  /** Extra trusted CA certificates (PEM). */
  caCerts?: string[];
}

export interface PublicResponse {
  /** The final URL, after redirects. */
  url: URL;
  status: number;
  /** As received, except that Content-Encoding and Content-Length go when the body was decoded. */
  headers: Headers;
  /**
   * Decoded and capped; fails with PublicFetchError only. Read it to the end or cancel it: either
   * closes the connection.
   */
  body: ReadableStream<Uint8Array>;
}

const DEFAULT_MAX_REDIRECTS = 5;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Framing and connection headers are ours to set; a caller's would corrupt the exchange. */
const OWN_HEADERS = [
  "host",
  "connection",
  "accept-encoding",
  "content-length",
  "transfer-encoding",
];

/**
 * fetchPublic with the address policy as a parameter, so tests can treat loopback as public.
 * Malformed options are bugs in the caller, not failed fetches: limits out of range throw a
 * RangeError and header names or values that Headers refuses (CR or LF in them) a TypeError.
 */
export async function fetchWithPolicy(
  input: string | URL,
  options: PublicFetchOptions,
  isAllowedAddress: AddressPolicy,
): Promise<PublicResponse> {
  const { signal, maxRedirects = DEFAULT_MAX_REDIRECTS, maxBytes = DEFAULT_MAX_BYTES } = options;
  for (const [name, value] of [["maxRedirects", maxRedirects], ["maxBytes", maxBytes]] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${name} must be a whole number of at least 0, not ${value}`);
    }
  }
  const policy = {
    allowPrivate: options.allowPrivate ?? false,
    resolve: options.resolve,
    isAllowedAddress,
  };
  const headers = requestHeaders(options.headers);
  let url = parseTargetUrl(input);
  for (let redirects = 0;; redirects++) {
    if (signal?.aborted) throw timedOut(url, signal.reason);
    const addresses = await checkedAddresses(url, policy, signal);
    const connection = await openConnection(url, addresses, { caCerts: options.caCerts, signal });
    const exchange = await request(url, headers, connection, signal);
    const location = exchange.head.headers.get("location");
    if (!REDIRECT_STATUSES.has(exchange.head.status) || location === null) {
      return finalResponse(url, exchange, maxBytes);
    }
    exchange.release();
    if (redirects >= maxRedirects) {
      throw new PublicFetchError("too_many_redirects", url, `more than ${maxRedirects} redirects`);
    }
    const next = parseTargetUrl(location, url);
    // A caller's credentials are for the origin it named, not for wherever that one points.
    if (next.origin !== url.origin) {
      for (const name of CREDENTIAL_HEADERS) headers.delete(name);
    }
    url = next;
  }
}

function requestHeaders(given: Record<string, string> = {}): Headers {
  const headers = new Headers(given);
  for (const name of OWN_HEADERS) headers.delete(name);
  headers.set("connection", "close");
  headers.set("accept-encoding", ACCEPTED_ENCODINGS);
  return headers;
}

interface Exchange {
  head: ResponseHead;
  framing: BodyFraming;
  /** The body as framed on the wire, errors already PublicFetchErrors. */
  body: ReadableStream<Uint8Array<ArrayBuffer>>;
  release(): void;
}

async function request(
  url: URL,
  headers: Headers,
  connection: Connection,
  signal?: AbortSignal,
): Promise<Exchange> {
  const asError = (error: unknown) => asPublicFetchError(error, url, signal);
  const reader = new ByteReader(connection);
  try {
    await connection.write(new TextEncoder().encode(requestHead(url, headers)));
    const head = await readResponseHead(reader);
    const framing = bodyFraming(head);
    const body = streamChunks(bodyChunks(reader, framing), connection.close, asError);
    return { head, framing, body, release: connection.close };
  } catch (error) {
    connection.close();
    throw asError(error);
  }
}

function finalResponse(url: URL, exchange: Exchange, maxBytes: number): PublicResponse {
  const { head: { status, headers }, framing, release } = exchange;
  const decompression = decompressionFor(headers.get("content-encoding"));
  if (decompression === undefined) {
    release();
    throw new PublicFetchError("protocol", url, "unsupported content-encoding");
  }
  let body: ReadableStream<Uint8Array> = exchange.body;
  if (decompression === null) {
    if (framing.kind === "length" && framing.length > maxBytes) {
      release();
      throw new PublicFetchError("too_large", url, `body of ${framing.length} bytes declared`);
    }
  } else {
    body = exchange.body.pipeThrough(new DecompressionStream(decompression));
    headers.delete("content-encoding");
    headers.delete("content-length");
  }
  return { url, status, headers, body: guardBody(body, { url, maxBytes, release }) };
}

function asPublicFetchError(error: unknown, url: URL, signal?: AbortSignal): PublicFetchError {
  if (error instanceof PublicFetchError) return error;
  if (signal?.aborted) return timedOut(url, error);
  if (error instanceof HttpProtocolError) {
    return new PublicFetchError("protocol", url, error.message, { cause: error });
  }
  if (error instanceof NoResponseError) {
    return new PublicFetchError("connect", url, error.message, { cause: error });
  }
  return new PublicFetchError("connect", url, `connection failed: ${describeError(error)}`, {
    cause: error,
  });
}
