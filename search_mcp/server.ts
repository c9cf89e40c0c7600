// The MCP server: four tools over the search engine. One instance per session (or per request
// when stateless); everything worth keeping between them (caches, the engine client) lives in
// ToolDeps, created once per process.
import { McpServer } from "@modelcontextprotocol/server";
import { mcpServerOptions } from "../runtime/mcp/server_options.ts";
import { VERSION } from "../runtime/version.ts";
import type { EngineClient } from "./engine_client.ts";
import { countToolCalls, type SearchMcpMetrics } from "./metrics.ts";
import { type ConfigSource, registerInstanceInfo } from "./tools/instance_info.ts";
import { registerSearchSuggestions } from "./tools/search_suggestions.ts";
import { registerUrlRead, type UrlReadDeps } from "./tools/web_url_read.ts";
import { registerWebSearch, type WebSearchDeps } from "./tools/web_search.ts";

/** What the tools share across sessions: the engine client, caches and metrics. */
export interface ToolDeps {
  engine: EngineClient;
  search: WebSearchDeps;
  urlRead: UrlReadDeps;
  instanceConfig: ConfigSource;
  metrics?: SearchMcpMetrics;
}

const INSTRUCTIONS =
  "Web search and page reading through a self-hosted SearXNG-compatible engine. Start with " +
  "searxng_web_search; read promising results with web_url_read (long pages come in slices); " +
  "use searxng_search_suggestions to refine vague queries and searxng_instance_info to see " +
  "which categories and engines exist.";

/** A fresh MCP server with the four tools over `deps`. */
export function createToolServer(deps: ToolDeps): McpServer {
  const server = new McpServer(
    { name: "search_mcp", title: "Self-hosted search", version: VERSION },
    mcpServerOptions(INSTRUCTIONS),
  );
  if (deps.metrics) countToolCalls(server, deps.metrics);
  registerWebSearch(server, deps.search);
  registerUrlRead(server, deps.urlRead);
  registerSearchSuggestions(server, deps.engine);
  registerInstanceInfo(server, { config: deps.instanceConfig, displayUrl: deps.engine.displayUrl });
  return server;
}
