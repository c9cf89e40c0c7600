// The MCP Inspector's CLI (a client we did not write), run against one of our MCP endpoints.
import type { Json } from "./mcp_client.ts";
import { denoCommand } from "./process.ts";

const INSPECTOR = "npm:@modelcontextprotocol/inspector@2.12.0";

export interface InspectorRun {
  code: number;
  output: Record<string, Json>;
  /** What the CLI itself printed to stderr besides its answer (its warnings, if any). */
  stderr: string;
}

/** Runs the CLI with `args`; `token`, when given, is sent as the bearer token. */
export async function inspector(
  mcpUrl: URL,
  args: string[],
  token?: string,
): Promise<InspectorRun> {
  const state = await Deno.makeTempDir();
  try {
    const command = denoCommand([
      "run",
      "-A",
      INSPECTOR,
      "--cli",
      mcpUrl.href,
      "--transport",
      "http",
      ...(token ? ["--header", `Authorization: Bearer ${token}`] : []),
      "--format",
      "json",
      ...args,
    ], {
      // Its catalog, storage and OAuth state go to a scratch folder, not the developer's home.
      MCP_CATALOG_PATH: `${state}/catalog.json`,
      MCP_STORAGE_DIR: `${state}/storage`,
      MCP_INSPECTOR_OAUTH_STATE_PATH: `${state}/oauth.json`,
    });
    const { code, stdout, stderr } = await command.output();
    const text = new TextDecoder().decode(code === 0 ? stdout : stderr).trim();
    const json = text.split("\n").filter((line) => line.startsWith("{")).at(-1) ?? "{}";
    return { code, output: JSON.parse(json), stderr: new TextDecoder().decode(stderr).trim() };
  } finally {
    await Deno.remove(state, { recursive: true });
  }
}

/** `tools/call` of one tool with JSON arguments. */
export function inspectorCall(
  mcpUrl: URL,
  token: string | undefined,
  tool: string,
  args: Record<string, unknown>,
): Promise<InspectorRun> {
  return inspector(mcpUrl, [
    "--method",
    "tools/call",
    "--tool-name",
    tool,
    "--tool-args-json",
    JSON.stringify(args),
  ], token);
}
