// A change to a spec by id, so an agent can edit one box of a 500-node diagram without sending the
// whole spec back: add, change or remove nodes, edges and groups, or switch the layout. Applied to the
// spec a stored diagram reads back as; the result is checked like any spec.
import { z } from "zod";
import {
  colourSchema,
  type DiagramSpec,
  DIRECTIONS,
  EDGE_HEADS,
  EDGE_LINES,
  edgeIds,
  edgeSchema,
  groupSchema,
  labelSchema,
  nodeSchema,
  SHAPES,
  type SpecEdge,
  type SpecNode,
} from "./spec.ts";
import { formatIssuePath } from "../../shared/issue_messages.ts";

// Field contents (labels, colours, shapes) are checked when the patched spec is parsed; here only
// the structure, so a model sees one list of problems with the paths it sent.
const id = z.string().min(1).max(200);
const changes = <T extends z.ZodRawShape>(shape: T) => z.array(z.strictObject(shape)).max(2000);

export const specPatchSchema = z.strictObject({
  layout: z.enum(DIRECTIONS).optional(),
  addNodes: z.array(z.unknown()).max(1000).optional()
    .describe("New nodes: {id, label, shape?, color?, stroke?, group?}."),
  updateNodes: changes({
    id,
    label: z.unknown().optional(),
    shape: z.unknown().optional(),
    color: z.unknown().optional().describe("A colour, or null to remove it."),
    stroke: z.unknown().optional().describe("An outline colour, or null to remove it."),
    group: z.unknown().optional().describe(
      "A group id, or null to take the node out of its group.",
    ),
  }).optional().describe("Change fields of existing nodes by id; omitted fields stay."),
  removeNodes: z.array(id).max(1000).optional()
    .describe("Node ids to remove; their edges go with them."),
  addEdges: z.array(z.unknown()).max(2000).optional()
    .describe("New edges: {from, to, label?, id?, line?, start?, end?}."),
  updateEdges: changes({
    id,
    label: z.unknown().optional().describe("A new label, or null to remove it."),
    line: z.unknown().optional(),
    start: z.unknown().optional(),
    end: z.unknown().optional(),
  }).optional().describe(
    "Change the label, line or heads of existing edges by id (as get_diagram lists them).",
  ),
  removeEdges: z.array(id).max(2000).optional().describe("Edge ids to remove."),
  addGroups: z.array(z.unknown()).max(200).optional()
    .describe("New groups: {id, label?, parent?, direction?}."),
  removeGroups: z.array(id).max(200).optional().describe(
    "Group ids to remove; their nodes and groups move to the removed group's parent.",
  ),
});

export type SpecPatch = z.output<typeof specPatchSchema>;

/**
 * The same patch as tools publish it: every field with its real type, so a client sees what to
 * send. Validation stays with specPatchSchema and the parse of the patched spec, which report
 * every problem at once with its path.
 */
export const documentedSpecPatchSchema = z.strictObject({
  layout: z.enum(DIRECTIONS).optional(),
  addNodes: z.array(nodeSchema).max(1000).optional().describe("New nodes."),
  updateNodes: z.array(z.strictObject({
    id,
    label: labelSchema.optional(),
    shape: z.enum(SHAPES).optional(),
    color: colourSchema.nullable().optional().describe("A colour, or null to remove it."),
    stroke: colourSchema.nullable().optional().describe(
      "An outline colour, or null to remove it.",
    ),
    group: id.nullable().optional().describe(
      "A group id, or null to take the node out of its group.",
    ),
  })).max(2000).optional().describe("Change fields of existing nodes by id; omitted fields stay."),
  removeNodes: z.array(id).max(1000).optional()
    .describe("Node ids to remove; their edges go with them."),
  addEdges: z.array(edgeSchema).max(2000).optional().describe("New edges."),
  updateEdges: z.array(z.strictObject({
    id,
    label: labelSchema.nullable().optional().describe("A new label, or null to remove it."),
    line: z.enum(EDGE_LINES).optional(),
    start: z.enum(EDGE_HEADS).optional(),
    end: z.enum(EDGE_HEADS).optional(),
  })).max(2000).optional().describe(
    "Change the label, line or heads of existing edges by id (as get_diagram lists them).",
  ),
  removeEdges: z.array(id).max(2000).optional().describe("Edge ids to remove."),
  addGroups: z.array(groupSchema).max(200).optional().describe("New groups."),
  removeGroups: z.array(id).max(200).optional().describe(
    "Group ids to remove; their nodes and groups move to the removed group's parent.",
  ),
});

export type PatchResult =
  | {
    ok: true;
    spec: unknown;
    removedEdges: number;
    /** Where the added nodes and edges start in the patched spec's lists. */
    firstAdded: { nodes: number; edges: number };
  }
  | { ok: false; errors: string[] };

/**
 * The patched spec (still to be parsed: added and changed fields are unchecked here), or every
 * id the patch names that does not exist. Order: removals, changes, additions, so a patch may
 * remove a node and add one with the same id.
 */
export function applySpecPatch(current: DiagramSpec, patch: SpecPatch): PatchResult {
  const errors: string[] = [];
  const path = (...segments: (string | number)[]) => `patch.${formatIssuePath(segments, "")}`;
  const nodes = new Map<string, Record<string, unknown>>(
    current.nodes.map((node: SpecNode) => [node.id, { ...node }]),
  );
  const currentEdgeIds = edgeIds(current.edges);
  const edges = new Map<string, Record<string, unknown>>(
    current.edges.map((edge: SpecEdge, index) => [currentEdgeIds[index], {
      ...edge,
      id: currentEdgeIds[index],
    }]),
  );

  const groups = new Map<string, Record<string, unknown>>(
    (current.groups ?? []).map((group) => [group.id, { ...group }]),
  );

  patch.removeGroups?.forEach((groupId, index) => {
    const removed = groups.get(groupId);
    if (removed === undefined) {
      errors.push(`${path("removeGroups", index)}: unknown group ${JSON.stringify(groupId)}`);
      return;
    }
    groups.delete(groupId);
    // What the group held moves up to where the group was.
    const adopt = (member: Record<string, unknown>, field: "group" | "parent") => {
      if (member[field] !== groupId) return;
      if (removed.parent === undefined) delete member[field];
      else member[field] = removed.parent;
    };
    for (const node of nodes.values()) adopt(node, "group");
    for (const group of groups.values()) adopt(group, "parent");
  });
  patch.removeEdges?.forEach((edgeId, index) => {
    if (!edges.delete(edgeId)) errors.push(`${path("removeEdges", index)}: ${unknownEdge(edgeId)}`);
  });
  let removedEdges = 0;
  patch.removeNodes?.forEach((nodeId, index) => {
    if (!nodes.delete(nodeId)) {
      errors.push(`${path("removeNodes", index)}: unknown node ${JSON.stringify(nodeId)}`);
      return;
    }
    for (const [edgeId, edge] of edges) {
      if (edge.from === nodeId || edge.to === nodeId) {
        edges.delete(edgeId);
        removedEdges++;
      }
    }
  });
  patch.updateNodes?.forEach((change, index) => {
    const node = nodes.get(change.id);
    if (node === undefined) {
      errors.push(`${path("updateNodes", index, "id")}: unknown node ${JSON.stringify(change.id)}`);
      return;
    }
    applyChange(node, change, ["label", "shape", "color", "stroke", "group"]);
  });
  patch.updateEdges?.forEach((change, index) => {
    const edge = edges.get(change.id);
    if (edge === undefined) {
      errors.push(`${path("updateEdges", index, "id")}: ${unknownEdge(change.id)}`);
      return;
    }
    applyChange(edge, change, ["label", "line", "start", "end"]);
  });
  if (errors.length > 0) return { ok: false, errors };

  return {
    ok: true,
    removedEdges,
    firstAdded: { nodes: nodes.size, edges: edges.size },
    spec: {
      layout: patch.layout ?? current.layout,
      nodes: [...nodes.values(), ...(patch.addNodes ?? [])],
      edges: [...edges.values(), ...(patch.addEdges ?? [])],
      ...(groups.size === 0 && patch.addGroups === undefined
        ? {}
        : { groups: [...groups.values(), ...(patch.addGroups ?? [])] }),
    },
  };
}

/** Copies the fields a change states; null removes a field (the parse refuses it where it must stay). */
function applyChange(
  target: Record<string, unknown>,
  change: Record<string, unknown>,
  fields: readonly string[],
): void {
  for (const field of fields) {
    if (change[field] === null) delete target[field];
    else if (change[field] !== undefined) target[field] = change[field];
  }
}

function unknownEdge(edgeId: string): string {
  return `unknown edge ${JSON.stringify(edgeId)} (edge ids are as get_diagram lists them)`;
}

/** True when the patch changes nothing at all. */
export function isEmptyPatch(patch: SpecPatch): boolean {
  return Object.values(patch).every((value) =>
    value === undefined || (Array.isArray(value) && value.length === 0)
  );
}
