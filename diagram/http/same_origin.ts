// Cross-site request forgery guard for cookie-authenticated writes: the browser must say the
// request comes from our own pages. SameSite=Lax already keeps the cookie off cross-site POSTs
// in current browsers; this check does not depend on that.
import type { Context, MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSameOrigin(headers: Headers, ownOrigin: string): boolean {
  const origin = headers.get("origin");
  // Under Referrer-Policy: no-referrer (our pages) browsers send `Origin: null` even for our own
  // form posts; Sec-Fetch-Site, which no page can forge, then says where the form was.
  if (origin !== null && origin !== "null") return sameOrLoopbackAlias(origin, ownOrigin);
  return headers.get("sec-fetch-site") === "same-origin";
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * `origin` is `ownOrigin`, or, when that is on loopback, the same scheme and port under another
 * loopback name: a BASE_URL of http://localhost:8000 is also reached as http://127.0.0.1:8000 (the
 * address `deno task start` prints). No other site can be served from this machine's loopback.
 */
function sameOrLoopbackAlias(origin: string, ownOrigin: string): boolean {
  if (origin === ownOrigin) return true;
  if (!URL.canParse(origin)) return false;
  const asked = new URL(origin);
  const own = new URL(ownOrigin);
  return LOOPBACK_HOSTS.has(own.hostname) && LOOPBACK_HOSTS.has(asked.hostname) &&
    asked.protocol === own.protocol && asked.port === own.port;
}

/**
 * The 403 for an unsafe request that does not come from `ownOrigin`; null when it may go on. For
 * every request that a session cookie authenticates: the check belongs to the credential, not to
 * the headers around it.
 */
export function crossSiteRefusal(c: Context, ownOrigin: string): Response | null {
  const headers = c.req.raw.headers;
  if (SAFE_METHODS.has(c.req.method) || isSameOrigin(headers, ownOrigin)) return null;
  return c.json({
    error: `cross-site request refused: send Origin: ${ownOrigin} (browsers do this for you)`,
  }, 403);
}

/** Refuses unsafe methods that do not come from `ownOrigin` (403). */
export function requireSameOrigin(ownOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    const refused = crossSiteRefusal(c, ownOrigin);
    if (refused !== null) return refused;
    await next();
  };
}
