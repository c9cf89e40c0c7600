// MCP_HTTP_AUTH_TOKEN: every /mcp request carries `Authorization: Bearer <token>`. Both sides are
// hashed before the constant-time compare, so neither the content nor the length of the token
// leaks through timing.
import { Buffer } from "node:buffer";
import { createHash, timingSafeEqual } from "node:crypto";
import { bearerToken } from "../../runtime/bearer_token.ts";

function digest(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

export function bearerTokenCheck(token: string): (authorization: string | null) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const given = bearerToken(authorization);
    return given !== null && timingSafeEqual(digest(given), expected);
  };
}
