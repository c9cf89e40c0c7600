// MCP_HTTP_AUTH_TOKEN: every /mcp request carries `Authorization: Bearer <token>`. Both sides are
// hashed before the constant-time compare, so neither the content nor the length of the token
// leaks through timing.
import { Buffer } from "node:buffer";
import { createHash, timingSafeEqual } from "node:crypto";

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

export function bearerTokenCheck(token: string): (authorization: string | null) => boolean {
  const expected = digest(`Bearer ${token}`);
  return (authorization) => {
    // Only the scheme is case-insensitive (RFC 7235); the token is compared exactly.
    const given = authorization?.replace(/^bearer /i, "Bearer ") ?? "";
    return timingSafeEqual(digest(given), expected);
  };
}
