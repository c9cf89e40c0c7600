// Mermaid against the spec, run by hand: `npx -y deno@2.9.6 run -A bench/mermaid_bench.ts`.
// In one process, after a warm-up: drawing a 100-node flowchart with subgraphs from its Mermaid
// text (parse, validate, lay out, build the scene) against drawing the same diagram from its
// JSON spec (validate, lay out, build), median of RUNS each; and parsing a 1,000-line chart,
// cold (the first parse in the process) and warm (median and worst of RUNS). Targets (issue 31):
// Mermaid at most 1.5 × the spec path + 20 ms; the 1,000-line parse at most 20 ms.
import { mermaidToSpec } from "../diagram/drawing/mermaid/from_mermaid.ts";
import { generateDiagram } from "../diagram/drawing/generate.ts";
import { parseSpec } from "../diagram/drawing/spec.ts";

const RUNS = 20;
const SCENE = { diagramId: "bench", source: "https://diagrams.example.test", updated: 1 };

/** 100 nodes in 10 subgraphs (two nested), with labels, shapes, styles and 130 edges. */
function chart100(): string {
  const shapes = ["[", "(", "([", "[[", "[(", "{", "{{", "[/"];
  const closing: Record<string, string> = {
    "[": "]",
    "(": ")",
    "([": "])",
    "[[": "]]",
    "[(": ")]",
    "{": "}",
    "{{": "}}",
    "[/": "/]",
  };
  const lines = ["flowchart TB", "  classDef hot fill:#ffc9c9,stroke:#e03131"];
  for (let group = 0; group < 10; group++) {
    lines.push(`  subgraph g${group} ["Service ${group}"]`);
    if (group % 5 === 1) lines.push("    direction LR");
    for (let i = group * 10; i < group * 10 + 10; i++) {
      const open = shapes[i % shapes.length];
      lines.push(
        `    n${i}${open}"Step ${i}: do the work"${closing[open]}${i % 7 === 0 ? ":::hot" : ""}`,
      );
    }
    lines.push("  end");
  }
  for (let i = 1; i < 100; i++) {
    const arrow = ["-->", "-.->", "==>", "--o"][i % 4];
    lines.push(`  n${Math.floor((i - 1) / 2)} ${arrow}${i % 5 === 0 ? `|"call ${i}"|` : ""} n${i}`);
  }
  for (let i = 0; i < 31; i++) lines.push(`  n${(i * 13) % 100} --> n${(i * 29 + 3) % 100}`);
  return lines.join("\n");
}

/** A 1,000-line chart: 30 subgraphs and chains of labelled edges between labelled nodes. */
function chart1000Lines(): string {
  const lines = ["flowchart LR"];
  let node = 0;
  while (lines.length < 1000) {
    if (lines.length % 33 === 1 && lines.length < 1000 - 12) {
      lines.push(`  subgraph s${lines.length} [Block ${lines.length}]`);
      for (let i = 0; i < 10; i++, node++) lines.push(`    m${node}["Member ${node}"]`);
      lines.push("  end");
      continue;
    }
    lines.push(`  m${node % 400} -->|"edge ${lines.length}"| m${(node * 7 + 1) % 400}`);
    node++;
  }
  return lines.join("\n");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const big = chart1000Lines();
const coldParse = await timed(() => mermaidToSpec(big));

const chart = chart100();
const parsed = mermaidToSpec(chart);
if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
const specJson = JSON.stringify(parsed.spec);

async function fromMermaid() {
  const result = mermaidToSpec(chart);
  if (!result.ok) throw new Error(result.errors.join("\n"));
  await generateDiagram(result.spec, SCENE);
}
async function fromSpec() {
  const result = parseSpec(JSON.parse(specJson));
  if (!result.ok) throw new Error(result.errors.join("\n"));
  await generateDiagram(result.spec, SCENE);
}

// Warm-up: ELK's and the parser's code compiled before anything is measured.
for (let i = 0; i < 3; i++) {
  await fromSpec();
  await fromMermaid();
}
const specTimes: number[] = [];
const mermaidTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  specTimes.push(await timed(fromSpec));
  mermaidTimes.push(await timed(fromMermaid));
}
const parseTimes: number[] = [];
for (let i = 0; i < RUNS; i++) parseTimes.push(await timed(() => mermaidToSpec(big)));

const specMs = median(specTimes);
const mermaidMs = median(mermaidTimes);
const allowed = 1.5 * specMs + 20;
const bigResult = mermaidToSpec(big);
const format = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  `100-node chart (${parsed.spec.nodes.length} nodes, ${parsed.spec.edges.length} edges, ` +
    `${parsed.spec.groups?.length ?? 0} groups), median of ${RUNS}:`,
);
console.log(`  from the spec:    ${format(specMs)}`);
console.log(
  `  from Mermaid:     ${format(mermaidMs)} (allowed ${format(allowed)}: ` +
    `${mermaidMs <= allowed ? "met" : "MISSED"})`,
);
console.log(
  `1,000-line chart (${big.split("\n").length} lines, ` +
    `${
      bigResult.ok
        ? `${bigResult.spec.nodes.length} nodes, ${bigResult.spec.edges.length} edges`
        : "refused"
    }):`,
);
console.log(`  parse, cold:      ${format(coldParse)}`);
const worst = Math.max(...parseTimes);
console.log(
  `  parse, warm:      median ${format(median(parseTimes))}, worst ${format(worst)} ` +
    `(allowed 20 ms: ${median(parseTimes) <= 20 ? "met" : "MISSED"})`,
);
