import { bindAddress, ConfigError, type EnvValues, flag, port, text, url } from "../shared/env.ts";

export const searchMcpEnv = {
  MCP_HTTP_PORT: port(3000),
  MCP_HTTP_HOST: bindAddress("127.0.0.1"),
  SEARXNG_URL: url("http://127.0.0.1:8080", ["http:", "https:"], "http://127.0.0.1:8080"),
  MCP_HTTP_AUTH_TOKEN: text({ secret: true, minLength: 16 }),
  MCP_HTTP_HARDEN: flag(false),
};

export type SearchMcpEnv = EnvValues<typeof searchMcpEnv>;

/** Hardening without a token would leave the tools open to anyone who can reach the port. */
export function requireTokenWhenHardened(env: SearchMcpEnv): SearchMcpEnv {
  if (env.MCP_HTTP_HARDEN && env.MCP_HTTP_AUTH_TOKEN === undefined) {
    throw new ConfigError(
      "invalid MCP_HTTP_HARDEN=true without MCP_HTTP_AUTH_TOKEN: expected a bearer token (at least 16 characters) when hardened",
    );
  }
  return env;
}
