// What the PNG preview costs create_diagram, against the real diagram service over MCP, run by
// hand: `npx -y deno@2.9.6 run -A bench/png_bench.ts` (`--calls N` per case, 20 by default;
// `--sizes 100,1000`; `--preview on` or `off` makes only those calls, to compare peak RSS). One fresh service process with a scratch data folder; after a warm-up, for
// each size the same random spec (tests/helpers/layout_quality.ts's randomDag, as the layout
// budget bench uses) is created `calls` times with the preview and as many times with
// `preview: false`, alternating, one call at a time; each call's time is the whole MCP round trip.
// Prints p50 and p95 of both, what the preview adds at each, the image's size and bytes, and the
// service's peak RSS (workers included). Also the CPU time the service spent on each call (all its
// threads, from /proc), which other work on the machine changes less than the wall time; a call
// past the layout budget is counted, not timed. Targets: the preview adds at most 150 ms at p50 for 100
// nodes and at most 400 ms for 1,000.
import { randomDag } from "../tests/helpers/layout_quality.ts";
import { type BenchDiagram, callTool, startBenchDiagram } from "./bench_diagram.ts";
import { cpuMsOf, percentile, rssMiB } from "./process_stats.ts";

const TARGETS: Record<number, number> = { 100: 150, 1000: 400 };

function option(name: string, fallback: string): string {
  const at = Deno.args.indexOf(`--${name}`);
  return at === -1 ? fallback : Deno.args[at + 1];
}

const calls = Number(option("calls", "20"));
const sizes = option("sizes", "100,1000").split(",").map(Number);
const only = option("preview", "both");

interface Answer {
  ms: number;
  images: { width: number; height: number; bytes: number }[];
  error?: string;
}

async function createDiagram(
  diagram: BenchDiagram,
  spec: unknown,
  preview: boolean,
): Promise<Answer> {
  const started = performance.now();
  const answer = await callTool(diagram, "create_diagram", {
    name: "bench",
    spec,
    ...(preview ? {} : { preview: false }),
  });
  const ms = performance.now() - started;
  const content = answer.result?.content ?? [];
  const images = content.filter((item) => item.type === "image").map((item) => {
    const png = Uint8Array.fromBase64(item.data!);
    const view = new DataView(png.buffer);
    return { width: view.getUint32(16), height: view.getUint32(20), bytes: png.length };
  });
  const error = answer.result?.isError || !answer.result
    ? (content[0]?.text ?? JSON.stringify(answer)).slice(0, 200)
    : undefined;
  return { ms, images, ...(error === undefined ? {} : { error }) };
}

const diagram = await startBenchDiagram("png-bench-", { DIAGRAM_MCP_RATE_MAX: "0" });
const { service } = diagram;
try {
  // The workers warm ELK and resvg at start; a few small diagrams warm the rest.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (let seed = 1; seed <= 6; seed++) {
    await createDiagram(diagram, randomDag(60, seed), seed % 2 === 0);
  }
  console.log(
    `png bench: ${navigator.hardwareConcurrency} cores, ${calls} calls per case, one at a time`,
  );
  for (const size of sizes) {
    const spec = randomDag(size, 1);
    const times: Record<"with" | "without", number[]> = { with: [], without: [] };
    const cpu: Record<"with" | "without", number[]> = { with: [], without: [] };
    const failed: Record<"with" | "without", string[]> = { with: [], without: [] };
    let image: Answer["images"][number] | undefined;
    for (let call = 0; call < 2 * calls; call++) {
      const preview = only === "both" ? call % 2 === 0 : only === "on";
      const cpuBefore = cpuMsOf(service.pid);
      const answer = await createDiagram(diagram, spec, preview);
      const cpuMs = cpuMsOf(service.pid) - cpuBefore;
      if (answer.error !== undefined) {
        // A call past the layout budget is counted, not timed: it says how often it happens.
        failed[preview ? "with" : "without"].push(answer.error.slice(0, 60));
        continue;
      }
      if (answer.images.length !== (preview ? 1 : 0)) {
        throw new Error(`${size} nodes: ${answer.images.length} images with preview ${preview}`);
      }
      image ??= answer.images[0];
      times[preview ? "with" : "without"].push(answer.ms);
      cpu[preview ? "with" : "without"].push(cpuMs);
    }
    const stats = (list: number[]) => {
      const sorted = [...list].sort((a, b) => a - b);
      if (sorted.length === 0) return { p50: NaN, p95: NaN };
      return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
    };
    const [on, off] = [stats(times.with), stats(times.without)];
    const [cpuOn, cpuOff] = [stats(cpu.with), stats(cpu.without)];
    const added = on.p50 - off.p50;
    const target = TARGETS[size];
    console.log(
      `${size} nodes, ${spec.edges.length} edges: with preview p50 ${on.p50.toFixed(0)} ms, ` +
        `p95 ${on.p95.toFixed(0)} ms; preview: false p50 ${off.p50.toFixed(0)} ms, p95 ` +
        `${off.p95.toFixed(0)} ms; the preview adds ${added.toFixed(0)} ms at p50 ` +
        `(${(on.p95 - off.p95).toFixed(0)} at p95)` +
        (target === undefined || Number.isNaN(added)
          ? ""
          : `, target ≤ ${target} ms: ${added <= target ? "met" : "MISSED"}`) +
        `; service CPU p50 ${cpuOn.p50.toFixed(0)} ms with, ${cpuOff.p50.toFixed(0)} ms without ` +
        `(+${(cpuOn.p50 - cpuOff.p50).toFixed(0)})` +
        (image === undefined
          ? ""
          : `; image ${image.width} × ${image.height}, ${(image.bytes / 1024).toFixed(0)} KiB`) +
        (failed.with.length + failed.without.length === 0
          ? ""
          : `; failed calls: ${failed.with.length} with preview, ${failed.without.length} ` +
            `without (${[...new Set([...failed.with, ...failed.without])].join("; ")})`),
    );
  }
  console.log(`service peak RSS ${rssMiB(service.pid, "VmHWM").toFixed(0)} MiB`);
} finally {
  await diagram.stop();
}
