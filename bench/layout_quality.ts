// How readable the layout corpus (tests/fixtures/layout_corpus/) comes out, ours beside Graphviz
// dot's on the same graphs with the same node and label sizes and direction, run by hand:
// `npx -y deno@2.9.6 run -A bench/layout_quality.ts` (Debian's graphviz: apt-get install -y
// graphviz). Ours goes through the running service as an agent's would: create_diagram with the
// chart's Mermaid over MCP, the stored file read back over REST, the PNG the tool answered with.
//
// Per chart: size, aspect, the smallest node label fitted into the editor at 1,280 × 800 and in
// the PNG, edge crossings, edges through nodes, crowded arrow ends, label overlaps, and our
// create_diagram time. dot's PNG figure is its drawing at the same PNG size limits as ours.
import { Buffer } from "node:buffer";
import { mermaidToSpec } from "../diagram/drawing/mermaid/from_mermaid.ts";
import { PNG_LIMITS, sceneExtent } from "../diagram/drawing/png/render_png.ts";
import type { ExcalidrawFile } from "../diagram/drawing/excalidraw/types.ts";
import { pngSize } from "../tests/helpers/png.ts";
import {
  drawnFromScene,
  type Readability,
  readability,
  smallestFont,
} from "../tests/helpers/readability.ts";
import { callTool, startBenchDiagram } from "./bench_diagram.ts";
import { dotAvailable, dotLayout } from "./dot_layout.ts";

const CORPUS = new URL("../tests/fixtures/layout_corpus/", import.meta.url);

interface Measured extends Readability {
  pngLabelPx: number;
}

if (!(await dotAvailable())) {
  console.error("dot is missing: install Debian's graphviz (apt-get install -y graphviz)");
  Deno.exit(1);
}
const names = [...Deno.readDirSync(CORPUS)].map(({ name }) => name)
  .filter((name) => name.endsWith(".mmd")).sort();
const diagram = await startBenchDiagram("layout-quality-", { DIAGRAM_MCP_RATE_MAX: "0" });
const rows: { name: string; nodes: number; ours: Measured; dot: Measured; ms: number }[] = [];
try {
  for (const name of names) {
    const mermaid = await Deno.readTextFile(new URL(name, CORPUS));
    const parsed = mermaidToSpec(mermaid);
    if (!parsed.ok) throw new Error(`${name}: ${parsed.errors.join("; ")}`);
    const started = performance.now();
    const answer = await callTool(diagram, "create_diagram", { name, mermaid });
    const ms = performance.now() - started;
    if (answer.result?.isError || answer.result === undefined) {
      throw new Error(`${name}: ${JSON.stringify(answer).slice(0, 300)}`);
    }
    const id = String(answer.result.structuredContent?.id);
    const stored = await fetch(new URL(`/api/diagrams/${id}`, diagram.address), {
      headers: { authorization: `Bearer ${diagram.token}` },
    });
    const file: ExcalidrawFile = (await stored.json()).file;
    const image = answer.result.content?.find(({ type }) => type === "image")?.data;
    if (image === undefined) throw new Error(`${name}: create_diagram sent no image`);
    const png = pngSize(Buffer.from(image, "base64"));
    const drawn = drawnFromScene(file);
    const extent = sceneExtent(file.elements as unknown as Record<string, unknown>[]);
    const ours = {
      ...readability(drawn),
      pngLabelPx: smallestFont(drawn) * Math.max(png.width, png.height) /
        Math.max(extent.width, extent.height),
    };
    const dotDrawn = await dotLayout(parsed.spec);
    const dotLong = Math.max(dotDrawn.bounds.width, dotDrawn.bounds.height);
    const dotPngLong = Math.min(PNG_LIMITS.maxLongSide, Math.max(PNG_LIMITS.minLongSide, dotLong));
    const dot = {
      ...readability(dotDrawn),
      pngLabelPx: smallestFont(dotDrawn) * dotPngLong / dotLong,
    };
    rows.push({ name: name.replace(".mmd", ""), nodes: parsed.spec.nodes.length, ours, dot, ms });
  }
} finally {
  await diagram.stop();
}

const cell = (ours: string, dot: string) => `${ours} / ${dot}`;
const px = (value: number) => value.toFixed(1);
console.log(
  "| chart | nodes | size (ours / dot) | aspect | label at fit, px | label in PNG, px | " +
    "crossings | through nodes | crowded ends | label overlaps | create_diagram ms |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const { name, nodes, ours, dot, ms } of rows) {
  console.log(
    `| ${name} | ${nodes} | ${
      cell(`${ours.width}×${ours.height}`, `${dot.width}×${dot.height}`)
    } | ` +
      `${cell(ours.aspect.toFixed(1), dot.aspect.toFixed(1))} | ` +
      `${cell(px(ours.fitLabelPx), px(dot.fitLabelPx))} | ` +
      `${cell(px(ours.pngLabelPx), px(dot.pngLabelPx))} | ` +
      `${cell(String(ours.crossings), String(dot.crossings))} | ` +
      `${cell(String(ours.throughNodes), String(dot.throughNodes))} | ` +
      `${cell(String(ours.crowdedEnds), String(dot.crowdedEnds))} | ` +
      `${cell(String(ours.labelOverlaps), String(dot.labelOverlaps))} | ${ms.toFixed(0)} |`,
  );
}
const total = (pick: (row: (typeof rows)[number]) => number) =>
  rows.reduce((sum, row) => sum + pick(row), 0);
const worst = (pick: (row: (typeof rows)[number]) => number) => Math.min(...rows.map(pick));
console.log(
  `\n${rows.length} charts. Crossings in total: ours ${total((r) => r.ours.crossings)}, dot ` +
    `${total((r) => r.dot.crossings)}. Smallest label at fit: ours ${
      px(worst((r) => r.ours.fitLabelPx))
    } px, dot ${px(worst((r) => r.dot.fitLabelPx))} px; in the PNG: ours ${
      px(worst((r) => r.ours.pngLabelPx))
    } px, dot ${px(worst((r) => r.dot.pngLabelPx))} px. Aspect over 3: ours ${
      rows.filter((r) => r.ours.aspect > 3).length
    }, dot ${rows.filter((r) => r.dot.aspect > 3).length}.`,
);
