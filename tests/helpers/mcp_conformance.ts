// The official MCP conformance suite (npm @modelcontextprotocol/conformance, installed with the
// other packages and run by Deno: it needs Node >= 22's APIs, which Deno provides) against one
// MCP endpoint, one scenario at a time.
import { denoCommand } from "./process.ts";

const SUITE = "npm:@modelcontextprotocol/conformance@0.1.16";

export type CheckStatus = "SUCCESS" | "FAILURE" | "WARNING" | "INFO";

export interface Check {
  id: string;
  status: CheckStatus;
  errorMessage?: string;
}

/** The checks of `scenario` against `mcpUrl`, as the suite wrote them to its checks.json. */
export async function runConformanceScenario(mcpUrl: URL, scenario: string): Promise<Check[]> {
  const output = await Deno.makeTempDir({ prefix: "mcp-conformance-" });
  try {
    const run = await denoCommand(
      ["run", "-A", SUITE, "server", "--url", mcpUrl.href, "--scenario", scenario, "-o", output],
      {},
    ).output();
    // The suite writes one folder per run, named after the scenario and the time.
    const folders = await Array.fromAsync(Deno.readDir(output));
    if (folders.length !== 1) {
      const decoder = new TextDecoder();
      throw new Error(
        `the suite wrote no results for ${scenario} (exit ${run.code}):\n` +
          decoder.decode(run.stdout) + decoder.decode(run.stderr),
      );
    }
    const checks: Check[] = JSON.parse(
      await Deno.readTextFile(`${output}/${folders[0].name}/checks.json`),
    );
    return checks.map(({ id, status, errorMessage }) => ({ id, status, errorMessage }));
  } finally {
    await Deno.remove(output, { recursive: true });
  }
}
