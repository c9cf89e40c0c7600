// The layout corpus (tests/fixtures/layout_corpus/) drawn as create_diagram draws it, and read
// as a person and an agent would: fitted into the editor at 1,280 × 800 and as the PNG the tool
// answers with. Targets (issue 40): aspect within 3:1; the smallest node label at least 10 px at
// the editor's fit (9 px above 30 nodes) and 11 px in the PNG (9 px above 30 nodes); no edge
// through a node, no crowded arrow ends, no edge label on a node, a group title or another label.
// Crossings against Graphviz dot are measured by bench/layout_quality.ts (dot is no test
// dependency).
import assert from "node:assert/strict";
import { generateDiagram } from "../diagram/drawing/generate.ts";
import { mermaidToSpec } from "../diagram/drawing/mermaid/from_mermaid.ts";
import { initPngRenderer, renderScenePng, sceneExtent } from "../diagram/drawing/png/render_png.ts";
import { pngFontsFromDisk, resvgWasm } from "../diagram/drawing_pool/png_assets.ts";
import { checkLayoutQuality } from "./helpers/layout_quality.ts";
import { drawnFromScene, readability, smallestFont } from "./helpers/readability.ts";

const CORPUS = new URL("./fixtures/layout_corpus/", import.meta.url);
const OPTIONS = { diagramId: "corpus", source: "https://diagrams.example.test", updated: 0 };

/**
 * Charts that do not reach the label targets yet, and the smallest label at fit they must keep
 * meanwhile, so that no change makes them worse unnoticed: groups laid out with their members
 * (ELK's INCLUDE_CHILDREN) leave no freedom to pack them. Issue 40 stays open for them.
 */
const NOT_YET_AT_FIT: Record<string, number> = {
  "platform_60.mmd": 4.2,
};

await initPngRenderer(await resvgWasm());
const fonts = pngFontsFromDisk();

const names = [...Deno.readDirSync(CORPUS)].map(({ name }) => name)
  .filter((name) => name.endsWith(".mmd")).sort();

Deno.test("the corpus holds at least 15 charts, one of them over 50 nodes", () => {
  assert.ok(names.length >= 15, `${names.length} charts`);
  const sizes = names.map((name) => {
    const parsed = mermaidToSpec(Deno.readTextFileSync(new URL(name, CORPUS)));
    return parsed.ok ? parsed.spec.nodes.length : 0;
  });
  assert.ok(sizes.some((nodes) => nodes > 50), sizes.join(", "));
});

for (const name of names) {
  Deno.test(`${name} reads at a glance: within 3:1, labels legible fitted to the editor and in the PNG, arrows clear of nodes, labels and each other`, async () => {
    const parsed = mermaidToSpec(await Deno.readTextFile(new URL(name, CORPUS)));
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    const { spec } = parsed;
    const file = await generateDiagram(spec, OPTIONS);
    assert.deepEqual(checkLayoutQuality(spec, file), []);
    const drawn = drawnFromScene(file);
    const measured = readability(drawn);
    const large = spec.nodes.length > 30;
    assert.ok(measured.aspect <= 3, `aspect ${measured.aspect.toFixed(2)}`);
    const atFit = NOT_YET_AT_FIT[name] ?? (large ? 9 : 10);
    assert.ok(measured.fitLabelPx >= atFit, `${measured.fitLabelPx.toFixed(1)} px at fit`);
    assert.equal(measured.throughNodes, 0, "edges through nodes");
    assert.equal(measured.crowdedEnds, 0, "crowded arrow ends");
    assert.equal(measured.labelOverlaps, 0, "label overlaps");

    const elements = file.elements as unknown as Record<string, unknown>[];
    const png = await renderScenePng(elements, fonts);
    const extent = sceneExtent(elements);
    const inPng = smallestFont(drawn) * Math.max(png.width, png.height) /
      Math.max(extent.width, extent.height);
    const inPngTarget = name in NOT_YET_AT_FIT ? atFit : large ? 9 : 11;
    assert.ok(
      inPng >= inPngTarget,
      `${inPng.toFixed(1)} px in the ${png.width} × ${png.height} PNG`,
    );
  });
}
