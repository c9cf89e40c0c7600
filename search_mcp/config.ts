// Environment of the MCP server. Names follow mcp-searxng so that its users' configurations work
// unchanged; where a default differs, docs/configuration.md says why.
import {
  bindAddress,
  ConfigError,
  type EnvValues,
  flag,
  integer,
  list,
  origins,
  port,
  text,
  url,
} from "../shared/env.ts";
import { metricsTokenVariable } from "../runtime/metrics/access.ts";

const MINUTE = 60_000;

/** search_mcp's environment variables, each with its default and range. */
export const searchMcpEnv = {
  MCP_HTTP_PORT: port(3000),
  MCP_HTTP_HOST: bindAddress("127.0.0.1"),
  MCP_HTTP_STATELESS: flag(false),
  MCP_HTTP_MAX_SESSIONS: integer(1000, 1, 10_000),
  MCP_HTTP_SESSION_IDLE_TIMEOUT_MS: integer(30 * MINUTE, 1000, 24 * 60 * MINUTE),
  MCP_HTTP_TRUST_PROXY: flag(false),
  MCP_HTTP_AUTH_TOKEN: text({ secret: true, minLength: 16 }),
  MCP_HTTP_HARDEN: flag(false),
  MCP_HTTP_ALLOWED_HOSTS: list("mcp.example.org,localhost:3000"),
  MCP_HTTP_ALLOWED_ORIGINS: origins("https://chat.example.org,http://localhost:8080"),
  MCP_HTTP_ALLOW_PRIVATE_URLS: flag(false),
  MCP_TOOL_RATE_MAX: integer(600, 0, 1_000_000),
  MCP_TOOL_RATE_WINDOW_MS: integer(MINUTE, 1000, 24 * 60 * MINUTE),
  SEARXNG_URL: url("http://127.0.0.1:8080", ["http:", "https:"], "http://127.0.0.1:8080"),
  AUTH_USERNAME: text(),
  AUTH_PASSWORD: text({ secret: true }),
  SEARXNG_TIMEOUT_MS: integer(10_000, 100, 10 * MINUTE),
  SEARCH_CACHE_TTL_MS: integer(10 * MINUTE, 0, 7 * 24 * 60 * MINUTE),
  SEARCH_CACHE_MAX_ENTRIES: integer(200, 0, 100_000),
  FETCH_TIMEOUT_MS: integer(10_000, 100, 10 * MINUTE),
  URL_READ_MAX_CONTENT_LENGTH_BYTES: integer(5 * 1024 * 1024, 1024, 64 * 1024 * 1024),
  CACHE_TTL_MS: integer(15 * MINUTE, 0, 7 * 24 * 60 * MINUTE),
  CACHE_MAX_ENTRIES: integer(100, 0, 100_000),
  USER_AGENT: text(),
  URL_READER_USER_AGENT: text(),
  METRICS_TOKEN: metricsTokenVariable,
};

/** The variables as read and checked. */
export type SearchMcpEnv = EnvValues<typeof searchMcpEnv>;

/** Rules that span several variables. */
export function checkSearchMcpEnv(env: SearchMcpEnv): SearchMcpEnv {
  // Hardening without a token would leave the tools open to anyone who can reach the port.
  if (env.MCP_HTTP_HARDEN && env.MCP_HTTP_AUTH_TOKEN === undefined) {
    throw new ConfigError(
      "invalid MCP_HTTP_HARDEN=true without MCP_HTTP_AUTH_TOKEN: expected a bearer token (at least 16 characters) when hardened",
    );
  }
  if ((env.AUTH_USERNAME === undefined) !== (env.AUTH_PASSWORD === undefined)) {
    throw new ConfigError(
      "invalid AUTH_USERNAME/AUTH_PASSWORD: expected both (basic auth towards the engine) or neither",
    );
  }
  return env;
}
