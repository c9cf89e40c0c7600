// The layout budget against the real diagram service, run by hand:
// `npx -y deno@2.9.6 run -A bench/layout_budget_bench.ts` (some cases: `--only <name>…`).
// Per case, a fresh service process (so its peak RSS is that case's) with a scratch data folder:
// one create_diagram call over MCP with the case's spec (twice at once, by two accounts, for the
// marked cases),
// its time and answer (a refusal before any layout says why), the service's peak RSS (VmHWM,
// workers included: they are threads of the one process) and the worst latency of its real
// /health, polled every 20 ms while the call runs.
import { LAYOUT_BUDGET } from "../diagram/drawing/layout/layout_budget.ts";
import { randomDag } from "../tests/helpers/layout_quality.ts";
import { CASES } from "./adversarial_specs.ts";
import { type BenchDiagram, callTool, startBenchDiagram } from "./bench_diagram.ts";
import { rssMiB } from "./process_stats.ts";

const POLL_MS = 20;
/** Cases also run twice at once, to see two workers' memory together. */
const TWICE = new Set(["ring 1000 + chords up to the budget", "random 1000 (seed 1)"]);

async function createDiagram(
  diagram: Pick<BenchDiagram, "mcp" | "token">,
  name: string,
  spec: unknown = CASES[name](),
): Promise<string> {
  const answer = await callTool(diagram, "create_diagram", { name, spec });
  const text: string = answer.result?.content?.[0]?.text ?? JSON.stringify(answer).slice(0, 200);
  return answer.result?.isError ? `isError: ${text.replaceAll("\n", " ").slice(0, 150)}…` : "ok";
}

async function runCase(name: string, twice: boolean): Promise<string> {
  // Two accounts for two at once: one account's jobs never take every worker.
  const diagram = await startBenchDiagram(
    "layout-bench-",
    { DIAGRAM_MCP_RATE_MAX: "0" },
    twice ? 2 : 1,
  );
  const { service, address } = diagram;
  try {
    const health = new URL("/health", address);
    // Let the workers warm ELK and the service's own code warm up on a few small diagrams, so the
    // case measures layouts, not worker starts or a cold JIT.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (let seed = 1; seed <= 6; seed++) {
      await createDiagram(diagram, `warm-up ${seed}`, randomDag(60, seed));
    }

    let polling = true;
    let worstHealthMs = 0;
    const poller = (async () => {
      while (polling) {
        const started = performance.now();
        await (await fetch(health)).text();
        worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      diagram.tokens.map((token) => createDiagram({ mcp: diagram.mcp, token }, name)),
    );
    const ms = performance.now() - started;
    polling = false;
    await poller;
    const [peak, now] = [rssMiB(service.pid, "VmHWM"), rssMiB(service.pid, "VmRSS")];
    return `${ms.toFixed(0)} ms, peak RSS ${peak.toFixed(0)} MiB (now ${now.toFixed(0)}), ` +
      `/health worst ${worstHealthMs.toFixed(0)} ms, ${[...new Set(answers)].join(" / ")}`;
  } finally {
    await diagram.stop();
  }
}

console.log(
  `layout budget: ${JSON.stringify(LAYOUT_BUDGET)}; ${navigator.hardwareConcurrency} cores`,
);
const only = Deno.args.includes("--only") ? Deno.args.slice(Deno.args.indexOf("--only") + 1) : [];
for (const name of Object.keys(CASES).filter((name) => only.length === 0 || only.includes(name))) {
  for (const twice of TWICE.has(name) ? [false, true] : [false]) {
    const spec = CASES[name]();
    const size = `${spec.nodes.length} nodes, ${spec.edges.length} edges`;
    console.log(
      `${name}${twice ? " (two at once)" : ""} [${size}]: ${await runCase(name, twice)}`,
    );
  }
}
