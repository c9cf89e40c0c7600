import assert from "node:assert/strict";
import { parseSpec } from "../spec.ts";
import { generateDiagram } from "../generate.ts";
import { groupElements, groupIds, smallestLabelPx } from "./legibility.ts";

const OPTIONS = { diagramId: "legibility", source: "https://d.example", updated: 0 };

async function drawn(spec: unknown) {
  const parsed = parseSpec(spec);
  if (!parsed.ok) throw new Error(parsed.errors.join("; "));
  return (await generateDiagram(parsed.spec, OPTIONS)).elements as unknown as Record<
    string,
    unknown
  >[];
}

const GROUPED = {
  layout: "LR",
  groups: [{ id: "outer", label: "Outer" }, { id: "inner", label: "Inner", parent: "outer" }],
  nodes: [
    { id: "a", label: "A" },
    { id: "b", label: "B", group: "outer" },
    { id: "c", label: "C", group: "inner" },
  ],
  edges: [{ from: "a", to: "b", label: "calls" }, { from: "b", to: "c" }],
};

Deno.test("a label's size in an image is its font size times the image's scale; shapes' labels count, arrows' do not", async () => {
  const elements = await drawn(GROUPED);
  const full = smallestLabelPx(elements, { width: 10_000, height: 10_000 })!;
  const half = smallestLabelPx(elements, { width: 5_000, height: 5_000 })!;
  assert.ok(Math.abs(full / half - 2) < 1e-9, `${full} and ${half}`);
  // Node labels are 20 px, the arrow's 16: at the drawing's own size (its long side plus the
  // margin the PNG keeps), the smallest shape label is 20 px.
  const long = Math.max(
    ...elements.map(({ x, width }) => Number(x) + Number(width)),
  ) - Math.min(...elements.map(({ x }) => Number(x)));
  const own = smallestLabelPx(elements, { width: long + 20, height: 1 })!;
  assert.ok(Math.abs(own - 20) < 0.5, String(own));
  assert.equal(smallestLabelPx([], { width: 100, height: 100 }), null);
});

Deno.test("a group's part of a drawing is its box and all drawn inside it; its groups are listed by id", async () => {
  const elements = await drawn(GROUPED);
  assert.deepEqual(new Set(groupIds(elements)), new Set(["outer", "inner"]));
  const nodesOf = (part: Record<string, unknown>[]) =>
    part.flatMap(({ customData }) => (customData as { nodeId?: string } | undefined)?.nodeId ?? [])
      .sort();
  assert.deepEqual(nodesOf(groupElements(elements, "outer")!), ["b", "c"]);
  assert.deepEqual(nodesOf(groupElements(elements, "inner")!), ["c"]);
  const outer = groupElements(elements, "outer")!;
  assert.ok(outer.some(({ type }) => type === "arrow"), "the arrow b → c is inside");
  assert.ok(!outer.some(({ text }) => text === "calls"), "the label of a → b is not");
  assert.equal(groupElements(elements, "missing"), null);
});
