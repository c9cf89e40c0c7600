// Response compression for every service: Deno.serve sends bodies as they are, so text answers
// (pages, JSON, SVG, CSS, scripts, feeds) are compressed here with brotli or gzip, whichever the
// client prefers (brotli when it likes both equally), and marked `Vary: Accept-Encoding` so that
// caches keep one copy per encoding.
//
// Bodies are compressed whole: every text answer of our services is built in memory, and the one
// that streams, Server-Sent Events (search_mcp's and diagram's /mcp), is left alone by its type,
// as are WebSocket upgrades (101). A streamed body of another type would be read to its end
// first; a route that must stream text says `Cache-Control: no-transform`, which is also how any
// answer opts out. Compressing per chunk (CompressionStream, gzip only) would suit such a stream,
// but none exists, and brotli on the whole body is what makes the pages small.
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseMediaType } from "../shared/media_type.ts";

export type Encoding = "br" | "gzip";

/** Below this a body is sent as it is: the compressed one would save less than a packet. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Per request brotli stays fast at quality 4 (11, for files built once, is 100 times slower). */
const REQUEST_BROTLI_QUALITY = 4;
/** zlib's default: the smallest answer short of the slow top levels. */
const REQUEST_GZIP_LEVEL = 6;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** How much a client wants each coding, as its `Accept-Encoding` says; `*` for codings not named. */
type CodingWeights = ReadonlyMap<string, number>;

/** `Accept-Encoding` read once: q-values count (`br;q=0` refuses brotli), x-gzip is gzip. */
function codingWeights(acceptEncoding: string): CodingWeights {
  const weights = new Map<string, number>();
  for (const entry of acceptEncoding.split(",")) {
    const [name, ...parameters] = entry.split(";");
    const coding = name.trim().toLowerCase();
    if (coding === "") continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key, value = ""] = parameter.split("=");
      if (key.trim().toLowerCase() !== "q") continue;
      weight = qValue(value.trim());
    }
    weights.set(coding === "x-gzip" ? "gzip" : coding, weight);
  }
  return weights;
}

/** The coding the weights prefer, `tie` when they weigh brotli and gzip alike; null for none. */
function preferredEncoding(weights: CodingWeights, tie: Encoding): Encoding | null {
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzipWeight = weightOf("gzip");
  if (br === gzipWeight) return br > 0 ? tie : null;
  if (br > gzipWeight) return "br";
  return gzipWeight > 0 ? "gzip" : null;
}

/**
 * The encoding to answer `Accept-Encoding` with, or null for none (identity). q-values count
 * (`br;q=0` refuses brotli), `*` stands for codings not named, and `tie` wins a tie. A missing
 * header gets identity: a client that says nothing may not expect compression.
 */
export function negotiateEncoding(
  acceptEncoding: string | null | undefined,
  tie: Encoding = "br",
): Encoding | null {
  if (!acceptEncoding) return null;
  return preferredEncoding(codingWeights(acceptEncoding), tie);
}

/** RFC 9110's qvalue: 0 to 1 with at most three decimals; anything else refuses the coding. */
function qValue(text: string): number {
  if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(text)) return 0;
  return Number(text);
}

/** Whether a Content-Type is text that compresses: markup, JSON, SVG, CSS, scripts, feeds, CSV. */
export function isCompressibleType(contentType: string | null): boolean {
  const type = parseMediaType(contentType).essence;
  if (type === "" || type === "text/event-stream") return false;
  return type.startsWith("text/") || type.endsWith("+json") || type.endsWith("+xml") ||
    type === "application/json" || type === "application/xml" ||
    type === "application/javascript" || type === "application/ecmascript";
}

/** Adds Accept-Encoding to Vary unless it is there (or Vary is `*`, which covers it). */
export function addVaryAcceptEncoding(headers: Headers): void {
  const vary = headers.get("vary");
  if (vary === null) return headers.set("vary", "Accept-Encoding");
  const names = vary.split(",").map((name) => name.trim().toLowerCase());
  if (!names.includes("accept-encoding") && !names.includes("*")) {
    headers.set("vary", `${vary}, Accept-Encoding`);
  }
}

/** Statuses without a body to compress, or whose body is a range of another representation. */
const UNCOMPRESSED_STATUSES = new Set([101, 204, 206, 304]);

/** Whether this answer must go out as it is, whatever the client accepts. */
function leftAlone(method: string, response: Response): boolean {
  return method === "HEAD" || UNCOMPRESSED_STATUSES.has(response.status) ||
    response.body === null || response.headers.has("content-encoding") ||
    /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(response.headers.get("cache-control") ?? "");
}

/**
 * Below this a body is compressed in one synchronous call: the asynchronous form's stream and
 * buffers cost more than compressing some kilobytes (gzip: ~0.03 ms for 7 KB), and the event loop
 * waits at most about a millisecond (brotli at its request quality on 64 KiB).
 */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/** `body` in `encoding`: brotli at a per-request quality, or gzip at `gzipLevel`. */
export async function compressBody(
  body: Uint8Array,
  encoding: Encoding,
  gzipLevel = REQUEST_GZIP_LEVEL,
): Promise<Uint8Array<ArrayBuffer>> {
  const sync = body.byteLength < SYNC_COMPRESSION_MAX_BYTES;
  if (encoding === "gzip") {
    const options = { level: gzipLevel };
    return new Uint8Array(sync ? gzipSync(body, options) : await gzipAsync(body, options));
  }
  const options = {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: REQUEST_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  };
  return new Uint8Array(
    sync ? brotliCompressSync(body, options) : await brotliAsync(body, options),
  );
}

/**
 * A strong ETag names one sequence of bytes; the compressed body is another, so it becomes weak
 * (`W/"…"`): caches then never hand out one encoding's bytes for another's, while
 * If-None-Match, which compares weakly, still matches (runtime/etag.ts).
 */
function weakened(etag: string): string {
  return etag.startsWith("W/") ? etag : `W/${etag}`;
}

export interface CompressionOptions {
  /**
   * Below this size gzip wins a tie with brotli (0, the default: brotli always does). For a
   * service of many small answers: setting up a brotli encoder costs a fixed 0.2–0.4 ms of CPU per
   * answer in this runtime, which on a 7 KB JSON-RPC answer saves some tens of bytes over gzip.
   */
  brotliMinBytes?: number;
  /**
   * zlib's level for gzip, 1 (fastest) to 9; 6 by default. For a service of many answers of a few
   * KB, level 1 takes half of level 6's CPU for a body about a third larger (13.6 KB of search
   * results: 3.7 KB against 2.8 KB), still a quarter of the original; nginx's default is 1.
   */
  gzipLevel?: number;
}

/** The middleware: compresses what isCompressibleType and leftAlone allow, as negotiated. */
export function compression(
  { brotliMinBytes = 0, gzipLevel = REQUEST_GZIP_LEVEL }: CompressionOptions = {},
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!isCompressibleType(response.headers.get("content-type"))) return;
    addVaryAcceptEncoding(response.headers);
    if (leftAlone(c.req.method, response)) return;
    const acceptEncoding = c.req.header("accept-encoding");
    if (!acceptEncoding) return;
    const weights = codingWeights(acceptEncoding);
    if (preferredEncoding(weights, "br") === null) return;
    const body = new Uint8Array(await response.arrayBuffer());
    const encoding = preferredEncoding(weights, body.byteLength < brotliMinBytes ? "gzip" : "br")!;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    const small = body.byteLength < MIN_COMPRESSED_BYTES;
    const sent = small ? body : await compressBody(body, encoding, gzipLevel);
    if (!small) {
      headers.set("content-encoding", encoding);
      const etag = headers.get("etag");
      if (etag !== null) headers.set("etag", weakened(etag));
    }
    // Replaced by hand: Hono's setter would carry the old headers (a stale length) over.
    c.res = undefined;
    c.res = new Response(sent, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
