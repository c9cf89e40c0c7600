// The MCP server on a real loopback socket, configured through the same environment variables
// as the service, in front of whichever engine the test chose.
import { listen } from "../../runtime/serve.ts";
import { readEnv } from "../../shared/env.ts";
import { checkSearchMcpEnv, searchMcpEnv } from "../../search_mcp/config.ts";
import { createSearchMcp, type SearchMcpInstance } from "../../search_mcp/instance.ts";
import type { UrlReadDeps } from "../../search_mcp/tools/web_url_read.ts";

export const MCP_TOKEN = "test-bearer-token-0123456789";

/** What the seed client sends: protocol 2024-11-05, no capabilities. */
export const SEED_INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2024-11-05",
    capabilities: {},
    clientInfo: { name: "seed-client", version: "1.0.0" },
  },
};

export interface RunningSearchMcp {
  /** http://127.0.0.1:<port>/mcp */
  mcpUrl: URL;
  instance: SearchMcpInstance;
  /** POSTs JSON-RPC to /mcp with the streamable-HTTP headers; `headers` add or override. */
  post(body: unknown, headers?: Record<string, string>): Promise<Response>;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function startSearchMcp(
  env: Record<string, string>,
  testing: { fetch?: UrlReadDeps["fetch"] } = {},
): Promise<RunningSearchMcp> {
  const config = checkSearchMcpEnv(readEnv(searchMcpEnv, env));
  const instance = createSearchMcp(config, testing);
  const server = await listen(instance.app.fetch, { hostname: "127.0.0.1", port: 0 });
  const mcpUrl = new URL("/mcp", server.url);
  return {
    mcpUrl,
    instance,
    post: (body, headers = {}) =>
      fetch(mcpUrl, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Accept": "application/json, text/event-stream",
          ...headers,
        },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async [Symbol.asyncDispose]() {
      await instance.close();
      await server.stop();
    },
  };
}

/** The JSON-RPC message of an answer, whether it came as JSON or as SSE events. */
export async function rpcMessage(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    return JSON.parse(text);
  }
  const data = text.split("\n").filter((line) => line.startsWith("data: ")).map((line) =>
    line.slice(6)
  ).filter((line) => line.trim() !== "");
  return JSON.parse(data.at(-1)!);
}
