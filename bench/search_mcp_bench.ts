// MCP server benchmark, run by hand: `deno run -A bench/search_mcp_bench.ts [seconds]`.
// The instant engine stub and the real search_mcp service run as separate processes; this process
// is the load generator. Every query is distinct, so the search cache never answers. The per-client
// tool-call limit is turned off (MCP_TOOL_RATE_MAX=0): one load generator is not one agent.
// The service runs with its task's V8 flags; EXTRA_V8_FLAGS go after them, to measure a trade-off.
// The same rounds then run against mcp-searxng (bench/mcp_searxng_anchor.ts) on the same engine
// stub, and the ratios are printed. A floor round first: a bare server that makes the same engine
// call and answers as much JSON without MCP (bench/search_mcp_floor_server.ts), what any MCP
// server's calls cost here before the protocol.
import { startMcpSearxng } from "./mcp_searxng_anchor.ts";
import { percentile, rssMiB } from "./process_stats.ts";
import {
  load,
  type Round,
  startEngineStub,
  startFloorServer,
  startSearchMcp,
  TOKEN,
  toolCall,
  workerHeaders,
} from "./search_mcp_load.ts";

const SECONDS = Number(Deno.args[0] ?? 5);
const V8_FLAGS = Deno.env.get("EXTRA_V8_FLAGS");

function directCall(engine: string) {
  return async (query: string) => {
    const response = await fetch(`${engine}/search?format=json&q=${encodeURIComponent(query)}`);
    const body = await response.json();
    return response.status === 200 && body.results.length === 10;
  };
}

function describe(label: string, round: Round) {
  const rate = round.calls / round.seconds;
  console.log(
    `${label.padEnd(30)} ${rate.toFixed(0).padStart(6)} calls/s  ` +
      `p50 ${percentile(round.latencies, 0.5).toFixed(2).padStart(6)} ms  ` +
      `p99 ${percentile(round.latencies, 0.99).toFixed(2).padStart(6)} ms` +
      (round.serverCpuMs
        ? `  server CPU ${(round.serverCpuMs / round.calls).toFixed(3)} ms/call`
        : "") +
      `  failures ${round.failures}/${round.calls}`,
  );
  return rate;
}

console.log(`search_mcp benchmark: ${SECONDS} s per round, instant engine stub, distinct queries`);
const engine = await startEngineStub();
const noPrep = () => Promise.resolve({});
const summary: Record<string, number> = {};
const servers = [
  {
    name: "search_mcp",
    start: (stateless: boolean) => startSearchMcp(engine.origin, stateless, V8_FLAGS),
  },
  {
    name: "mcp-searxng",
    start: (stateless: boolean) => startMcpSearxng(engine.origin, { stateless, token: TOKEN }),
  },
];
try {
  await load(directCall(engine.origin), noPrep, 4, 1);
  const direct = await load(directCall(engine.origin), noPrep, 1, SECONDS);
  describe("direct engine call, 1 conn", direct);
  const floor = await startFloorServer(engine.origin);
  try {
    const plain = () => Promise.resolve({ "Content-Type": "application/json" });
    await load(toolCall(floor.mcpUrl), plain, 4, 1);
    const one = await load(toolCall(floor.mcpUrl), plain, 1, SECONDS, floor.process.pid);
    describe("floor (no MCP), 1 conn", one);
    summary["floor overhead p50"] = percentile(one.latencies, 0.5) -
      percentile(direct.latencies, 0.5);
    console.log(
      `  added latency over a direct engine call: p50 ${
        summary["floor overhead p50"].toFixed(2)
      } ms`,
    );
    describe(
      "floor (no MCP), 16 conn",
      await load(toolCall(floor.mcpUrl), plain, 16, SECONDS, floor.process.pid),
    );
  } finally {
    await floor.process.stop();
  }
  for (const stateless of [false, true]) {
    const mode = stateless ? "stateless" : "stateful";
    for (const server of servers) {
      const mcp = await server.start(stateless);
      const pid = mcp.process.pid;
      const key = `${server.name} ${mode}`;
      try {
        const prepare = () => workerHeaders(mcp.mcpUrl, stateless);
        await load(toolCall(mcp.mcpUrl), prepare, 4, 2); // warm-up: JIT and keep-alive pools
        const one = await load(toolCall(mcp.mcpUrl), prepare, 1, SECONDS, pid);
        summary[`${key} 1`] = describe(`${key}, 1 conn`, one);
        const overheadP50 = percentile(one.latencies, 0.5) - percentile(direct.latencies, 0.5);
        const overheadP99 = percentile(one.latencies, 0.99) - percentile(direct.latencies, 0.99);
        console.log(
          `  added latency over a direct engine call: p50 ${overheadP50.toFixed(2)} ms, ` +
            `p99 ${overheadP99.toFixed(2)} ms`,
        );
        summary[`${key} overhead p50`] = overheadP50;
        const many = await load(toolCall(mcp.mcpUrl), prepare, 16, SECONDS, pid);
        summary[`${key} 16`] = describe(`${key}, 16 conn`, many);
        summary[`${key} cpu`] = many.serverCpuMs / many.calls;
        summary[`${key} rss`] = rssMiB(pid, "VmHWM");
        console.log(
          `  server RSS now ${rssMiB(pid, "VmRSS").toFixed(1)} MiB, peak ${
            rssMiB(pid, "VmHWM").toFixed(1)
          } MiB`,
        );
      } finally {
        await mcp.process.stop();
      }
    }
    const ratio = summary[`search_mcp ${mode} 16`] / summary[`mcp-searxng ${mode} 16`];
    summary[`${mode} ratio`] = ratio;
    console.log(
      `${mode} at 16 conn: search_mcp ${summary[`search_mcp ${mode} 16`].toFixed(0)} vs ` +
        `mcp-searxng ${summary[`mcp-searxng ${mode} 16`].toFixed(0)} calls/s (${
          ratio.toFixed(2)
        }x)`,
    );
  }
} finally {
  await engine.process.stop();
}

const latencyRatio = (mode: string) =>
  summary[`search_mcp ${mode} overhead p50`] / summary[`mcp-searxng ${mode} overhead p50`];
for (const mode of ["stateful", "stateless"]) {
  console.log(
    `${mode}: added latency p50 ${latencyRatio(mode).toFixed(2)}x mcp-searxng's ` +
      `(the floor's ${
        (summary["floor overhead p50"] / summary[`mcp-searxng ${mode} overhead p50`]).toFixed(2)
      }x), CPU ${summary[`search_mcp ${mode} cpu`].toFixed(3)} ms/call`,
  );
}
const checks: [string, boolean][] = [
  [">= 2.5x mcp-searxng's calls/s at 16 connections (stateful)", summary["stateful ratio"] >= 2.5],
  [
    ">= 2.5x mcp-searxng's calls/s at 16 connections (stateless)",
    summary["stateless ratio"] >= 2.5,
  ],
  ["added latency p50 <= 0.3x mcp-searxng's (stateful)", latencyRatio("stateful") <= 0.3],
  ["added latency p50 <= 0.3x mcp-searxng's (stateless)", latencyRatio("stateless") <= 0.3],
  [
    "peak RSS at 16 connections <= 128 MiB",
    Math.max(summary["search_mcp stateful rss"], summary["search_mcp stateless rss"]) <= 128,
  ],
];
for (const [target, met] of checks) console.log(`${met ? "met   " : "MISSED"} ${target}`);
