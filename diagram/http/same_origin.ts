// Cross-site request forgery guard for cookie-authenticated writes: the browser must say the
// request comes from our own pages. SameSite=Lax already keeps the cookie off cross-site POSTs
// in current browsers; this check does not depend on that.
import type { MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOrigin(headers: Headers, ownOrigin: string): boolean {
  const origin = headers.get("origin");
  // Under Referrer-Policy: no-referrer (our pages) browsers send `Origin: null` even for our own
  // form posts; Sec-Fetch-Site, which no page can forge, then says where the form was.
  if (origin !== null && origin !== "null") return origin === ownOrigin;
  return headers.get("sec-fetch-site") === "same-origin";
}

/** Refuses unsafe methods that do not come from `ownOrigin` (403); `applies` narrows it. */
export function requireSameOrigin(
  ownOrigin: string,
  applies: (headers: Headers) => boolean = () => true,
): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    if (!SAFE_METHODS.has(c.req.method) && applies(headers) && !isSameOrigin(headers, ownOrigin)) {
      return c.json({
        error: `cross-site request refused: send Origin: ${ownOrigin} (browsers do this for you)`,
      }, 403);
    }
    await next();
  };
}
