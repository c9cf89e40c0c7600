// create_diagram end to end, run by hand: `deno run -A bench/diagram_bench.ts`.
// The real diagram service (embedded libSQL in a scratch data folder) is a separate process; each
// call validates the spec, lays it out with ELK, builds and validates the scene, renders the
// thumbnail and saves it. Specs are seeded random DAGs from the layout quality tests.
import { adminCommand } from "../tests/helpers/diagram_instance.ts";
import { checkLayoutQuality, randomDag } from "../tests/helpers/layout_quality.ts";
import { RunningProcess, serviceCommand } from "../tests/helpers/process.ts";
import { callTool } from "./bench_diagram.ts";
import { cpuMsOf, percentile, rssMiB } from "./process_stats.ts";

const ROUNDS: { nodes: number; calls: number }[] = [
  { nodes: 10, calls: 30 },
  { nodes: 100, calls: 30 },
  { nodes: 1000, calls: 5 },
];
const WARMUP_CALLS = 10;

const dataDir = await Deno.makeTempDir({ prefix: "diagram-bench-" });
const env = { DATA_DIR: dataDir, COLLAB_SECRET: "b".repeat(40) };
const admin = adminCommand(env);
await admin("reset-password", "bench@example.com", "bench password 123");
const token = (await admin("create-token", "bench@example.com", "bench")).stdout.trim().split("\n")
  .at(-1)!;

const startedAt = performance.now();
const service = new RunningProcess(
  serviceCommand("diagram", { ...env, DIAGRAM_PORT: "0" }),
);
const [, address] = await service.waitFor(/listening on (http:\/\/\S+)/);
console.log(`service ready (ELK warmed) in ${(performance.now() - startedAt).toFixed(0)} ms`);
const mcpUrl = new URL("/mcp", address);

async function createDiagram(nodes: number, seed: number): Promise<{ ms: number; id: string }> {
  const spec = randomDag(nodes, seed);
  const started = performance.now();
  const answer = await callTool(
    { mcp: mcpUrl, token },
    "create_diagram",
    { name: `bench ${nodes}/${seed}`, spec },
  );
  const ms = performance.now() - started;
  if (answer.result?.isError !== false && answer.result?.isError !== undefined || !answer.result) {
    throw new Error(`create_diagram failed: ${JSON.stringify(answer).slice(0, 500)}`);
  }
  return { ms, id: String(answer.result.structuredContent?.id) };
}

async function qualityProblems(nodes: number, seed: number, id: string): Promise<number> {
  const response = await fetch(new URL(`/api/diagrams/${id}`, address), {
    headers: { authorization: `Bearer ${token}` },
  });
  const { file } = await response.json();
  return checkLayoutQuality(randomDag(nodes, seed), file).length;
}

try {
  for (let i = 0; i < WARMUP_CALLS; i++) await createDiagram(100, 10_000 + i);
  for (const { nodes, calls } of ROUNDS) {
    const latencies: number[] = [];
    let problems = 0;
    const cpuBefore = cpuMsOf(service.pid);
    for (let seed = 1; seed <= calls; seed++) {
      const { ms, id } = await createDiagram(nodes, seed);
      latencies.push(ms);
      problems += await qualityProblems(nodes, seed, id);
    }
    const cpu = (cpuMsOf(service.pid) - cpuBefore) / calls;
    latencies.sort((a, b) => a - b);
    console.log(
      `create_diagram ${String(nodes).padStart(4)} nodes  p50 ${
        percentile(latencies, 0.5).toFixed(1).padStart(7)
      } ms` +
        `  p90 ${percentile(latencies, 0.9).toFixed(1).padStart(7)} ms  max ${
          latencies.at(-1)!.toFixed(1).padStart(7)
        } ms` +
        `  server CPU ${
          cpu.toFixed(1)
        } ms/call (includes the quality read-back)  layout problems ${problems}  calls ${calls}`,
    );
  }
  console.log(
    `server RSS now ${rssMiB(service.pid, "VmRSS").toFixed(1)} MiB, peak ${
      rssMiB(service.pid, "VmHWM").toFixed(1)
    } MiB`,
  );
} finally {
  await service.stop();
  await Deno.remove(dataDir, { recursive: true });
}
