// The guard of /internal/*: only requests signed with COLLAB_SECRET (the collab server) pass. The
// signature is checked before the body is read, then the body against the hash it declared; the
// route gets the bytes.
import type { MiddlewareHandler } from "hono";
import { readRequestBytes } from "../../runtime/request_body.ts";
import { bodyMatches, type SignatureVerifier } from "../../shared/internal_signature.ts";

export type InternalEnv = { Variables: { body: Uint8Array } };

export function requireInternalSignature(
  verifier: SignatureVerifier,
  maxBodyBytes: number,
): MiddlewareHandler<InternalEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const headers = c.req.raw.headers;
    const verdict = verifier.verify({
      method: c.req.method,
      path: url.pathname + url.search,
      headers,
    });
    if (!verdict.ok) return c.json({ error: `internal request refused: ${verdict.reason}` }, 401);
    const body = await readRequestBytes(c.req.raw, maxBodyBytes);
    if (!bodyMatches(headers, body)) {
      return c.json({ error: "internal request refused: the body is not the one signed" }, 401);
    }
    c.set("body", body);
    await next();
  };
}
