// Where one search_mcp tool call's CPU and allocations go, run by hand:
// `deno run -A bench/search_mcp_profile.ts [seconds] [stateless]`. Starts the instant engine stub
// and search_mcp (its task line plus --inspect), loads it at 16 connections as
// bench/search_mcp_bench.ts does, and samples it meanwhile (bench/cpu_profile.ts): CPU time per
// call by module, project file and function, then the bytes one call allocates, by where.
// `EXTRA_V8_FLAGS=…` go after the service's own, to see what a memory setting costs in GC;
// `CONNECTIONS=1` profiles one client's calls (where the added latency goes) instead of 16.
import { freePort } from "../tests/helpers/process.ts";
import { profileLoad } from "./cpu_profile.ts";
import {
  load,
  startEngineStub,
  startSearchMcp,
  toolCall,
  workerHeaders,
} from "./search_mcp_load.ts";

const SECONDS = Number(Deno.args[0] ?? 10);
const STATELESS = Deno.args[1] === "stateless";
const CONNECTIONS = Number(Deno.env.get("CONNECTIONS") ?? 16);

const engine = await startEngineStub();
const inspectPort = freePort();
const mcp = await startSearchMcp(engine.origin, STATELESS, Deno.env.get("EXTRA_V8_FLAGS"), [
  `--inspect=127.0.0.1:${inspectPort}`,
]);
try {
  const prepare = () => workerHeaders(mcp.mcpUrl, STATELESS);
  const calls = async (seconds: number) =>
    (await load(toolCall(mcp.mcpUrl), prepare, CONNECTIONS, seconds)).calls;
  await calls(3); // warm-up: JIT and keep-alive pools
  const saved = await Deno.makeTempFile({ prefix: "search_mcp_" });
  await profileLoad(inspectPort, "call", () => calls(SECONDS), saved);
  console.log(`CPU profile saved as ${saved}.cpuprofile`);
} finally {
  await mcp.process.stop();
  await engine.process.stop();
}
