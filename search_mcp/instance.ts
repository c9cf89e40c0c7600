// Wiring: the configuration becomes an engine client, caches, the tool server factory, the /mcp
// endpoint and the app. main.ts serves it; tests start it in-process on port 0.
import type { Hono } from "hono";
import { browserUserAgent } from "../shared/browser_user_agent.ts";
import { createRateLimiter } from "../shared/rate_limiter.ts";
import { createTtlCache } from "../shared/ttl_cache.ts";
import { Registry } from "../runtime/metrics/registry.ts";
import { createSearchMcpApp } from "./app.ts";
import type { SearchMcpEnv } from "./config.ts";
import { createEngineClient, type EngineSearchResponse } from "./engine_client.ts";
import { createMcpEndpoint, type McpEndpoint } from "../runtime/mcp/endpoint.ts";
import { searchMcpMetrics } from "./metrics.ts";
import { createToolServer } from "./server.ts";
import { rememberedConfig } from "./tools/instance_info.ts";
import type { UrlReadDeps } from "./tools/web_url_read.ts";

/** 1 MiB: a tools/call is a few hundred bytes; nothing a client sends needs more. */
const MAX_MCP_BODY_BYTES = 1024 * 1024;
/** Converted pages kept in memory, in characters, whatever CACHE_MAX_ENTRIES allows. */
const URL_CACHE_MAX_CHARS = 16 * 1024 * 1024;

/** The assembled service: its app, its MCP endpoint, and how to close them. */
export interface SearchMcpInstance {
  app: Hono;
  endpoint: McpEndpoint;
  close(): Promise<void>;
}

/** Builds search_mcp from its variables; `testing.fetch` lets tests play the internet. */
export function createSearchMcp(
  env: SearchMcpEnv,
  testing: { fetch?: UrlReadDeps["fetch"] } = {},
): SearchMcpInstance {
  const browser = browserUserAgent();
  const registry = new Registry();
  const metrics = searchMcpMetrics(registry);
  const engine = createEngineClient({
    baseUrl: env.SEARXNG_URL,
    basicAuth: env.AUTH_USERNAME && env.AUTH_PASSWORD
      ? { username: env.AUTH_USERNAME, password: env.AUTH_PASSWORD }
      : undefined,
    timeoutMs: env.SEARXNG_TIMEOUT_MS,
    userAgent: env.USER_AGENT,
  });
  const deps = {
    engine,
    search: {
      engine,
      cache: createTtlCache<EngineSearchResponse>({ maxEntries: env.SEARCH_CACHE_MAX_ENTRIES }),
      cacheTtlMs: env.SEARCH_CACHE_TTL_MS,
    },
    urlRead: {
      cache: createTtlCache<string>({
        maxEntries: env.CACHE_MAX_ENTRIES,
        maxWeight: URL_CACHE_MAX_CHARS,
        weigh: (markdown) => markdown.length,
      }),
      cacheTtlMs: env.CACHE_TTL_MS,
      fetchTimeoutMs: env.FETCH_TIMEOUT_MS,
      maxBytes: env.URL_READ_MAX_CONTENT_LENGTH_BYTES,
      allowPrivate: env.MCP_HTTP_ALLOW_PRIVATE_URLS,
      userAgent: env.URL_READER_USER_AGENT ?? env.USER_AGENT ?? browser,
      fetch: testing.fetch,
      countFetch: metrics.readerFetch,
    },
    instanceConfig: rememberedConfig(engine),
    metrics,
  };
  const endpoint = createMcpEndpoint({
    createServer: () => createToolServer(deps),
    sessions: env.MCP_HTTP_STATELESS ? null : {
      maxSessions: env.MCP_HTTP_MAX_SESSIONS,
      idleTimeoutMs: env.MCP_HTTP_SESSION_IDLE_TIMEOUT_MS,
    },
    maxBodyBytes: MAX_MCP_BODY_BYTES,
    toolLimiter: env.MCP_TOOL_RATE_MAX === 0 ? undefined : createRateLimiter({
      burst: env.MCP_TOOL_RATE_MAX,
      perMinute: env.MCP_TOOL_RATE_MAX * 60_000 / env.MCP_TOOL_RATE_WINDOW_MS,
    }),
  });
  const app = createSearchMcpApp({
    endpoint,
    engineUnreachableReason: engine.unreachableReason,
    authToken: env.MCP_HTTP_AUTH_TOKEN,
    harden: env.MCP_HTTP_HARDEN,
    allowedHosts: env.MCP_HTTP_ALLOWED_HOSTS,
    allowedOrigins: env.MCP_HTTP_ALLOWED_ORIGINS,
    trustProxy: env.MCP_HTTP_TRUST_PROXY,
    metrics: registry,
    metricsToken: env.METRICS_TOKEN,
  });
  return { app, endpoint, close: () => endpoint.close() };
}
