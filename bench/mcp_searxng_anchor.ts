// The anchor of the MCP benchmark: mcp-searxng 2.4.0 (npm), the server whose tools search_mcp
// mirrors, run on Node over HTTP against the same engine stub, installed and run as
// bench/npm_cache.ts says. Its limits are opened as ours are (one load generator is not
// one agent), and it is hardened so that it checks the same bearer token ours always checks.
import { command, freePort, RunningProcess } from "../tests/helpers/process.ts";
import { npmInstalled } from "./npm_cache.ts";

const VERSION = "2.4.0";

export async function startMcpSearxng(
  engine: string,
  { stateless, token }: { stateless: boolean; token: string },
): Promise<{ process: RunningProcess; mcpUrl: URL }> {
  const cli = await npmInstalled(
    `search-bench/mcp-searxng-${VERSION}`,
    [`mcp-searxng@${VERSION}`],
    "node_modules/mcp-searxng/dist/cli.js",
  );
  const port = freePort();
  const process = new RunningProcess(command("node", [cli], {
    MCP_HTTP_PORT: String(port),
    MCP_HTTP_HOST: "127.0.0.1",
    SEARXNG_URL: engine,
    MCP_HTTP_STATELESS: String(stateless),
    MCP_HTTP_HARDEN: "true",
    MCP_HTTP_AUTH_TOKEN: token,
    // Hardening requires an origin list; the benchmark's requests carry no Origin.
    MCP_HTTP_ALLOWED_ORIGINS: "http://127.0.0.1",
    // Its limits at their widest, as MCP_TOOL_RATE_MAX=0 turns ours off.
    MCP_TOOL_RATE_WINDOW_MS: "1000",
    MCP_TOOL_RATE_MAX: "10000",
    MCP_TOOL_MAX_IN_FLIGHT: "256",
    MCP_RATE_INIT_MAX: "1000000",
    MCP_RATE_SESSION_MAX: "1000000",
    MCP_HTTP_STATELESS_MAX_IN_FLIGHT: "256",
    MCP_HTTP_STATELESS_MAX_IN_FLIGHT_PER_IP: "256",
  }));
  await process.waitFor(/HTTP server listening on/);
  return { process, mcpUrl: new URL(`http://127.0.0.1:${port}/mcp`) };
}
