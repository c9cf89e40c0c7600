// `Authorization: Bearer <token>` (RFC 6750), read the same way by every service that takes one:
// diagram's personal access tokens, search_mcp's MCP_HTTP_AUTH_TOKEN and every METRICS_TOKEN.
import { Buffer } from "node:buffer";
import { createHash, timingSafeEqual } from "node:crypto";

// Only the scheme is case-insensitive (RFC 9110); the rest is the token as sent. Runtimes trim
// header values, so nothing trails it. The rest is not held to token68: search_mcp accepts any
// configured text as its token, spaces included.
const BEARER = /^bearer[ \t]+(.+)$/i;

/** The bearer token of an Authorization header, or null when there is none or another scheme. */
export function bearerToken(authorization: string | null): string | null {
  return BEARER.exec(authorization ?? "")?.[1] ?? null;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/**
 * Whether an Authorization header carries exactly `token`. Both sides are hashed before the
 * constant-time compare, so neither the content nor the length of the token leaks through timing.
 */
export function bearerTokenCheck(token: string): (authorization: string | null) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const given = bearerToken(authorization);
    return given !== null && timingSafeEqual(digest(given), expected);
  };
}
