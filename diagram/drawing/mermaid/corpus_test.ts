// The corpus of real-world-style charts (corpus/*.mmd): each is read into a spec parseSpec accepts,
// with the node, edge and group counts and the notes corpus/expected.json lists, and writing that
// spec back as a chart and reading it again gives the same spec, without notes.
import assert from "node:assert/strict";
import { parseSpec } from "../spec.ts";
import { mermaidToSpec } from "./from_mermaid.ts";
import { specToMermaid } from "./to_mermaid.ts";
import { corpusFile, mermaidCorpus } from "../../../tests/helpers/mermaid_corpus.ts";

interface Expected {
  nodes: number;
  edges: number;
  groups: number;
  notes: string[];
}

const expected: Record<string, Expected> = JSON.parse(
  await corpusFile("expected.json"),
);

Deno.test("the expectations table lists every corpus chart", async () => {
  const names = (await mermaidCorpus()).map(({ name }) => name);
  assert.ok(names.length >= 10, `only ${names.length} charts`);
  assert.deepEqual(names, Object.keys(expected).sort((a, b) => a.localeCompare(b)));
});

Deno.test("every corpus chart is read into a valid spec with the expected counts and notes", async () => {
  for (const { name, text } of await mermaidCorpus()) {
    const result = mermaidToSpec(text);
    assert.ok(result.ok, `${name}: ${JSON.stringify(result)}`);
    assert.ok(parseSpec(result.spec).ok, name);
    const { spec, notes } = result;
    assert.deepEqual(
      {
        nodes: spec.nodes.length,
        edges: spec.edges.length,
        groups: spec.groups?.length ?? 0,
        notes,
      },
      expected[name],
      name,
    );
  }
});

Deno.test("every corpus chart's spec, written as a chart and read again, is the same spec", async () => {
  for (const { name, text } of await mermaidCorpus()) {
    const first = mermaidToSpec(text);
    assert.ok(first.ok, name);
    const written = specToMermaid(first.spec);
    const again = mermaidToSpec(written);
    assert.ok(again.ok, `${name}:\n${written}\n${JSON.stringify(again)}`);
    assert.deepEqual(again.notes, [], `${name}:\n${written}`);
    assert.deepEqual(again.spec, first.spec, `${name}:\n${written}`);
    assert.equal(specToMermaid(again.spec), written, name);
  }
});
