// Mermaid flowchart text → diagram spec. The chart is parsed by pele (Mermaid's own flowchart
// grammar); what the parser leaves as written (HTML in labels, entity codes, styles, subgraph
// membership) is read here. What a chart holds that the spec cannot draw is listed in `notes`,
// one short sentence each; what it cannot be drawn from at all is an error that says where.
// Pure: no I/O, and every scan of the chart's text is linear, since the text is untrusted.
import { parse, PeleError, register } from "pele/core";
import flowchart from "pele/diagrams/flowchart";
import {
  type DiagramSpec,
  type Direction,
  DIRECTIONS,
  type EdgeHead,
  parseSpec,
  SPEC_LIMITS,
  type SpecEdge,
  type SpecGroup,
  type SpecNode,
} from "../spec.ts";
import { describeValue } from "../../../shared/issue_messages.ts";
import { readCssColour, rewriteRgbInStyles, specColours } from "./mermaid_colours.ts";
import {
  isDashedStyle,
  MERMAID_LINK_TYPES,
  MERMAID_STROKES,
  readStartHeadComments,
  type StartHeadComment,
} from "./mermaid_links.ts";
import { shapeOfMermaidType } from "./mermaid_shapes.ts";
import { readLabel } from "./mermaid_text.ts";
import { offsetOf, unclosedLabel } from "./unclosed_label.ts";

register(flowchart);

export const MERMAID_LIMITS = {
  /** Characters of chart text read; longer text is refused before parsing. */
  maxLength: 200_000,
} as const;

export type MermaidResult =
  | { ok: true; spec: DiagramSpec; notes: string[] }
  | { ok: false; errors: string[] };

/**
 * Links the parser builds before it stops: above the spec's limit (so the spec's own message
 * reports a chart just over it) with room for invisible links, which are not drawn.
 */
const MAX_PARSED_LINKS = 2 * SPEC_LIMITS.maxEdges;

type Parsed = ReturnType<typeof parse>;
type Flowchart = Extract<Parsed, { type: "flowchart" }>;
type FlowNode = Flowchart["nodes"] extends Map<string, infer Node> ? Node : never;
type FlowEdge = Flowchart["edges"][number];

/** A flowchart's text as a spec, with notes on what is not drawn; or why it cannot be. */
export function mermaidToSpec(text: string): MermaidResult {
  if (typeof text !== "string") return refuse("expected the chart's text as a string");
  if (text.length > MERMAID_LIMITS.maxLength) {
    return refuse(
      `the chart is ${text.length} characters long; at most ${MERMAID_LIMITS.maxLength} are read`,
    );
  }
  if (text.trim() === "") return refuse(EMPTY_CHART);
  const rewritten = rewriteRgbInStyles(text);
  let model: Parsed;
  try {
    model = parse(rewritten.text, {
      maxEdges: MAX_PARSED_LINKS,
      limit: MERMAID_LIMITS.maxLength,
    });
  } catch (error) {
    return refuse(describeFailure(error, text));
  }
  if (model.type !== "flowchart") return refuse(otherChart(text));
  const notes = new Notes();
  if (rewritten.alphaDropped) notes.add(TRANSPARENCY_NOTE);
  return new ChartReader(model, text, notes).read();
}

function refuse(error: string): MermaidResult {
  return { ok: false, errors: [error] };
}

const EMPTY_CHART = 'the chart is empty: start it with "flowchart TB" (or LR, BT, RL) on a ' +
  "line of its own, then a line per node or link";

const TRANSPARENCY_NOTE = "ignored: transparency in colours (colours are drawn opaque)";

/** Notes in the order first met, each once. */
class Notes {
  readonly #notes = new Set<string>();
  add(note: string): void {
    this.#notes.add(note);
  }
  list(): string[] {
    return [...this.#notes];
  }
}

/** One chart's model read into a spec. */
class ChartReader {
  readonly #model: Flowchart;
  readonly #text: string;
  readonly #notes: Notes;
  readonly #errors: string[] = [];
  readonly #subgraphIds: Set<string>;
  /** Each node's and subgraph's innermost subgraph: the first that lists it. */
  readonly #parentOf = new Map<string, string>();
  #emphasisDropped = false;

  constructor(model: Flowchart, text: string, notes: Notes) {
    this.#model = model;
    this.#text = text;
    this.#notes = notes;
    this.#subgraphIds = new Set(model.subgraphs.map(({ id }) => id));
    for (const subgraph of model.subgraphs) {
      for (const member of subgraph.nodes) {
        if (member !== subgraph.id && !this.#parentOf.has(member)) {
          this.#parentOf.set(member, subgraph.id);
        }
      }
    }
  }

  read(): MermaidResult {
    const linkedIds = this.#checkLinkEnds();
    const nodes = this.#nodes(linkedIds);
    if (this.#errors.length > 0) return { ok: false, errors: this.#errors };
    if (nodes.length === 0) return refuse("the chart has no nodes");
    const groups = this.#groups();
    const edges = this.#edges();
    this.#noteChart();
    if (this.#emphasisDropped) {
      this.#notes.add("markdown emphasis (bold, italic) is not drawn; the text is kept");
    }
    const spec: DiagramSpec = {
      layout: direction(this.#model.direction) ?? "TB",
      nodes,
      edges,
      ...(groups.length > 0 ? { groups } : {}),
    };
    const checked = parseSpec(spec);
    if (!checked.ok) return { ok: false, errors: checked.errors.map(chartPath(spec)) };
    return { ok: true, spec: checked.spec, notes: this.#notes.list() };
  }

  /**
   * The ids every drawn link touches. A link that ends at a subgraph is drawn to one of its nodes
   * (#subgraphEnd), and a note says so; one that ends at a subgraph holding no node is refused.
   */
  #checkLinkEnds(): Set<string> {
    const linked = new Set<string>();
    const redrawn: string[] = [];
    for (const edge of this.#model.edges) {
      linked.add(edge.start).add(edge.end);
      if (!this.#subgraphIds.has(edge.start) && !this.#subgraphIds.has(edge.end)) continue;
      const [from, to] = [
        this.#subgraphEnd(edge.start, "exit"),
        this.#subgraphEnd(edge.end, "entry"),
      ];
      if (from === undefined || to === undefined) {
        const empty = from === undefined ? edge.start : edge.end;
        this.#errors.push(
          `the link ${clip(edge.start)} --> ${clip(edge.end)} ends at subgraph ${short(empty)}, ` +
            "which holds no node to draw it to: put a node in the subgraph or link a node",
        );
      } else if (edge.stroke !== "invisible") {
        redrawn.push(`${clip(edge.start)} --> ${clip(edge.end)} as ${clip(from)} --> ${clip(to)}`);
      }
    }
    if (redrawn.length > 0) {
      const shown = redrawn.slice(0, 3).join(", ");
      this.#notes.add(
        "links to a subgraph are drawn to its first node, links from one from its last: " +
          (redrawn.length > 3 ? `${shown} and ${redrawn.length - 3} more` : shown),
      );
    }
    return linked;
  }

  /**
   * The node drawn in place of a subgraph at one end of a link; the node itself for a node.
   * Mermaid draws such a link to the subgraph's border, where the flow enters or leaves it: the
   * entry is the subgraph's first node that no link inside it leads to, the exit its last node
   * that leads nowhere inside it (the nodes of subgraphs within it count as its own). Undefined
   * for a subgraph holding no node.
   */
  #subgraphEnd(id: string, side: "entry" | "exit"): string | undefined {
    if (!this.#subgraphIds.has(id)) return id;
    const within = (node: string) => {
      for (let at = this.#parentOf.get(node); at !== undefined; at = this.#parentOf.get(at)) {
        if (at === id) return true;
      }
      return false;
    };
    const members = [...this.#model.nodes.keys()].filter((node) =>
      !this.#subgraphIds.has(node) && within(node)
    );
    if (members.length === 0) return undefined;
    const inside = new Set(members);
    const linkedInside = new Set(
      this.#model.edges.filter(({ start, end }) => inside.has(start) && inside.has(end))
        .map(({ start, end }) => side === "entry" ? end : start),
    );
    const free = members.filter((node) => !linkedInside.has(node));
    const candidates = free.length > 0 ? free : members;
    return side === "entry" ? candidates[0] : candidates[candidates.length - 1];
  }

  #nodes(linkedIds: Set<string>): SpecNode[] {
    const nodes: SpecNode[] = [];
    const approximated = new Map<string, string[]>();
    const ignoredStyles = new Set<string>();
    let subgraphStyled = false;
    for (const node of this.#model.nodes.values()) {
      if (this.#subgraphIds.has(node.id)) {
        // Named by a style statement, a link (drawn to a node of it) or a listing in another subgraph,
        // the id is the subgraph's; given a shape or a label of its own, it is also a node, which
        // the spec cannot draw.
        if (node.type !== undefined || (node.text !== undefined && node.text !== node.id)) {
          this.#errors.push(
            `${short(node.id)} is both a node and a subgraph: give the subgraph an id of its own`,
          );
        }
        subgraphStyled ||= node.styles.length > 0 && !linkedIds.has(node.id);
        continue;
      }
      const { shape, exact } = shapeOfMermaidType(node.type);
      if (!exact && node.type !== undefined) {
        const ids = approximated.get(node.type) ?? [];
        ids.push(node.id);
        approximated.set(node.type, ids);
      }
      const group = this.#parentOf.get(node.id);
      nodes.push({
        id: node.id,
        label: this.#label(node.text ?? node.id, node.labelType) ?? " ",
        shape,
        ...this.#colours(node, ignoredStyles),
        ...(group === undefined ? {} : { group }),
      });
      this.#noteNodeExtras(node);
    }
    for (const [type, ids] of approximated) {
      const { shape } = shapeOfMermaidType(type);
      const article = /^[aeiou]/.test(shape) ? "an" : "a";
      this.#notes.add(`shape "${type}" is drawn as ${article} ${shape} (${listIds(ids)})`);
    }
    for (const property of ignoredStyles) {
      this.#notes.add(`ignored: style ${property} (only fill and stroke colours are drawn)`);
    }
    if (subgraphStyled || this.#model.subgraphs.some(({ classes }) => classes.length > 0)) {
      this.#notes.add("ignored: styles on subgraphs (subgraphs are drawn in one style)");
    }
    return nodes;
  }

  /** The text as drawn; undefined when nothing is left of it. */
  #label(text: string, labelType: string): string | undefined {
    const read = readLabel(text, labelType);
    this.#emphasisDropped ||= read.emphasisDropped;
    return read.text === "" ? undefined : read.text;
  }

  /**
   * Fill and stroke as Mermaid applies them: `classDef default`, then the node's classes in
   * order, then its `style` statements, each later one winning.
   */
  #colours(node: FlowNode, ignoredStyles: Set<string>): Pick<SpecNode, "color" | "stroke"> {
    const classes = this.#model.classes;
    const layers = [
      classes.get("default")?.styles ?? [],
      ...node.classes.map((name) => classes.get(name)?.styles ?? []),
      node.styles,
    ];
    let fill: string | undefined;
    let stroke: string | undefined;
    for (const style of layers.flat()) {
      const colon = style.indexOf(":");
      if (colon === -1) continue;
      const property = style.slice(0, colon).trim().toLowerCase();
      const value = style.slice(colon + 1).trim();
      if (property === "fill") fill = value;
      else if (property === "stroke") stroke = value;
      else if (property !== "") ignoredStyles.add(property.slice(0, 40));
    }
    return specColours(this.#colour("fill", fill), this.#colour("stroke", stroke));
  }

  #colour(property: string, value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    const read = readCssColour(value);
    if (read.kind === "unknown") {
      this.#notes.add(
        `ignored: ${property} ${describeValue(value)} (colours are read as #rrggbb, #rgb, ` +
          "rgb(…) or a CSS colour name)",
      );
      return undefined;
    }
    if (read.kind === "none") return undefined;
    if (read.alphaDropped) this.#notes.add(TRANSPARENCY_NOTE);
    return read.colour;
  }

  #noteNodeExtras(node: FlowNode): void {
    if (node.link !== undefined || node.classes.includes("clickable")) {
      this.#notes.add("ignored: click (links and callbacks on nodes are not drawn)");
    }
    if (node.icon !== undefined || node.img !== undefined) {
      this.#notes.add("ignored: icons and images on nodes (their labels are drawn)");
    }
  }

  /** Subgraphs as groups, in the order they open, each with its innermost enclosing one. */
  #groups(): SpecGroup[] {
    const subgraphs = this.#model.subgraphs;
    const byId = new Map(subgraphs.map((subgraph) => [subgraph.id, subgraph]));
    const childrenOf = new Map<string, string[]>();
    const roots: string[] = [];
    for (const subgraph of subgraphs) {
      const parent = this.#parentOf.get(subgraph.id);
      if (parent === undefined) roots.push(subgraph.id);
    }
    for (const subgraph of subgraphs) {
      // A parent lists its members in the order they appear, subgraphs among them.
      childrenOf.set(subgraph.id, subgraph.nodes.filter((member) => byId.has(member)));
    }
    const ordered: string[] = [];
    const seen = new Set<string>();
    const stack = [...roots].reverse();
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      ordered.push(id);
      const children = (childrenOf.get(id) ?? []).filter((child) =>
        this.#parentOf.get(child) === id
      );
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
    // Subgraphs inside one another in a circle have no root; they come last, as listed.
    for (const subgraph of subgraphs) if (!seen.has(subgraph.id)) ordered.push(subgraph.id);

    return ordered.map((id) => {
      const subgraph = byId.get(id)!;
      const label = this.#label(subgraph.title, subgraph.labelType) ?? " ";
      const parent = this.#parentOf.get(id);
      const flow = direction(subgraph.dir);
      return {
        id,
        ...(label === id ? {} : { label }),
        ...(parent === undefined ? {} : { parent }),
        ...(flow === undefined ? {} : { direction: flow }),
      };
    });
  }

  #edges(): SpecEdge[] {
    const model = this.#model;
    const comments = new Map<number, StartHeadComment>();
    for (const comment of readStartHeadComments(this.#text)) comments.set(comment.index, comment);
    const defaultStyles = model.defaultEdgeStyle ?? [];
    const ignoredLinkStyles = new Set<string>();
    let invisible = 0;
    let lengthened = false;
    const edges: SpecEdge[] = [];
    model.edges.forEach((edge, index) => {
      const comment = comments.get(index);
      comments.delete(index);
      if (edge.stroke === "invisible") {
        invisible++;
        if (comment !== undefined) comments.set(index, comment);
        return;
      }
      const heads = MERMAID_LINK_TYPES[edge.type ?? "arrow_point"] ??
        MERMAID_LINK_TYPES.arrow_point;
      let start: EdgeHead = heads.start;
      if (comment !== undefined) {
        if (comment.from === edge.start && comment.to === edge.end && start === "none") {
          start = comment.start;
        } else {
          comments.set(index, comment);
        }
      }
      const styles = [...defaultStyles, ...(edge.style ?? [])];
      noteLinkStyles(styles, ignoredLinkStyles);
      const line = isDashedStyle(styles)
        ? "dashed"
        : MERMAID_STROKES[edge.stroke ?? "normal"] ?? "solid";
      const label = edge.text === "" ? undefined : this.#label(edge.text, edge.labelType);
      lengthened ||= (edge.length ?? 1) > 1;
      this.#noteEdgeExtras(edge);
      edges.push({
        ...(edge.isUserDefinedId && edge.id !== undefined ? { id: edge.id } : {}),
        from: this.#subgraphEnd(edge.start, "exit")!,
        to: this.#subgraphEnd(edge.end, "entry")!,
        ...(label === undefined ? {} : { label }),
        ...(line === "solid" ? {} : { line }),
        ...(start === "none" ? {} : { start }),
        ...(heads.end === "arrow" ? {} : { end: heads.end }),
      });
    });
    if (invisible > 0) {
      this.#notes.add(
        `ignored: ${invisible} invisible link${
          invisible === 1 ? " (~~~), which only steers" : "s (~~~), which only steer"
        } ` +
          "Mermaid's own layout",
      );
    }
    if (lengthened) {
      this.#notes.add("ignored: longer links (---->): the layout spaces the ranks itself");
    }
    if (ignoredLinkStyles.size > 0) {
      this.#notes.add(
        `ignored: linkStyle ${[...ignoredLinkStyles].join(", ")} (links are drawn in one ` +
          "colour and width; stroke-dasharray draws a dashed line)",
      );
    }
    if (model.defaultInterpolate !== undefined) this.#noteCurves();
    for (const comment of [...comments.values()].sort((a, b) => a.index - b.index)) {
      this.#notes.add(
        `ignored: the comment ${JSON.stringify(comment.text)}, which matches no link ` +
          `(link ${comment.index} is not ${comment.from} → ${comment.to} with no start head)`,
      );
    }
    return edges;
  }

  #noteEdgeExtras(edge: FlowEdge): void {
    if (edge.animate !== undefined || edge.animation !== undefined) {
      this.#notes.add("ignored: link animation");
    }
    if (edge.interpolate !== undefined) this.#noteCurves();
  }

  #noteCurves(): void {
    this.#notes.add("ignored: link curves (links are drawn with right angles)");
  }

  /** What the chart as a whole says that is not drawn. */
  #noteChart(): void {
    const model = this.#model;
    if (model.tooltips.size > 0) {
      this.#notes.add("ignored: click (links and callbacks on nodes are not drawn)");
    }
    if (model.title !== undefined) {
      this.#notes.add("ignored: title (the chart's title is not drawn)");
    }
    if (model.accTitle !== undefined) this.#notes.add("ignored: accTitle (accessibility title)");
    if (model.accDescr !== undefined) {
      this.#notes.add("ignored: accDescr (accessibility description)");
    }
    const { directive, configuration } = scanHeader(this.#text);
    if (configuration) {
      this.#notes.add("ignored: front matter settings other than the title (config, …)");
    }
    if (directive) this.#notes.add("ignored: %%{ … }%% directives (Mermaid's settings)");
  }
}

function noteLinkStyles(styles: readonly string[], ignored: Set<string>): void {
  for (const style of styles) {
    const colon = style.indexOf(":");
    if (colon === -1) continue;
    const property = style.slice(0, colon).trim().toLowerCase();
    const value = style.slice(colon + 1).trim().toLowerCase();
    // The parser adds fill:none to every styled link, as Mermaid does.
    if (property === "stroke-dasharray" || (property === "fill" && value === "none")) continue;
    if (property !== "") ignored.add(property.slice(0, 40));
  }
}

function direction(value: string | undefined): Direction | undefined {
  const flow = value?.trim() === "TD" ? "TB" : value?.trim();
  return (DIRECTIONS as readonly (string | undefined)[]).includes(flow)
    ? flow as Direction
    : undefined;
}

/** Whether the chart has front matter settings beyond a title, and %%{ … }%% directives. */
function scanHeader(text: string): { directive: boolean; configuration: boolean } {
  let directive = false;
  let configuration = false;
  const lines = text.split("\n");
  let at = 0;
  while (at < lines.length && lines[at].trim() === "") at++;
  if (lines[at]?.trim() === "---") {
    for (at++; at < lines.length && lines[at].trim() !== "---"; at++) {
      const line = lines[at];
      // Keys at the top level other than title; nested lines belong to the key above.
      const topLevel = line.length > 0 && line[0] !== " " && line[0] !== "\t";
      if (topLevel && line.trim() !== "" && !line.startsWith("title:")) configuration = true;
    }
  }
  for (const line of lines) {
    if (line.trimStart().startsWith("%%{")) {
      directive = true;
      break;
    }
  }
  return { directive, configuration };
}

/** Ids in a note: the first few, then how many more. */
function listIds(ids: string[]): string {
  const shown = ids.slice(0, 3).map(short).join(", ");
  return ids.length > 3 ? `${shown} and ${ids.length - 3} more` : shown;
}

function short(id: string): string {
  return describeValue(id);
}

/**
 * parseSpec's paths as the chart names things: `nodes[3].label: …` → `node "db" label: …`,
 * `edges[2]` → `edge a --> b`, `groups[0]` → `subgraph "api"`; the rest is the chart's.
 */
function chartPath(spec: DiagramSpec): (error: string) => string {
  return (error) => {
    const match = /^(nodes|edges|groups)\[(\d+)\](.*)$/s.exec(error);
    if (match === null) {
      if (error.startsWith("spec:")) return `the chart${error.slice(4)}`;
      return `the chart's ${error.startsWith("groups") ? `subgraphs${error.slice(6)}` : error}`;
    }
    const [, list, position, rest] = match;
    const index = Number(position);
    const where = list === "nodes"
      ? `node ${short(spec.nodes[index]?.id ?? "")}`
      : list === "edges"
      ? `edge ${clip(spec.edges[index]?.from)} --> ${clip(spec.edges[index]?.to)}`
      : `subgraph ${short(spec.groups?.[index]?.id ?? "")}`;
    const field = rest.startsWith(".") ? rest.slice(1) : rest;
    return `${where}${field.startsWith(":") ? "" : " "}${field}`;
  };
}

function clip(id: string | undefined): string {
  if (id === undefined) return "?";
  return id.length > 40 ? `${id.slice(0, 39)}…` : id;
}

// ── Errors from the parser ─────────────────────────────────────────────────────────────────

function describeFailure(error: unknown, text: string): string {
  if (!(error instanceof PeleError)) {
    const message = error instanceof Error ? error.message : String(error);
    return `the chart could not be read: ${firstLine(message)}`;
  }
  switch (error.code) {
    case "unsupported-diagram":
      return /Diagram type "/.test(error.message) ? otherChart(text) : noChartType(text);
    case "syntax":
      return describeSyntaxError(error, text);
    case "limit":
      return error.message.includes("Edge")
        ? `the chart has more than ${MAX_PARSED_LINKS} links; at most ${SPEC_LIMITS.maxEdges} ` +
          "are drawn"
        : `the chart is ${text.length} characters long; at most ${MERMAID_LIMITS.maxLength} ` +
          "are read";
    default: {
      const shape = /^No such shape: (.*?)\.( Shape names should be lowercase\.)?$/s.exec(
        firstLine(error.message),
      );
      const linkStyle =
        /^The index (\d+) for linkStyle is out of bounds\. Valid indices for linkStyle are between 0 and (-?\d+)/
          .exec(error.message);
      const message = shape !== null
        ? `unknown shape ${describeValue(shape[1])} in @{ shape: … }` +
          (shape[2] === undefined ? "" : " (shape names are lower case)")
        : linkStyle !== null
        ? `linkStyle ${linkStyle[1]} names no link: the chart has ${Number(linkStyle[2]) + 1} ` +
          "(numbered from 0, in the order they are written)"
        : firstLine(error.message);
      return error.line > 0 ? `line ${error.line}: ${message}` : message;
    }
  }
}

function firstLine(message: string): string {
  const line = message.split("\n", 1)[0];
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The chart type as written: the first word after front matter, blank lines and comments. */
function chartTypeWord(text: string): string | null {
  const lines = text.split("\n");
  let at = 0;
  while (at < lines.length && lines[at].trim() === "") at++;
  if (lines[at]?.trim() === "---") {
    for (at++; at < lines.length && lines[at].trim() !== "---"; at++);
    at++;
  }
  for (; at < lines.length; at++) {
    const line = lines[at].trim();
    if (line === "" || line.startsWith("%%")) continue;
    let end = 0;
    while (end < line.length && end < 60 && line[end] !== ";" && line[end].trim() !== "") end++;
    return line.slice(0, end);
  }
  return null;
}

const FLOWCHART_WORDS = new Set(["flowchart", "graph", "flowchart-elk"]);

function otherChart(text: string): string {
  const word = chartTypeWord(text);
  if (word === null) return EMPTY_CHART;
  return `${describeValue(word)} charts are not supported: only flowcharts ("flowchart" or ` +
    '"graph") are';
}

function noChartType(text: string): string {
  const word = chartTypeWord(text);
  if (word === null) return EMPTY_CHART;
  if (FLOWCHART_WORDS.has(word.toLowerCase())) {
    return `${describeValue(word)}: chart types are written in lower case ("flowchart" or ` +
      '"graph")';
  }
  return 'the chart does not start with its type: expected "flowchart" or "graph" (then a ' +
    `direction such as TB or LR), found ${describeValue(word)}`;
}

/** The parser's token names in plain words; a name missing here is shown as it is. */
const TOKEN_WORDS: Readonly<Record<string, string>> = {
  NODE_STRING: "a node id",
  EOF: "the end of the chart",
  $end: "the end of the chart",
  NEWLINE: "a line break",
  SEMI: '";"',
  SPACE: "a space",
  AMP: '"&"',
  COLON: '":"',
  COMMA: '","',
  PIPE: '"|"',
  MINUS: '"-"',
  STYLE_SEPARATOR: '":::"',
  SQS: '"["',
  SQE: '"]"',
  PS: '"("',
  PE: '")"',
  DIAMOND_START: '"{"',
  DIAMOND_STOP: '"}"',
  STADIUMSTART: '"(["',
  STADIUMEND: '"])"',
  SUBROUTINESTART: '"[["',
  SUBROUTINEEND: '"]]"',
  CYLINDERSTART: '"[("',
  CYLINDEREND: '")]"',
  DOUBLECIRCLESTART: '"((("',
  DOUBLECIRCLEEND: '")))"',
  ELLIPSE_START: '"(-"',
  ELLIPSE_END: '"-)"',
  TRAPSTART: '"[/"',
  TRAPEND: '"\\]"',
  INVTRAPSTART: '"[\\"',
  INVTRAPEND: '"/]"',
  // Inside a label: an HTML tag is text as far as the author is concerned.
  TAGSTART: "text",
  TAGEND: "text",
  VERTEX_WITH_PROPS_START: '"[|"',
  SHAPE_DATA: "@{ … }",
  TEXT: "text",
  UNICODE_TEXT: "text",
  STR: "a quoted label",
  MD_STR: "a markdown label",
  EDGE_TEXT: "a link's text",
  LINK: "a link such as -->",
  START_LINK: "a link such as -- text -->",
  LINK_ID: "a link id",
  DIR: "a direction (TB, BT, LR or RL)",
  DIRECTION_TB: "a direction",
  GRAPH: '"flowchart" or "graph"',
  end: '"end"',
  subgraph: '"subgraph"',
  STYLE: '"style"',
  LINKSTYLE: '"linkStyle"',
  CLASSDEF: '"classDef"',
  CLASS: '"class"',
  CLICK: '"click"',
  CALLBACKNAME: '"call"',
  HREF: '"href"',
  LINK_TARGET: "a link target such as _blank",
  INTERPOLATE: '"interpolate"',
  DEFAULT: '"default"',
  NUM: "a number",
  acc_title: '"accTitle"',
  acc_descr: '"accDescr"',
  acc_descr_multiline_value: '"accDescr { … }"',
};

/** Past this many, "expected …" lists say nothing a person can use. */
const MAX_EXPECTED = 6;

function describeSyntaxError(error: PeleError, text: string): string {
  const message = error.message;
  const where = error.line > 0 ? `line ${error.line}, column ${error.column}: ` : "";
  let what: string;
  const expecting = message.indexOf("Expecting ");
  const got = message.lastIndexOf(", got '");
  if (message.startsWith("Lexical error")) {
    what = "this text is not part of Mermaid's flowchart syntax";
  } else if (expecting !== -1 && got > expecting) {
    const names = quotedNames(message.slice(expecting, got));
    const foundName = quotedNames(message.slice(got))[0] ?? "?";
    const unclosed = unclosedLabelError(error, text, names, foundName);
    if (unclosed !== null) return unclosed;
    const expected = [...new Set(names.map(tokenWords))];
    const found = tokenWords(foundName);
    what = expected.length > MAX_EXPECTED || expected.length === 0
      ? `unexpected ${found}`
      : `expected ${orList(expected)}, found ${found}`;
  } else {
    what = firstLine(message);
  }
  return `${where}${what}${excerpt(text, error.line, error.column)}`;
}

/**
 * A label left open (a `{` never closed, say), told where it opened rather than where the parser
 * gave up: at the end of the chart or lines later. Null for any other error, and for a wrong
 * bracket on the label's own line, which the parser's place already shows.
 */
function unclosedLabelError(
  error: PeleError,
  text: string,
  expected: string[],
  found: string,
): string | null {
  const atEnd = found === "$end" || found === "EOF";
  const label = unclosedLabel(text, offsetOf(text, error.line, error.column), expected);
  if (label === null || (!atEnd && label.line >= error.line)) return null;
  const before = atEnd
    ? "the end of the chart"
    : `${tokenWords(found)} on line ${error.line}, column ${error.column}`;
  return `line ${label.line}, column ${label.column}: "${label.open}" is not closed: expected ` +
    `"${label.close}" before ${before}${excerpt(text, label.line, label.column)}`;
}

/** The names between single quotes: `'SQE', 'TEXT'` → SQE, TEXT. */
function quotedNames(text: string): string[] {
  const names: string[] = [];
  for (let open = text.indexOf("'"); open !== -1; open = text.indexOf("'", open)) {
    const close = text.indexOf("'", open + 1);
    if (close === -1) break;
    names.push(text.slice(open + 1, close));
    open = close + 1;
  }
  return names;
}

function tokenWords(name: string): string {
  return Object.hasOwn(TOKEN_WORDS, name) ? TOKEN_WORDS[name] : name;
}

function orList(items: string[]): string {
  return items.length === 1
    ? items[0]
    : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

/** Characters of the offending line shown either side of the column. */
const EXCERPT_REACH = 40;

/** The offending line and a caret under the column, clipped around it on long lines. */
function excerpt(text: string, line: number, column: number): string {
  if (line < 1) return "";
  let start = 0;
  for (let at = 1; at < line; at++) {
    const next = text.indexOf("\n", start);
    if (next === -1) return "";
    start = next + 1;
  }
  const end = text.indexOf("\n", start);
  const source = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, "")
    .replaceAll("\t", " ");
  const at = Math.min(Math.max(0, column - 1), source.length);
  const from = Math.max(0, at - EXCERPT_REACH);
  const to = Math.min(source.length, at + EXCERPT_REACH);
  const shown = (from > 0 ? "…" : "") + source.slice(from, to) + (to < source.length ? "…" : "");
  const caret = " ".repeat((from > 0 ? 1 : 0) + at - from) + "^";
  return `\n  ${shown}\n  ${caret}`;
}
