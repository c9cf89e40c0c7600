// Diagram spec → Mermaid flowchart text that draws the same nodes, edges, labels, shapes, colours
// and groups, laid out so a person can read it: every node on a line of its own in the spec's
// order, then the subgraphs listing their members, then the links, then the colours as classes.
// mermaidToSpec reads it back as the same spec (ids Mermaid cannot spell are renamed; see
// MermaidIds). What Mermaid cannot draw (a dashed line, a lone start head) is written as the
// nearest it can, with a linkStyle or a comment that carries the rest.
import {
  type DiagramSpec,
  EDGE_DEFAULTS,
  edgeIds,
  type SpecGroup,
  type SpecNode,
} from "../spec.ts";
import { cssColours } from "./mermaid_colours.ts";
import { DASHED_LINK_STYLE, startHeadComment, writeLink } from "./mermaid_links.ts";
import { mermaidBrackets } from "./mermaid_shapes.ts";
import { MermaidIds, writeLabel } from "./mermaid_text.ts";

const INDENT = "  ";

/** The flowchart a spec stands for. */
export function specToMermaid(spec: DiagramSpec): string {
  const groups = spec.groups ?? [];
  // Nodes and subgraphs share Mermaid's namespace; edges have their own.
  const ids = new MermaidIds([...spec.nodes.map(({ id }) => id), ...groups.map(({ id }) => id)]);
  const idOf = (id: string) => ids.of(id);
  const lines = [`flowchart ${spec.layout}`];

  for (const node of spec.nodes) {
    const { open, close } = mermaidBrackets(node.shape);
    const id = idOf(node.id);
    lines.push(`${INDENT}${id}${open}"${writeLabel(node.label, id)}"${close}`);
  }
  lines.push(...subgraphLines(spec, idOf));
  lines.push(...linkLines(spec, idOf));
  lines.push(...colourLines(spec.nodes, idOf));
  return lines.join("\n") + "\n";
}

/** The groups as nested subgraphs, each listing the nodes drawn directly in it. */
function subgraphLines(spec: DiagramSpec, idOf: (id: string) => string): string[] {
  const groups = spec.groups ?? [];
  if (groups.length === 0) return [];
  const known = new Set(groups.map(({ id }) => id));
  const childGroups = new Map<string | undefined, SpecGroup[]>();
  for (const group of groups) {
    const parent = group.parent !== undefined && known.has(group.parent) ? group.parent : undefined;
    childGroups.set(parent, [...(childGroups.get(parent) ?? []), group]);
  }
  const membersOf = new Map<string, string[]>();
  for (const node of spec.nodes) {
    if (node.group === undefined || !known.has(node.group)) continue;
    membersOf.set(node.group, [...(membersOf.get(node.group) ?? []), node.id]);
  }

  const lines: string[] = [];
  const written = new Set<string>();
  const write = (group: SpecGroup, depth: number) => {
    if (written.has(group.id)) return;
    written.add(group.id);
    const indent = INDENT.repeat(depth);
    const id = idOf(group.id);
    // A renamed group keeps its title: the id it had, when it had no label of its own.
    const title = group.label ?? (id === group.id ? undefined : group.id);
    const titled = title === undefined ? "" : ` ["${writeLabel(title, id)}"]`;
    lines.push(`${indent}subgraph ${id}${titled}`);
    if (group.direction !== undefined) lines.push(`${indent}${INDENT}direction ${group.direction}`);
    for (const member of membersOf.get(group.id) ?? []) {
      lines.push(`${indent}${INDENT}${idOf(member)}`);
    }
    for (const child of childGroups.get(group.id) ?? []) write(child, depth + 1);
    lines.push(`${indent}end`);
  };
  for (const group of childGroups.get(undefined) ?? []) write(group, 1);
  // Groups whose parents form a circle (a spec parseSpec refuses) still get written, at the top.
  for (const group of groups) write(group, 1);
  return lines;
}

/** One line per edge, in the spec's order, so linkStyle's and the comments' indexes are theirs. */
function linkLines(spec: DiagramSpec, idOf: (id: string) => string): string[] {
  const lines: string[] = [];
  const dashed: number[] = [];
  // An edge states an id only where it differs from the one the spec would derive for it.
  const derived = edgeIds(spec.edges.map(({ from, to }) => ({ from, to })));
  const stated = spec.edges.flatMap((edge, index) =>
    edge.id !== undefined && edge.id !== derived[index] ? [edge.id] : []
  );
  const linkIds = new MermaidIds(stated);
  spec.edges.forEach((edge, index) => {
    const link = writeLink(
      edge.line ?? EDGE_DEFAULTS.line,
      edge.start ?? EDGE_DEFAULTS.start,
      edge.end ?? EDGE_DEFAULTS.end,
    );
    const from = idOf(edge.from);
    const to = idOf(edge.to);
    const id = edge.id !== undefined && edge.id !== derived[index] ? `${linkIds.of(edge.id)}@` : "";
    const label = edge.label === undefined
      ? ""
      : `|"${writeLabel(edge.label, `${from} ${id} ${to}`)}"|`;
    lines.push(`${INDENT}${from} ${id}${link.arrow}${label} ${to}`);
    if (link.unwrittenStart !== undefined) {
      lines.push(
        INDENT + startHeadComment(index, from, link.arrow, to, link.unwrittenStart),
      );
    }
    if (link.dashed) dashed.push(index);
  });
  if (dashed.length > 0) lines.push(`${INDENT}linkStyle ${dashed.join(",")} ${DASHED_LINK_STYLE}`);
  return lines;
}

/**
 * Colours as one class per distinct fill and outline (named after the palette colour where there
 * is one, `fill_1e90ff` otherwise), and a `class` line listing the nodes of each.
 */
function colourLines(nodes: readonly SpecNode[], idOf: (id: string) => string): string[] {
  const classes = new Map<string, { css: string; members: string[] }>();
  for (const node of nodes) {
    const { fill, stroke } = cssColours(node);
    if (fill === undefined && stroke === undefined) continue;
    const name = className(node);
    const css = [
      ...(fill === undefined ? [] : [`fill:${fill}`]),
      ...(stroke === undefined ? [] : [`stroke:${stroke}`]),
    ].join(",");
    const entry = classes.get(name) ?? { css, members: [] };
    entry.members.push(idOf(node.id));
    classes.set(name, entry);
  }
  const lines: string[] = [];
  for (const [name, { css, members }] of classes) {
    lines.push(`${INDENT}classDef ${name} ${css}`);
    lines.push(`${INDENT}class ${members.join(",")} ${name}`);
  }
  return lines;
}

function className(node: Pick<SpecNode, "color" | "stroke">): string {
  const part = (colour: string) => colour.startsWith("#") ? colour.slice(1).toLowerCase() : colour;
  const fill = node.color === undefined
    ? ""
    : node.color.startsWith("#")
    ? `fill_${part(node.color)}`
    : node.color;
  const stroke = node.stroke === undefined ? "" : `stroke_${part(node.stroke)}`;
  return [fill, stroke].filter((piece) => piece !== "").join("_");
}
