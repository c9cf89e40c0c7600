// Requests between our own services (collab → diagram) signed with the shared COLLAB_SECRET, so
// the diagram service can tell them from anything else that reaches its internal routes:
//   X-Internal-Timestamp:   <unix seconds>
//   X-Internal-Nonce:       <base64url of 16 random bytes>
//   X-Internal-Body-SHA256: <hex SHA-256 of the body>
//   X-Internal-Signature:   base64url(HMAC-SHA256(secret,
//     "internal-v1\n" + METHOD + "\n" + path?query + "\n" + timestamp + "\n" + nonce + "\n" +
//     body hash))
// The purpose prefix keeps these signatures apart from collab tokens made with the same secret.
// A verifier refuses timestamps more than a minute off and any nonce it has already seen. The
// body's hash travels in a header so that the signature is checked before the body is read: an
// unsigned request is refused without its body ever being taken in.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { decodeBase64Url, encodeBase64Url } from "./base64url.ts";

export const SIGNATURE_HEADERS = {
  timestamp: "x-internal-timestamp",
  nonce: "x-internal-nonce",
  signature: "x-internal-signature",
  bodyHash: "x-internal-body-sha256",
} as const;

/** How far a request's clock may be from ours; a replay must come within this window. */
export const MAX_CLOCK_SKEW_SECONDS = 60;

const NONCE = /^[A-Za-z0-9_-]{22}$/;

function hashOf(body: Uint8Array): string {
  return createHash("sha256").update(body).digest("hex");
}

function signatureOf(
  secret: string,
  parts: { method: string; path: string; timestamp: string; nonce: string; bodyHash: string },
): Uint8Array {
  const text = [
    "internal-v1",
    parts.method.toUpperCase(),
    parts.path,
    parts.timestamp,
    parts.nonce,
    parts.bodyHash,
  ]
    .join("\n");
  return createHmac("sha256", new TextEncoder().encode(secret)).update(text, "utf8").digest();
}

/** The headers that sign one request. `path` is the path and query, as the server will see it. */
export function signRequest(
  secret: string,
  request: { method: string; path: string; body?: Uint8Array; now?: number },
): Record<string, string> {
  const timestamp = String(Math.floor((request.now ?? Date.now()) / 1000));
  const nonce = encodeBase64Url(randomBytes(16));
  const bodyHash = hashOf(request.body ?? new Uint8Array());
  const signature = signatureOf(secret, {
    method: request.method,
    path: request.path,
    timestamp,
    nonce,
    bodyHash,
  });
  return {
    [SIGNATURE_HEADERS.timestamp]: timestamp,
    [SIGNATURE_HEADERS.nonce]: nonce,
    [SIGNATURE_HEADERS.bodyHash]: bodyHash,
    [SIGNATURE_HEADERS.signature]: encodeBase64Url(signature),
  };
}

export type SignatureVerdict = { ok: true } | { ok: false; reason: string };

export interface SignatureVerifier {
  /** The headers' signature over method, path and the declared body hash; the body comes later. */
  verify(
    request: { method: string; path: string; headers: Headers; now?: number },
  ): SignatureVerdict;
}

/** Whether the body read after a verified signature is the one it declared. */
export function bodyMatches(headers: Headers, body: Uint8Array): boolean {
  return headers.get(SIGNATURE_HEADERS.bodyHash) === hashOf(body);
}

/**
 * Checks signatures and remembers each accepted nonce for the whole window in which its timestamp
 * would still pass, so a captured request cannot be sent twice. At most `maxNonces` are held; when
 * full, requests are refused rather than old nonces forgotten early.
 */
export function createSignatureVerifier(
  secret: () => string,
  options: { maxNonces?: number } = {},
): SignatureVerifier {
  const maxNonces = options.maxNonces ?? 100_000;
  // Insertion order is expiry order: every nonce lives the same span.
  const seen = new Map<string, number>();
  return {
    verify({ method, path, headers, now = Date.now() }) {
      const timestamp = headers.get(SIGNATURE_HEADERS.timestamp) ?? "";
      const nonce = headers.get(SIGNATURE_HEADERS.nonce) ?? "";
      const bodyHash = headers.get(SIGNATURE_HEADERS.bodyHash) ?? "";
      const given = decodeBase64Url(headers.get(SIGNATURE_HEADERS.signature) ?? "");
      if (
        !/^\d{1,12}$/.test(timestamp) || !NONCE.test(nonce) || !/^[0-9a-f]{64}$/.test(bodyHash) ||
        given === null
      ) {
        return { ok: false, reason: "missing or malformed signature headers" };
      }
      const expected = signatureOf(secret(), { method, path, timestamp, nonce, bodyHash });
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: "signature does not match" };
      }
      if (Math.abs(now / 1000 - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) {
        return { ok: false, reason: "timestamp is more than a minute off" };
      }
      for (const [old, expires] of seen) {
        if (expires > now) break;
        seen.delete(old);
      }
      if (seen.has(nonce)) return { ok: false, reason: "request replayed" };
      if (seen.size >= maxNonces) return { ok: false, reason: "too many requests in flight" };
      seen.set(nonce, now + 2 * MAX_CLOCK_SKEW_SECONDS * 1000);
      return { ok: true };
    },
  };
}
