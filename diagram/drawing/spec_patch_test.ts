import assert from "node:assert/strict";
import { parseSpec } from "../../shared/spec.ts";
import { applySpecPatch, isEmptyPatch, specPatchSchema } from "./spec_patch.ts";

const current = parseSpec({
  layout: "TB",
  nodes: [{ id: "a", label: "A", color: "red" }, { id: "b", label: "B" }, { id: "c", label: "C" }],
  edges: [{ from: "a", to: "b", label: "ab" }, { from: "b", to: "c" }, { from: "c", to: "a" }],
});
if (!current.ok) throw new Error(current.errors.join("\n"));

Deno.test("a patch removes, changes and adds by id, with the removed nodes' edges gone too", () => {
  const result = applySpecPatch(current.spec, {
    layout: "LR",
    removeNodes: ["c"],
    updateNodes: [{ id: "a", label: "Alpha", color: null }],
    updateEdges: [{ id: "a->b", label: null }],
    addNodes: [{ id: "d", label: "D" }],
    addEdges: [{ from: "b", to: "d" }],
  });
  assert.ok(result.ok);
  assert.equal(result.removedEdges, 2);
  assert.deepEqual(result.firstAdded, { nodes: 2, edges: 1 });
  assert.deepEqual(result.spec, {
    layout: "LR",
    nodes: [
      { id: "a", label: "Alpha", shape: "rectangle" },
      { id: "b", label: "B", shape: "rectangle" },
      { id: "d", label: "D" },
    ],
    edges: [{ id: "a->b", from: "a", to: "b" }, { from: "b", to: "d" }],
  });
  // The result is a valid spec whose surviving edge keeps its id.
  assert.ok(parseSpec(result.spec).ok);
});

Deno.test("every unknown id in a patch is reported with its path, and nothing is applied", () => {
  const result = applySpecPatch(current.spec, {
    removeNodes: ["x"],
    removeEdges: ["a->c"],
    updateNodes: [{ id: "y", label: "Y" }],
  });
  assert.deepEqual(result, {
    ok: false,
    errors: [
      'patch.removeEdges[0]: unknown edge "a->c" (edge ids are as get_diagram lists them)',
      'patch.removeNodes[0]: unknown node "x"',
      'patch.updateNodes[0].id: unknown node "y"',
    ],
  });
});

Deno.test("the patch schema refuses unknown keys, and an empty patch is recognised", () => {
  assert.equal(specPatchSchema.safeParse({ renameNodes: [] }).success, false);
  assert.equal(isEmptyPatch(specPatchSchema.parse({ addNodes: [] })), true);
  assert.equal(isEmptyPatch(specPatchSchema.parse({ layout: "TB" })), false);
});
