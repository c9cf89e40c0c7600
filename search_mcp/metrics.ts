// search_mcp's own series: tool calls by tool and outcome, and web_url_read's page fetches by
// outcome. Tool names are our four; outcomes come from fixed lists.
import type { McpServer } from "@modelcontextprotocol/server";
import type { Registry } from "../runtime/metrics/registry.ts";

/** What search_mcp counts for /metrics. */
export interface SearchMcpMetrics {
  /** `outcome`: "ok", or "error" for an error result or a thrown failure. */
  toolCall(tool: string, outcome: "ok" | "error"): void;
  /** One page fetch of web_url_read: "ok", "http_error", "unreadable" or a fetch error's kind. */
  readerFetch(outcome: string): void;
}

/** search_mcp's series, registered in `registry`. */
export function searchMcpMetrics(registry: Registry): SearchMcpMetrics {
  const calls = registry.counter(
    "search_mcp_tool_calls_total",
    "MCP tool calls, by tool and outcome (ok, or error for an error result or a failure).",
    ["tool", "outcome"],
  );
  const fetches = registry.counter(
    "search_mcp_reader_fetches_total",
    "Pages fetched for web_url_read (cache misses), by outcome.",
    ["outcome"],
  );
  return {
    toolCall: (tool, outcome) => calls.inc({ tool, outcome }),
    readerFetch: (outcome) => fetches.inc({ outcome }),
  };
}

type ToolHandler = (...args: unknown[]) => unknown;
type RegisterTool = (name: string, config: unknown, handler: ToolHandler) => unknown;

/**
 * Counts every call of the tools registered on `server` from now on. One wrapper here instead of
 * a count in each tool, so a new tool is counted without anyone remembering to.
 */
export function countToolCalls(server: McpServer, metrics: SearchMcpMetrics): void {
  const target = server as unknown as { registerTool: RegisterTool };
  const register = target.registerTool.bind(server);
  target.registerTool = (name, config, handler) =>
    register(name, config, async (...args) => {
      try {
        const result = await handler(...args);
        const failed = (result as { isError?: boolean } | undefined)?.isError === true;
        metrics.toolCall(name, failed ? "error" : "ok");
        return result;
      } catch (error) {
        metrics.toolCall(name, "error");
        throw error;
      }
    });
}
