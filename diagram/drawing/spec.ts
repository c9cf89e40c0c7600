// The diagram spec: the JSON an author (usually an AI model) sends to describe a diagram.
// The schema doubles as the MCP tool input schema; parseSpec adds author-facing messages.
import { z } from "zod";
import { isRecord } from "../../shared/is_record.ts";
import { describeIssue, describeValue, formatIssuePath } from "../../shared/issue_messages.ts";

/**
 * Node shapes. The first four are Excalidraw's own; the rest are flowchart shapes Excalidraw has
 * no element for, drawn as the closest one it has (the scene's DRAWN_AS) and remembered, so a
 * diagram gives back the shape it was given.
 */
export const SHAPES = [
  "rectangle",
  "rounded",
  "ellipse",
  "diamond",
  "circle",
  "stadium",
  "subroutine",
  "cylinder",
  "hexagon",
  "parallelogram",
  "parallelogram-alt",
  "trapezoid",
  "trapezoid-alt",
  "flag",
] as const;

/** Which way the flow runs: top to bottom, bottom to top, left to right, right to left. */
export const DIRECTIONS = ["TB", "BT", "LR", "RL"] as const;

/** How an edge's line is drawn; "solid" when the spec says nothing. */
export const EDGE_LINES = ["solid", "dashed", "dotted", "thick"] as const;

/** What an edge's end is drawn with; an edge starts with "none" and ends with "arrow" by default. */
export const EDGE_HEADS = ["none", "arrow", "circle", "cross"] as const;

export const EDGE_DEFAULTS = { line: "solid", start: "none", end: "arrow" } as const;

/** Excalidraw's named palette colours. */
export const PALETTE = [
  "gray",
  "red",
  "pink",
  "grape",
  "violet",
  "blue",
  "cyan",
  "teal",
  "green",
  "yellow",
  "orange",
  "bronze",
] as const;

export const SPEC_LIMITS = {
  maxNodes: 1000,
  maxEdges: 2000,
  maxLabelLength: 500,
  maxIdLength: 100,
  maxGroups: 200,
  /** Groups inside groups: deeper charts are rare and the layout's cost grows with depth. */
  maxGroupDepth: 10,
} as const;

const ROOT_NAME = "spec";
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

const colourError = (issue: { input: unknown }) =>
  `expected a palette colour (${PALETTE.join(", ")}) or a hex colour "#rrggbb", ` +
  `got ${describeValue(issue.input)}`;

/** C0 and C1 control characters; a label may still break lines (\n, \r) and hold tabs. */
const CONTROL_IN_ID = /\p{Cc}/u;
const CONTROL_IN_LABEL = /(?![\t\n\r])\p{Cc}/u;
const noControl = (pattern: RegExp) => (value: string) => !pattern.test(value);
const controlError = { error: "must not contain control characters such as NUL" };

const idSchema = z.string().min(1).max(SPEC_LIMITS.maxIdLength)
  .refine(noControl(CONTROL_IN_ID), controlError);
export const labelSchema = z.string().min(1).max(SPEC_LIMITS.maxLabelLength)
  .refine(noControl(CONTROL_IN_LABEL), controlError);
// A string that misses the palette is reported by the hex branch, anything else by the union,
// so both carry the same message listing every accepted form.
export const colourSchema = z.union([
  z.enum(PALETTE),
  z.string().regex(HEX_COLOUR, { error: colourError }),
], { error: colourError });

export const nodeSchema = z.strictObject({
  id: idSchema,
  label: labelSchema,
  shape: z.enum(SHAPES).default("rectangle"),
  color: colourSchema.optional().describe(
    "The fill: a palette name (which also picks a matching outline) or #rrggbb.",
  ),
  stroke: colourSchema.optional().describe(
    "The outline, when it should differ from the one the fill picks: a palette name or #rrggbb.",
  ),
  group: idSchema.optional().describe("The id of the group the node is drawn in."),
});

export const groupSchema = z.strictObject({
  id: idSchema,
  /** Drawn as the group's title; the id when absent. */
  label: labelSchema.optional(),
  parent: idSchema.optional().describe("The id of the group this group is drawn in."),
  direction: z.enum(DIRECTIONS).optional().describe(
    "The flow inside the group. Followed when no edge crosses the group's border (as Mermaid " +
      "does); otherwise the group follows the diagram's flow.",
  ),
});

export const edgeSchema = z.strictObject({
  /** Names the edge for patches; defaults to "from->to" ("from->to#2" for the second parallel). */
  id: idSchema.optional(),
  from: idSchema,
  to: idSchema,
  label: labelSchema.optional(),
  line: z.enum(EDGE_LINES).optional().describe(
    'How the line is drawn: "solid" (the default), "dashed", "dotted", or "thick" (solid, twice ' +
      "as wide).",
  ),
  start: z.enum(EDGE_HEADS).optional().describe(
    'The head at the "from" end: "none" (the default), "arrow", "circle" (a filled dot) or ' +
      '"cross" (drawn as a bar across the line, the closest head Excalidraw has).',
  ),
  end: z.enum(EDGE_HEADS).optional().describe(
    'The head at the "to" end: "arrow" (the default), "none", "circle" or "cross", as for start.',
  ),
});

export const diagramSpecSchema = z.strictObject({
  layout: z.enum(DIRECTIONS),
  nodes: z.array(nodeSchema).min(1).max(SPEC_LIMITS.maxNodes),
  edges: z.array(edgeSchema).max(SPEC_LIMITS.maxEdges),
  groups: z.array(groupSchema).max(SPEC_LIMITS.maxGroups).optional().describe(
    "Boxes drawn around nodes (Mermaid's subgraphs): a node joins one with its `group` field.",
  ),
}).superRefine((spec, context) => {
  for (const { path, message } of [...findReferenceProblems(spec), ...findGroupProblems(spec)]) {
    context.addIssue({ code: "custom", path, message });
  }
}, {
  // Run even when other fields already failed, so one round trip reports every problem.
  when: (payload) => isRecord(payload.value),
});

export type DiagramSpec = z.output<typeof diagramSpecSchema>;
export type SpecNode = DiagramSpec["nodes"][number];
export type SpecEdge = DiagramSpec["edges"][number];
export type EdgeLine = typeof EDGE_LINES[number];
export type EdgeHead = typeof EDGE_HEADS[number];
export type SpecGroup = NonNullable<DiagramSpec["groups"]>[number];
export type Direction = typeof DIRECTIONS[number];
export type Shape = typeof SHAPES[number];

/** Whether the flow runs down or up the page (TB, BT) rather than across it. */
export function isVertical(direction: Direction): boolean {
  return direction === "TB" || direction === "BT";
}

/**
 * Every edge's id: its own, or "from->to", numbered from the second parallel edge on ("a->b#2")
 * and skipping ids other edges state. Arrow element ids derive from these, so removing one edge
 * leaves the other arrows alone.
 */
export function edgeIds(edges: readonly { id?: string; from: string; to: string }[]): string[] {
  const taken = new Set(edges.flatMap((edge) => edge.id === undefined ? [] : [edge.id]));
  // The next number to try per pair, so a thousand parallel edges cost a thousand steps.
  const nextCount = new Map<string, number>();
  return edges.map((edge) => {
    if (edge.id !== undefined) return edge.id;
    const base = `${edge.from}->${edge.to}`;
    let count = nextCount.get(base) ?? 1;
    let id = count === 1 ? base : `${base}#${count}`;
    while (taken.has(id)) id = `${base}#${++count}`;
    nextCount.set(base, count + 1);
    taken.add(id);
    return id;
  });
}

export type ParseSpecResult = { ok: true; spec: DiagramSpec } | { ok: false; errors: string[] };

/** Errors read `<path>: <message>`, e.g. `edges[3].to: unknown node "db"`, in a stable order. */
export function parseSpec(input: unknown): ParseSpecResult {
  const result = diagramSpecSchema.safeParse(input, { error: describeIssue });
  if (result.success) return { ok: true, spec: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) =>
      `${formatIssuePath(issue.path, ROOT_NAME)}: ${issue.message}`
    ),
  };
}

interface ReferenceProblem {
  path: (string | number)[];
  message: string;
}

/**
 * Duplicate ids and edges to unknown nodes. The value may be only partly valid here, so every
 * shape is re-checked; malformed ids are left to the field errors already reported for them.
 */
function findReferenceProblems(spec: unknown): ReferenceProblem[] {
  if (!isRecord(spec) || !Array.isArray(spec.nodes)) return [];
  const problems: ReferenceProblem[] = [];
  const firstIndexById = new Map<string, number>();
  let everyIdWellFormed = true;

  spec.nodes.forEach((node: unknown, index) => {
    const id = isRecord(node) ? node.id : undefined;
    if (!isWellFormedId(id)) {
      everyIdWellFormed = false;
      return;
    }
    const firstIndex = firstIndexById.get(id);
    if (firstIndex === undefined) {
      firstIndexById.set(id, index);
      return;
    }
    const firstPath = formatIssuePath(["nodes", firstIndex, "id"], ROOT_NAME);
    problems.push({
      path: ["nodes", index, "id"],
      message: `duplicate id ${JSON.stringify(id)} (first used at ${firstPath})`,
    });
  });

  // With a node id missing or malformed, "unknown node" would mostly be noise about that node.
  if (!everyIdWellFormed || !Array.isArray(spec.edges)) return problems;
  const edges = spec.edges.filter(isRecord);
  if (edges.length === spec.edges.length && edges.every(hasWellFormedEnds)) {
    const firstIndexByEdgeId = new Map<string, number>();
    edgeIds(edges).forEach((id, index) => {
      const firstIndex = firstIndexByEdgeId.get(id);
      if (firstIndex === undefined) return void firstIndexByEdgeId.set(id, index);
      const firstPath = formatIssuePath(["edges", firstIndex], ROOT_NAME);
      problems.push({
        path: ["edges", index, "id"],
        message: `duplicate edge id ${JSON.stringify(id)} (also the id of ${firstPath})`,
      });
    });
  }
  spec.edges.forEach((edge: unknown, index) => {
    if (!isRecord(edge)) return;
    for (const end of ["from", "to"] as const) {
      const id = edge[end];
      if (isWellFormedId(id) && !firstIndexById.has(id)) {
        problems.push({
          path: ["edges", index, end],
          message: `unknown node ${JSON.stringify(id)}`,
        });
      }
    }
  });
  return problems;
}

/**
 * Group ids that repeat or clash with a node id, parents and node groups that name no group, and
 * parent chains that loop or nest deeper than SPEC_LIMITS.maxGroupDepth.
 */
function findGroupProblems(spec: unknown): ReferenceProblem[] {
  if (!isRecord(spec)) return [];
  const groups = Array.isArray(spec.groups) ? spec.groups : [];
  const nodes = Array.isArray(spec.nodes) ? spec.nodes : [];
  const problems: ReferenceProblem[] = [];
  const nodeIds = new Set(
    nodes.flatMap((node: unknown) => isRecord(node) && isWellFormedId(node.id) ? [node.id] : []),
  );
  const parentOf = new Map<string, unknown>();
  groups.forEach((group: unknown, index) => {
    if (!isRecord(group) || !isWellFormedId(group.id)) return;
    const path = ["groups", index, "id"];
    if (parentOf.has(group.id)) {
      problems.push({ path, message: `duplicate group id ${JSON.stringify(group.id)}` });
    } else if (nodeIds.has(group.id)) {
      problems.push({
        path,
        message: `${JSON.stringify(group.id)} is already a node's id; a group needs its own`,
      });
    }
    if (!parentOf.has(group.id)) parentOf.set(group.id, group.parent);
  });
  const unknownGroup = (id: string) => `unknown group ${JSON.stringify(id)}`;
  groups.forEach((group: unknown, index) => {
    if (!isRecord(group) || !isWellFormedId(group.parent)) return;
    const path = ["groups", index, "parent"];
    if (!parentOf.has(group.parent)) {
      return void problems.push({ path, message: unknownGroup(group.parent) });
    }
    // Walk up from the group; a chain longer than the groups themselves has looped.
    let depth = 1;
    for (
      let at: unknown = group.parent;
      isWellFormedId(at) && parentOf.has(at);
      at = parentOf.get(at)
    ) {
      if (at === group.id || depth > groups.length) {
        return void problems.push({ path, message: "the groups' parents form a loop" });
      }
      depth++;
    }
    if (depth > SPEC_LIMITS.maxGroupDepth) {
      problems.push({
        path,
        message: `groups nest ${depth} deep; at most ${SPEC_LIMITS.maxGroupDepth} are drawn`,
      });
    }
  });
  nodes.forEach((node: unknown, index) => {
    if (isRecord(node) && isWellFormedId(node.group) && !parentOf.has(node.group)) {
      problems.push({ path: ["nodes", index, "group"], message: unknownGroup(node.group) });
    }
  });
  return problems;
}

function hasWellFormedEnds(
  edge: Record<string, unknown>,
): edge is { id?: string; from: string; to: string } {
  return isWellFormedId(edge.from) && isWellFormedId(edge.to) &&
    (edge.id === undefined || isWellFormedId(edge.id));
}

function isWellFormedId(value: unknown): value is string {
  return idSchema.safeParse(value).success;
}
