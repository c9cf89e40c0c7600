// The MCP load both search_mcp benches drive (bench/search_mcp_bench.ts for speed beside
// mcp-searxng, bench/search_mcp_profile.ts for where a call's time goes): the instant engine stub,
// search_mcp started with its task's V8 flags plus any extra, and workers that each call
// `searxng_web_search` with a distinct query (so the search cache never answers) as fast as the
// server answers, over a session of their own when stateful.
import {
  denoCommand,
  RunningProcess,
  serviceArgs,
  serviceCommand,
} from "../tests/helpers/process.ts";
import { cpuMsOf } from "./process_stats.ts";

export const TOKEN = "bench-bearer-token-0123456789";
const HEADERS = {
  "Content-Type": "application/json",
  "Accept": "application/json, text/event-stream",
  "Authorization": `Bearer ${TOKEN}`,
};

export interface Round {
  calls: number;
  failures: number;
  seconds: number;
  latencies: number[];
  serverCpuMs: number;
}

export async function startEngineStub() {
  const process = new RunningProcess(denoCommand(["run", "-A", "bench/fake_engine_server.ts"], {}));
  const [, origin] = await process.waitFor(/fake engine on (\S+)/);
  return { process, origin };
}

/** The bare floor server (bench/search_mcp_floor_server.ts) against `engine`. */
export async function startFloorServer(engine: string) {
  const process = new RunningProcess(
    denoCommand(["run", "-A", "bench/search_mcp_floor_server.ts", engine], {}),
  );
  const [, address] = await process.waitFor(/listening on (http:\/\/\S+)/);
  return { process, mcpUrl: new URL(address) };
}

/**
 * search_mcp on a free port against `engine`, the per-client tool-call limit off
 * (MCP_TOOL_RATE_MAX=0: one load generator is not one agent); `runArgs` may add flags to deno's.
 */
export async function startSearchMcp(
  engine: string,
  stateless: boolean,
  extraV8Flags?: string,
  runArgs: string[] = [],
) {
  const [run, ...rest] = serviceArgs("search_mcp", extraV8Flags);
  const process = new RunningProcess(serviceCommand("search_mcp", {
    MCP_HTTP_PORT: "0",
    SEARXNG_URL: engine,
    MCP_HTTP_AUTH_TOKEN: TOKEN,
    MCP_HTTP_STATELESS: String(stateless),
    MCP_TOOL_RATE_MAX: "0",
  }, [run, ...runArgs, ...rest]));
  const [, address] = await process.waitFor(/listening on (http:\/\/\S+)/);
  return { process, mcpUrl: new URL("/mcp", address) };
}

/** Headers for one worker's calls: its own session when stateful. */
export async function workerHeaders(
  mcpUrl: URL,
  stateless: boolean,
): Promise<Record<string, string>> {
  if (stateless) return HEADERS;
  const init = await fetch(mcpUrl, {
    method: "POST",
    headers: HEADERS,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "bench", version: "1" },
      },
    }),
  });
  await init.body?.cancel();
  const session = {
    ...HEADERS,
    "Mcp-Session-Id": init.headers.get("mcp-session-id")!,
    "Mcp-Protocol-Version": "2025-06-18",
  };
  const initialized = await fetch(mcpUrl, {
    method: "POST",
    headers: session,
    body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
  });
  await initialized.body?.cancel();
  return session;
}

let counter = 0;

/** `connections` workers calling `send` until `seconds` are over; the server's CPU if `serverPid`. */
export async function load(
  send: (query: string, headers: Record<string, string>) => Promise<boolean>,
  prepare: () => Promise<Record<string, string>>,
  connections: number,
  seconds: number,
  serverPid?: number,
): Promise<Round> {
  const latencies: number[] = [];
  let failures = 0;
  const workers = await Promise.all(Array.from({ length: connections }, prepare));
  const cpuBefore = serverPid ? cpuMsOf(serverPid) : 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(workers.map(async (headers) => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      const ok = await send(`distinct query ${counter++}`, headers);
      latencies.push(performance.now() - sent);
      if (!ok) failures++;
    }
  }));
  return {
    calls: latencies.length,
    failures,
    seconds: (performance.now() - started) / 1000,
    latencies: latencies.sort((a, b) => a - b),
    serverCpuMs: serverPid ? cpuMsOf(serverPid) - cpuBefore : 0,
  };
}

/** The JSON-RPC message of an answer, sent as JSON or as one server-sent event (mcp-searxng). */
async function rpcMessage(response: Response) {
  const body = await response.text();
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    return JSON.parse(body);
  }
  const data = body.split("\n").find((line) => line.startsWith("data: "));
  return data ? JSON.parse(data.slice("data: ".length)) : null;
}

/** One `searxng_web_search` call; true when its answer carries the engine's tenth result. */
export function toolCall(mcpUrl: URL) {
  return async (query: string, headers: Record<string, string>) => {
    const response = await fetch(mcpUrl, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "searxng_web_search", arguments: { query } },
      }),
    });
    const message = await rpcMessage(response);
    // Both servers word their answers their own way; each must carry the tenth result.
    return response.status === 200 && message?.result?.isError !== true &&
      JSON.stringify(message?.result?.content ?? null).includes("example.org/article/9");
  };
}
