// The real diagram service for a benchmark: its own process on a scratch data folder, an account
// (or several) with a personal access token, and tools called over /mcp as a stateless client
// sends them (one POST each, no session).
import { adminCommand } from "../tests/helpers/diagram_instance.ts";
import { RunningProcess, serviceCommand } from "../tests/helpers/process.ts";

export interface BenchDiagram {
  service: RunningProcess;
  address: URL;
  mcp: URL;
  /** The first account's token. */
  token: string;
  /** One token per account, the first account's first. */
  tokens: string[];
  /** Stops the service and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * A fresh service (with `env` added to its environment) with `accounts` accounts, ready to
 * answer. The service runs one account's jobs on at most all but one of its workers: jobs meant
 * to run at once come from different accounts.
 */
export async function startBenchDiagram(
  prefix: string,
  env: Record<string, string> = {},
  accounts = 1,
): Promise<BenchDiagram> {
  const dataDir = await Deno.makeTempDir({ prefix });
  const serviceEnv = { DATA_DIR: dataDir, COLLAB_SECRET: "b".repeat(40), ...env };
  const admin = adminCommand(serviceEnv);
  const tokens: string[] = [];
  for (let account = 0; account < accounts; account++) {
    const email = `bench${account || ""}@example.com`;
    await admin(
      "reset-password",
      email,
      "bench password 123",
      ...(account ? ["--new-account"] : []),
    );
    tokens.push((await admin("create-token", email, "bench")).stdout.trim().split("\n").at(-1)!);
  }
  const service = new RunningProcess(
    serviceCommand("diagram", { ...serviceEnv, DIAGRAM_PORT: "0" }),
  );
  const stop = async () => {
    await service.stop();
    await Deno.remove(dataDir, { recursive: true });
  };
  try {
    const [, address] = await service.waitFor(/listening on (http:\/\/\S+)/);
    const mcp = new URL("/mcp", address);
    return { service, address: new URL(address), mcp, token: tokens[0], tokens, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A tool's answer as JSON-RPC carries it (`result` absent when the call itself failed). */
export interface ToolAnswer {
  result?: {
    isError?: boolean;
    content?: { type: string; text?: string; data?: string }[];
    structuredContent?: Record<string, unknown>;
  };
  error?: unknown;
}

/** One tools/call of `name` with `args`. */
export async function callTool(
  diagram: Pick<BenchDiagram, "mcp" | "token">,
  name: string,
  args: Record<string, unknown>,
): Promise<ToolAnswer> {
  const response = await fetch(diagram.mcp, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${diagram.token}`,
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args },
    }),
  });
  return await response.json();
}
