// The anchor of the MCP benchmark: mcp-searxng 2.4.0 (npm), the server whose tools search_mcp
// mirrors, run on Node over HTTP against the same engine stub. It is installed once with npm into
// a cache folder outside the repository and started with `node` directly, so that the process
// measured is the server itself. Its limits are opened as ours are (one load generator is not
// one agent), and it is hardened so that it checks the same bearer token ours always checks.
import { command, freePort, RunningProcess } from "../tests/helpers/process.ts";

const VERSION = "2.4.0";
const HOME = Deno.env.get("HOME") ?? "/tmp";
const PREFIX = `${HOME}/.cache/search-bench/mcp-searxng-${VERSION}`;
const CLI = `${PREFIX}/node_modules/mcp-searxng/dist/cli.js`;

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Installs mcp-searxng with npm when it is not there yet; the path of its CLI. */
export async function ensureMcpSearxng(): Promise<string> {
  if (await exists(CLI)) return CLI;
  console.log(`installing mcp-searxng@${VERSION} into ${PREFIX} (npm)`);
  const { success, stderr } = await new Deno.Command("npm", {
    args: [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--prefix",
      PREFIX,
      `mcp-searxng@${VERSION}`,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success || !(await exists(CLI))) {
    throw new Error(`npm could not install mcp-searxng:\n${new TextDecoder().decode(stderr)}`);
  }
  return CLI;
}

export async function startMcpSearxng(
  engine: string,
  { stateless, token }: { stateless: boolean; token: string },
): Promise<{ process: RunningProcess; mcpUrl: URL }> {
  const cli = await ensureMcpSearxng();
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
