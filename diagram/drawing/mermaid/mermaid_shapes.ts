// Mermaid flowchart shapes and the spec's: one table read both ways. A spec shape is written with
// its bracket form (readable in any Mermaid version); a chart's node is read from either its
// bracket form or a Mermaid 11 `@{ shape: … }` name, as the parser reports it in the node's `type`.
import type { Shape } from "../spec.ts";

export interface MermaidShape {
  shape: Shape;
  /** The brackets a node of this shape is written with, around its quoted label. */
  open: string;
  close: string;
  /** The parser's `type` for the bracket form. */
  bracketType: string;
  /** Mermaid 11's `@{ shape: … }` names and aliases drawn as this shape. */
  names: readonly string[];
}

/** Every spec shape, in SHAPES' order, with how Mermaid spells it. */
export const MERMAID_SHAPES: readonly MermaidShape[] = [
  {
    shape: "rectangle",
    open: "[",
    close: "]",
    bracketType: "square",
    names: ["rect", "rectangle", "proc", "process"],
  },
  { shape: "rounded", open: "(", close: ")", bracketType: "round", names: ["rounded", "event"] },
  { shape: "ellipse", open: "(-", close: "-)", bracketType: "ellipse", names: [] },
  {
    shape: "diamond",
    open: "{",
    close: "}",
    bracketType: "diamond",
    names: ["diam", "diamond", "decision", "question"],
  },
  { shape: "circle", open: "((", close: "))", bracketType: "circle", names: ["circle", "circ"] },
  {
    shape: "stadium",
    open: "([",
    close: "])",
    bracketType: "stadium",
    names: ["stadium", "pill", "terminal"],
  },
  {
    shape: "subroutine",
    open: "[[",
    close: "]]",
    bracketType: "subroutine",
    names: ["subproc", "subprocess", "subroutine", "fr-rect", "framed-rectangle"],
  },
  {
    shape: "cylinder",
    open: "[(",
    close: ")]",
    bracketType: "cylinder",
    names: ["cyl", "cylinder", "db", "database"],
  },
  {
    shape: "hexagon",
    open: "{{",
    close: "}}",
    bracketType: "hexagon",
    names: ["hex", "hexagon", "prepare"],
  },
  {
    shape: "parallelogram",
    open: "[/",
    close: "/]",
    bracketType: "lean_right",
    names: ["lean-r", "lean-right", "in-out"],
  },
  {
    shape: "parallelogram-alt",
    open: "[\\",
    close: "\\]",
    bracketType: "lean_left",
    names: ["lean-l", "lean-left", "out-in"],
  },
  {
    shape: "trapezoid",
    open: "[/",
    close: "\\]",
    bracketType: "trapezoid",
    names: ["trap-b", "trapezoid-bottom", "priority", "trapezoid"],
  },
  {
    shape: "trapezoid-alt",
    open: "[\\",
    close: "/]",
    bracketType: "inv_trapezoid",
    names: ["trap-t", "trapezoid-top", "manual", "inv-trapezoid"],
  },
  { shape: "flag", open: ">", close: "]", bracketType: "odd", names: ["odd"] },
];

/**
 * Mermaid shapes the spec has no shape for, drawn as the closest one it has; the chart's notes
 * name each. Any shape missing here (Mermaid has dozens: documents, clouds, bolts, forks …) is
 * drawn as a rectangle, the shape Mermaid itself falls back to.
 */
export const MERMAID_CLOSEST_SHAPES: Readonly<Record<string, Shape>> = {
  // A double circle ((( ))) is a circle with a ring around it.
  doublecircle: "circle",
  "dbl-circ": "circle",
  "double-circle": "circle",
  "sm-circ": "circle",
  "small-circle": "circle",
  start: "circle",
  "fr-circ": "circle",
  "framed-circle": "circle",
  stop: "circle",
  "f-circ": "circle",
  "filled-circle": "circle",
  junction: "circle",
  "cross-circ": "circle",
  "crossed-circle": "circle",
  summary: "circle",
  cloud: "ellipse",
  bang: "ellipse",
  "h-cyl": "cylinder",
  "horizontal-cylinder": "cylinder",
  das: "cylinder",
  "lin-cyl": "cylinder",
  "lined-cylinder": "cylinder",
  disk: "cylinder",
  datastore: "cylinder",
  "data-store": "cylinder",
  delay: "rounded",
  "half-rounded-rectangle": "rounded",
  choice: "diamond",
};

/** The parser's `type` (bracket form or shape name) → the spec shape, for exact matches. */
const EXACT = new Map<string, Shape>(
  MERMAID_SHAPES.flatMap(({ shape, bracketType, names }) =>
    [bracketType, ...names].map((type) => [type, shape] as const)
  ),
);

const BY_SHAPE = new Map(MERMAID_SHAPES.map((entry) => [entry.shape, entry]));

/**
 * The spec shape a chart's node is drawn as: `exact` when the spec has that very shape, otherwise
 * the closest (a rectangle unless the table above says better). A node without a shape is
 * Mermaid's default rectangle.
 */
export function shapeOfMermaidType(type: string | undefined): { shape: Shape; exact: boolean } {
  if (type === undefined) return { shape: "rectangle", exact: true };
  const exact = EXACT.get(type);
  if (exact !== undefined) return { shape: exact, exact: true };
  const closest = Object.hasOwn(MERMAID_CLOSEST_SHAPES, type)
    ? MERMAID_CLOSEST_SHAPES[type]
    : "rectangle";
  return { shape: closest, exact: false };
}

/** The brackets a spec shape is written with. */
export function mermaidBrackets(shape: Shape): { open: string; close: string } {
  const entry = BY_SHAPE.get(shape) ?? MERMAID_SHAPES[0];
  return { open: entry.open, close: entry.close };
}
