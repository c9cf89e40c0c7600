// The HTTP edge: GET /health, and /mcp behind the Host and Origin allowlists and the bearer token.
import type { MiddlewareHandler } from "hono";
import type { Hono } from "hono";
import { dependencyHealth, type DependencyProbe } from "../runtime/dependency_health.ts";
import { clientAddress, serviceApp } from "../runtime/http.ts";
import { compression } from "../runtime/compression.ts";
import type { Registry } from "../runtime/metrics/registry.ts";
import { bearerTokenCheck } from "../runtime/bearer_token.ts";
import { DEFAULT_ALLOWED_HOSTS, isAllowedHost } from "./http/allowed_host.ts";
import { originGuard } from "../runtime/mcp/browser_origin.ts";
import { jsonRpcError, SERVER_ERROR, UNAUTHORIZED } from "../runtime/mcp/jsonrpc_error.ts";
import type { McpEndpoint } from "../runtime/mcp/endpoint.ts";

/** What the HTTP edge needs: the MCP endpoint, the engine's health, and the guards' settings. */
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
  metrics?: Registry;
  metricsToken?: string;
}

/** The Hono app of search_mcp: /health, /healthz, /readyz, /metrics and the guarded /mcp. */
export function createSearchMcpApp(options: SearchMcpAppOptions): Hono {
  const app = serviceApp("search_mcp", {
    details: dependencyHealth("engine", options.engineUnreachableReason),
    metrics: options.metrics,
    metricsToken: options.metricsToken,
    readiness: [{ name: "engine", problem: options.engineUnreachableReason }],
  });
  // JSON answers of /mcp are compressed; its event streams are left alone. A tool call's answer
  // (a search's is about 7 KB) takes gzip when the client accepts it as gladly as brotli: brotli's
  // per-answer setup cost a third of a call's CPU at 1,000 calls a second, for tens of bytes. And
  // gzip's fastest level: at level 6 gzip was a twentieth of a call's CPU, for a few hundred bytes.
  app.use(compression({ brotliMinBytes: 32 * 1024, gzipLevel: 1 }));
  // Host (when hardened), then Origin (with CORS for allowed browser pages), then the token.
  if (options.harden) app.use("/mcp", hostGuard(options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS));
  app.use(
    "/mcp",
    originGuard({ configured: options.allowedOrigins, variable: "MCP_HTTP_ALLOWED_ORIGINS" }),
  );
  if (options.authToken) app.use("/mcp", tokenGuard(options.authToken));
  app.all("/mcp", (c) => options.endpoint.handle(c.req.raw, clientAddress(c, options.trustProxy)));
  return app;
}

function hostGuard(allowedHosts: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (!isAllowedHost(c.req.header("host") ?? null, allowedHosts)) {
      return jsonRpcError(403, SERVER_ERROR, "Forbidden: Host header not allowed");
    }
    await next();
  };
}

function tokenGuard(authToken: string): MiddlewareHandler {
  const tokenMatches = bearerTokenCheck(authToken);
  return async (c, next) => {
    if (!tokenMatches(c.req.header("authorization") ?? null)) {
      return jsonRpcError(401, UNAUTHORIZED, "Unauthorized: missing or invalid bearer token", {
        "WWW-Authenticate": 'Bearer realm="search_mcp"',
      });
    }
    await next();
  };
}
