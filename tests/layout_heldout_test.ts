// Charts the layout was not tuned on (tests/fixtures/layout_heldout/), drawn as create_diagram
// draws them and held to the rules on arrows and labels that every chart must keep whatever its
// size: no edge through a node, no two arrow ends piled up on a side with room, no edge label on
// a node, a group's title or another label, and the layout checks every generated diagram
// passes. How large they come out is measured, not held: charts with groups can still be too
// small to read whole (docs/drawing.md).
import assert from "node:assert/strict";
import { generateDiagram } from "../diagram/drawing/generate.ts";
import { mermaidToSpec } from "../diagram/drawing/mermaid/from_mermaid.ts";
import { checkLayoutQuality } from "./helpers/layout_quality.ts";
import { drawnFromScene, readability } from "./helpers/readability.ts";

const HELD_OUT = new URL("./fixtures/layout_heldout/", import.meta.url);
const OPTIONS = { diagramId: "held-out", source: "https://diagrams.example.test", updated: 0 };

const names = [...Deno.readDirSync(HELD_OUT)].map(({ name }) => name)
  .filter((name) => name.endsWith(".mmd")).sort();

Deno.test("the held-out set holds 22 charts, some with groups and some over 40 nodes", () => {
  assert.equal(names.length, 22);
  const specs = names.map((name) => {
    const parsed = mermaidToSpec(Deno.readTextFileSync(new URL(name, HELD_OUT)));
    if (!parsed.ok) throw new Error(`${name}: ${parsed.errors.join("; ")}`);
    return parsed.spec;
  });
  assert.ok(specs.filter((spec) => (spec.groups ?? []).length > 0).length >= 10);
  assert.ok(specs.some((spec) => spec.nodes.length > 40));
});

for (const name of names) {
  Deno.test(`${name}: arrows clear of nodes and of each other's ends, labels clear of nodes, titles and each other`, async () => {
    const parsed = mermaidToSpec(await Deno.readTextFile(new URL(name, HELD_OUT)));
    if (!parsed.ok) throw new Error(parsed.errors.join("; "));
    const file = await generateDiagram(parsed.spec, OPTIONS);
    assert.deepEqual(checkLayoutQuality(parsed.spec, file), []);
    const measured = readability(drawnFromScene(file));
    assert.equal(measured.throughNodes, 0, "edges through nodes");
    assert.equal(measured.crowdedEnds, 0, "crowded arrow ends");
    assert.equal(measured.labelOverlaps, 0, "label overlaps");
  });
}
