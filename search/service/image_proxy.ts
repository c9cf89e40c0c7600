// Images of results fetched by us instead of the browser, so upstream image hosts never see the
// user's address. Only URLs we signed can be fetched: the proxy is not an open relay.
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  fetchPublic,
  PublicFetchError,
  type PublicFetchErrorKind,
  type PublicResponse,
  type ResolveHost,
} from "../../runtime/public_fetch/mod.ts";
import { browserUserAgent } from "../../shared/browser_user_agent.ts";
import { parseMediaType } from "../../shared/media_type.ts";

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

/** What the browser is told when the image host cannot be fetched. */
const FAILURES: Record<PublicFetchErrorKind, [ImageProxyError["status"], string]> = {
  invalid_url: [400, "only http and https images are proxied"],
  blocked: [403, "image host is not a public address"],
  dns: [502, "image host does not resolve"],
  connect: [502, "image host did not answer"],
  tls: [502, "image host failed the TLS handshake"],
  protocol: [502, "image host sent a malformed response"],
  too_many_redirects: [502, "too many redirects"],
  timeout: [504, "image host did not answer in time"],
  too_large: [413, "image larger than 5 MiB"],
};

export interface ImageFetchOptions {
  resolve?: ResolveHost;
  /** Tests serve images from loopback. */
  allowPrivate?: boolean;
}

/** Fetches an image for the browser; the stream is cut off past MAX_IMAGE_BYTES. */
export async function fetchImage(
  rawUrl: string,
  { resolve, allowPrivate = false }: ImageFetchOptions = {},
): Promise<Response> {
  let response: PublicResponse;
  try {
    response = await fetchPublic(rawUrl, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      maxRedirects: MAX_REDIRECTS,
      maxBytes: MAX_IMAGE_BYTES,
      allowPrivate,
      resolve,
      headers: {
        "User-Agent": browserUserAgent(),
        "Accept": "image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8",
        "DNT": "1",
        "Sec-GPC": "1",
      },
    });
  } catch (error) {
    if (!(error instanceof PublicFetchError)) throw error;
    const [status, message] = FAILURES[error.kind];
    throw new ImageProxyError(status, message);
  }
  if (response.status < 200 || response.status >= 300) {
    await response.body.cancel();
    throw new ImageProxyError(502, `image host answered ${response.status}`);
  }
  const type = parseMediaType(response.headers.get("content-type")).essence;
  // SVG can carry script; served from our origin it would run with our origin's rights.
  if (!type.startsWith("image/") || type === "image/svg+xml") {
    await response.body.cancel();
    throw new ImageProxyError(400, "not a raster image");
  }
  return new Response(response.body, {
    headers: {
      "Content-Type": type,
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
