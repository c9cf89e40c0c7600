// The HTTP edge: GET /health, and /mcp behind the Host and Origin allowlists and the bearer token.
import type { MiddlewareHandler } from "hono";
import type { Hono } from "hono";
import { dependencyHealth, type DependencyProbe } from "../runtime/dependency_health.ts";
import { clientAddress, serviceApp } from "../runtime/http.ts";
import { bearerTokenCheck } from "./http/bearer_token.ts";
import { DEFAULT_ALLOWED_HOSTS, isAllowedHost, isAllowedOrigin } from "./http/host_origin.ts";
import { jsonRpcError, SERVER_ERROR, UNAUTHORIZED } from "../runtime/mcp/jsonrpc_error.ts";
import type { McpEndpoint } from "../runtime/mcp/endpoint.ts";

export interface SearchMcpAppOptions {
  endpoint: McpEndpoint;
  /** Whether the engine answers, for /health. */
  engineUnreachableReason: DependencyProbe;
  authToken?: string;
  harden: boolean;
  allowedHosts?: string[];
  allowedOrigins?: string[];
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
}

const CORS_ALLOW_HEADERS =
  "Content-Type, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Last-Event-ID";
const CORS_EXPOSE_HEADERS = "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate";
const PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS,
  "Access-Control-Max-Age": "600",
};

export function createSearchMcpApp(options: SearchMcpAppOptions): Hono {
  const app = serviceApp(
    "search_mcp",
    undefined,
    dependencyHealth("engine", options.engineUnreachableReason),
  );
  app.use("/mcp", guard(options));
  app.all("/mcp", (c) => options.endpoint.handle(c.req.raw, clientAddress(c, options.trustProxy)));
  return app;
}

/** Host, then Origin (with CORS for allowed browser pages), then the bearer token. */
function guard(options: SearchMcpAppOptions): MiddlewareHandler {
  const allowedHosts = options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS;
  const tokenMatches = options.authToken ? bearerTokenCheck(options.authToken) : null;
  return async (c, next) => {
    if (options.harden && !isAllowedHost(c.req.header("host") ?? null, allowedHosts)) {
      return jsonRpcError(403, SERVER_ERROR, "Forbidden: Host header not allowed");
    }
    const origin = c.req.header("origin") ?? null;
    if (!isAllowedOrigin(origin, options.allowedOrigins)) {
      return jsonRpcError(403, SERVER_ERROR, "Forbidden: Origin not allowed");
    }
    const cors = origin === null ? {} : corsHeaders(origin);
    if (origin !== null && c.req.method === "OPTIONS") {
      return new Response(null, { status: 204, headers: { ...cors, ...PREFLIGHT_HEADERS } });
    }
    if (tokenMatches && !tokenMatches(c.req.header("authorization") ?? null)) {
      return jsonRpcError(401, UNAUTHORIZED, "Unauthorized: missing or invalid bearer token", {
        "WWW-Authenticate": 'Bearer realm="search_mcp"',
        ...cors,
      });
    }
    await next();
    if (origin !== null) {
      // SDK answers may carry immutable headers: answer with a copy that has room for ours.
      c.res = new Response(c.res.body, c.res);
      for (const [name, value] of Object.entries(cors)) c.res.headers.set(name, value);
    }
  };
}

function corsHeaders(origin: string): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Expose-Headers": CORS_EXPOSE_HEADERS,
    "Vary": "Origin",
  };
}
