// Which web pages may call an MCP endpoint from a visitor's browser. Browsers name the page in
// the Origin header of every POST, so a site that reaches a server through the visitor (a local
// one through DNS rebinding, say) is refused by it: MCP 2025-11-25 requires 403 for an Origin
// that is present and not allowed. Allowed pages get CORS headers, so a browser client (the
// Inspector's web UI) can read the answers. Both MCP servers put this in front of their token
// check.
import type { MiddlewareHandler } from "hono";
import { jsonRpcError, SERVER_ERROR } from "./jsonrpc_error.ts";

const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface OriginPolicy {
  /** The service's own pages (diagram: BASE_URL's origin), allowed whatever else is. */
  own?: string;
  /** The origins allowed, matched exactly; unset, pages on loopback (any port) are. */
  configured?: readonly string[];
  /** The variable that sets `configured`, named in the refusal. */
  variable: string;
}

/**
 * An absent Origin passes: it comes from a client that is not a browser page, which no site can
 * make a visitor's browser into. The literal "null" (sandboxed frames, file: pages) never does.
 */
export function isAllowedOrigin(origin: string | null, policy: OriginPolicy): boolean {
  if (origin === null) return true;
  if (origin === policy.own) return true;
  if (policy.configured) return policy.configured.includes(origin);
  return isLoopbackPage(origin);
}

function isLoopbackPage(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return (url.protocol === "http:" || url.protocol === "https:") &&
    LOOPBACK_HOSTNAMES.has(url.hostname);
}

const PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers":
    "Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID",
  "Access-Control-Max-Age": "600",
};

function corsHeaders(origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate",
    "Vary": "Origin",
  };
}

/**
 * Refuses a page `policy` does not allow with 403 in the JSON-RPC error shape, answers an allowed
 * page's preflight, and adds CORS headers to every answer an allowed page gets, refusals by later
 * checks (a missing token) included.
 */
export function originGuard(policy: OriginPolicy): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin") ?? null;
    if (origin === null) return next();
    if (!isAllowedOrigin(origin, policy)) {
      return jsonRpcError(
        403,
        SERVER_ERROR,
        `Forbidden: Origin ${JSON.stringify(origin)} may not call this server ` +
          `(${policy.variable} lists the pages that may)`,
      );
    }
    const cors = corsHeaders(origin);
    if (c.req.method === "OPTIONS") {
      return new Response(null, { status: 204, headers: { ...cors, ...PREFLIGHT_HEADERS } });
    }
    await next();
    // SDK answers may carry immutable headers: answer with a copy that has room for ours.
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(cors)) c.res.headers.set(name, value);
  };
}
