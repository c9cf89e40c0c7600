// `Authorization: Bearer <token>` (RFC 6750), read the same way by every service that takes one:
// diagram's personal access tokens and search_mcp's MCP_HTTP_AUTH_TOKEN.

// Only the scheme is case-insensitive (RFC 9110); the rest is the token as sent. Runtimes trim
// header values, so nothing trails it. The rest is not held to token68: search_mcp accepts any
// configured text as its token, spaces included.
const BEARER = /^bearer[ \t]+(.+)$/i;

/** The bearer token of an Authorization header, or null when there is none or another scheme. */
export function bearerToken(authorization: string | null): string | null {
  return BEARER.exec(authorization ?? "")?.[1] ?? null;
}
