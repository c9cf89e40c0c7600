import assert from "node:assert/strict";
import { parseSpec } from "./spec.ts";
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

Deno.test("a patch keeps the groups, adds and removes them, and moves a removed group's members up", () => {
  const grouped = parseSpec({
    layout: "TB",
    groups: [{ id: "outer" }, { id: "inner", parent: "outer" }, { id: "leaf", parent: "inner" }],
    nodes: [{ id: "a", label: "A", group: "inner" }, { id: "b", label: "B", group: "leaf" }],
    edges: [{ from: "a", to: "b" }],
  });
  assert.ok(grouped.ok);
  const kept = applySpecPatch(grouped.spec, { updateNodes: [{ id: "a", label: "Alpha" }] });
  assert.ok(kept.ok);
  assert.deepEqual((kept.spec as typeof grouped.spec).groups, grouped.spec.groups);

  const result = applySpecPatch(grouped.spec, {
    removeGroups: ["inner"],
    addGroups: [{ id: "new", label: "New" }],
    updateNodes: [{ id: "b", group: null }],
    updateEdges: [{ id: "a->b", line: "dashed", end: "circle" }],
  });
  assert.ok(result.ok);
  const spec = result.spec as typeof grouped.spec;
  assert.deepEqual(spec.groups, [
    { id: "outer" },
    { id: "leaf", parent: "outer" },
    { id: "new", label: "New" },
  ]);
  assert.deepEqual(spec.nodes.map(({ id, group }) => [id, group]), [["a", "outer"], [
    "b",
    undefined,
  ]]);
  assert.deepEqual(spec.edges[0], {
    id: "a->b",
    from: "a",
    to: "b",
    line: "dashed",
    end: "circle",
  });
  assert.ok(parseSpec(result.spec).ok);
});

Deno.test("removing a group that does not exist is reported with its path", () => {
  const result = applySpecPatch(current.spec, { removeGroups: ["ghost"] });
  assert.deepEqual(result, { ok: false, errors: ['patch.removeGroups[0]: unknown group "ghost"'] });
});
