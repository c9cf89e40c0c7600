// Every chart of the Mermaid corpus drawn: each node inside the box of its group, each nested
// group inside its parent's, frames holding what is drawn in them and nothing else, every arrow
// bound at both ends, and the scene valid. (tests/excalidraw_restore_test.ts puts the same
// drawings through Excalidraw's own restore().)
import assert from "node:assert/strict";
import { generateDiagram } from "../generate.ts";
import { validateScene } from "../excalidraw/validate.ts";
import { mermaidToSpec } from "./from_mermaid.ts";
import { mermaidCorpus } from "../../../tests/helpers/mermaid_corpus.ts";

type Element = Record<string, unknown> & {
  id: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  frameId: string | null;
  customData?: Record<string, unknown>;
};

function inside(inner: Element, outer: Element): boolean {
  return inner.x >= outer.x && inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height;
}

Deno.test("every corpus chart is drawn with each node inside its group and each group inside its parent", async () => {
  const charts = await mermaidCorpus();
  assert.ok(charts.length >= 8, `only ${charts.length} charts in the corpus`);
  let groupsSeen = 0;
  for (const { name, text } of charts) {
    const parsed = mermaidToSpec(text);
    assert.ok(parsed.ok, `${name}: ${JSON.stringify(parsed)}`);
    const file = await generateDiagram(parsed.spec, {
      diagramId: name,
      source: "https://diagrams.example.test",
      updated: 1_700_000_000_000,
    });
    const elements = file.elements as unknown as Element[];
    const validation = validateScene(file);
    assert.ok(validation.ok, `${name}: ${JSON.stringify(validation)}`);

    const groupElement = new Map(
      elements.filter((element) => typeof element.customData?.groupId === "string")
        .map((element) => [element.customData!.groupId as string, element]),
    );
    const frameOfGroup = (id: string): string => {
      const group = parsed.spec.groups!.find((candidate) => candidate.id === id)!;
      return group.parent === undefined ? groupElement.get(id)!.id : frameOfGroup(group.parent);
    };
    for (const group of parsed.spec.groups ?? []) {
      groupsSeen++;
      const box = groupElement.get(group.id);
      assert.ok(box, `${name}: group ${group.id} is drawn`);
      assert.equal(box.type, group.parent === undefined ? "frame" : "rectangle");
      if (group.parent !== undefined) {
        assert.ok(
          inside(box, groupElement.get(group.parent)!),
          `${name}: ${group.id} in its parent`,
        );
        assert.equal(box.frameId, frameOfGroup(group.id));
      }
    }
    for (const node of parsed.spec.nodes) {
      const shape = elements.find((element) => element.customData?.nodeId === node.id)!;
      if (node.group === undefined) {
        assert.equal(shape.frameId, null, `${name}: ${node.id} is in no frame`);
        continue;
      }
      assert.ok(inside(shape, groupElement.get(node.group)!), `${name}: ${node.id} in its group`);
      assert.equal(shape.frameId, frameOfGroup(node.group), `${name}: ${node.id}'s frame`);
    }
    for (const arrow of elements.filter((element) => element.type === "arrow")) {
      assert.ok(arrow.startBinding && arrow.endBinding, `${name}: arrow ${arrow.id} is bound`);
    }
  }
  assert.ok(groupsSeen >= 5, "the corpus has subgraphs");
});
