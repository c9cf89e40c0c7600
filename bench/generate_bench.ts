// Diagram generation benchmark, run by hand: `deno run -A bench/generate_bench.ts`.
// Warms ELK up, then times generateDiagram (measure, layout, scene) on seeded random specs of
// 10, 100 and 1000 nodes (about 1.5 edges per node, cycles, self-loops and parallel edges from
// 30 nodes on) and counts the layout-quality problems found in them.
import { generateDiagram } from "../diagram/drawing/generate.ts";
import { warmLayoutEngine } from "../diagram/drawing/layout/layout.ts";
import { checkLayoutQuality, randomDag } from "../tests/helpers/layout_quality.ts";
import { percentile } from "./process_stats.ts";

const ROUNDS = [
  { nodes: 10, graphs: 30 },
  { nodes: 100, graphs: 12 },
  { nodes: 1000, graphs: 3 },
];
const OPTIONS = { diagramId: "bench", source: "https://bench.example.test", updated: 0 };

await warmLayoutEngine();
for (let seed = 100; seed < 120; seed++) await generateDiagram(randomDag(50, seed), OPTIONS);

for (const { nodes, graphs } of ROUNDS) {
  const times: number[] = [];
  let problems = 0;
  let edges = 0;
  for (let seed = 1; seed <= graphs; seed++) {
    const spec = randomDag(nodes, seed);
    const started = performance.now();
    const file = await generateDiagram(spec, OPTIONS);
    times.push(performance.now() - started);
    problems += checkLayoutQuality(spec, file).length;
    edges += spec.edges.length;
  }
  times.sort((a, b) => a - b);
  console.log(
    `${nodes} nodes (${Math.round(edges / graphs)} edges), ${graphs} graphs: ` +
      `p50 ${percentile(times, 0.5).toFixed(0)} ms, p90 ${percentile(times, 0.9).toFixed(0)} ms, ` +
      `quality problems ${problems}`,
  );
}
