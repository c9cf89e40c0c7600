// Images of results fetched by us instead of the browser, so upstream image hosts never see the
// user's address. Only URLs we signed can be fetched: the proxy is not an open relay.
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import { isIpLiteral, isPublicAddress } from "../shared/ip_address.ts";
import { browserUserAgent } from "./upstream.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 10_000;

export function signImageUrl(secret: string, url: string): string {
  return createHmac("sha256", secret).update(url).digest("hex");
}

export function proxiedImageUrl(secret: string, url: string): string {
  const query = new URLSearchParams({ url, h: signImageUrl(secret, url) });
  return `/image_proxy?${query}`;
}

export function isSignedImageUrl(secret: string, url: string, signature: string): boolean {
  const expected = Buffer.from(signImageUrl(secret, url), "hex");
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, "hex") : null;
  return given !== null && timingSafeEqual(expected, given);
}

export class ImageProxyError extends Error {
  constructor(readonly status: 400 | 403 | 413 | 502 | 504, message: string) {
    super(message);
  }
}

export type ResolveHost = (host: string) => Promise<string[]>;

async function resolveWithDns(host: string): Promise<string[]> {
  const [v4, v6] = await Promise.allSettled([
    Deno.resolveDns(host, "A"),
    Deno.resolveDns(host, "AAAA"),
  ]);
  return [v4, v6].flatMap((r) => r.status === "fulfilled" ? r.value : []);
}

/** Refuses URLs whose host is, or resolves to, a private, loopback or otherwise internal address. */
async function assertPublicTarget(url: URL, resolve: ResolveHost): Promise<void> {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ImageProxyError(400, "only http and https images are proxied");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIpLiteral(host) ? [host] : await resolve(host);
  if (addresses.length === 0) throw new ImageProxyError(502, "image host does not resolve");
  if (!addresses.every(isPublicAddress)) {
    throw new ImageProxyError(403, "image host is not a public address");
  }
}

export interface ImageFetchOptions {
  resolve?: ResolveHost;
  /** Tests serve images from loopback. */
  allowPrivate?: boolean;
}

/** Fetches an image for the browser; the stream is cut off past MAX_IMAGE_BYTES. */
export async function fetchImage(
  rawUrl: string,
  { resolve = resolveWithDns, allowPrivate = false }: ImageFetchOptions = {},
): Promise<Response> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ImageProxyError(400, "not a URL");
  }
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  for (let redirects = 0;; redirects++) {
    if (!allowPrivate) await assertPublicTarget(url, resolve);
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: "manual",
        signal,
        headers: {
          "User-Agent": browserUserAgent(),
          "Accept": "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8",
          "DNT": "1",
          "Sec-GPC": "1",
        },
      });
    } catch {
      throw new ImageProxyError(signal.aborted ? 504 : 502, "image host did not answer");
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (redirects >= MAX_REDIRECTS) throw new ImageProxyError(502, "too many redirects");
      url = new URL(location, url);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ImageProxyError(502, `image host answered ${response.status}`);
    }
    const type = response.headers.get("content-type")?.split(";")[0].trim().toLowerCase() ?? "";
    // SVG can carry script; served from our origin it would run with our origin's rights.
    if (!type.startsWith("image/") || type === "image/svg+xml") {
      await response.body?.cancel();
      throw new ImageProxyError(400, "not a raster image");
    }
    const length = Number(response.headers.get("content-length") ?? 0);
    if (length > MAX_IMAGE_BYTES) {
      await response.body?.cancel();
      throw new ImageProxyError(413, "image larger than 5 MiB");
    }
    let seen = 0;
    const capped = response.body!.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > MAX_IMAGE_BYTES) controller.error(new Error("image larger than 5 MiB"));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(capped, {
      headers: {
        "Content-Type": type,
        "Cache-Control": "public, max-age=86400",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  }
}
