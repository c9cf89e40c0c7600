// The `mermaid` argument of create_diagram and update_diagram: a Mermaid flowchart instead of a
// spec. Published as a string with what the server draws of it; checked by the service (a chart
// that does not parse comes back with every error, each with its line and column), so the runtime
// schema takes anything and the tool's own answer says what was wrong.
import { z } from "zod";
import { MERMAID_LIMITS } from "../../service/mermaid_diagrams.ts";

/** What agents read about the `mermaid` argument: the syntax drawn and what is refused. */
export const mermaidDescription = "Instead of spec: the diagram as Mermaid flowchart text, e.g. " +
  '"flowchart LR\\n  api[API] -->|reads| db[(Database)]". The server reads it into a spec and ' +
  "lays it out itself (Mermaid's own positions are never used). Read: flowchart or graph with " +
  "TB/TD/BT/LR/RL; node shapes [rect], (rounded), (-ellipse-), {diamond}, ((circle)), " +
  "([stadium]), [[subroutine]], [(cylinder)], {{hexagon}}, [/parallelogram/], [\\alt\\], " +
  "[/trapezoid\\], [\\alt/], >flag], and @{ shape: … } (other Mermaid shapes are drawn as the " +
  "closest); links -->, ---, -.->, ==>, with o or x heads, both ends (<-->) and labels " +
  "(-->|text| or -- text -->); subgraphs, nested and with their own direction, become groups; " +
  "fill and stroke colours from style, classDef and class. What is not drawn (click, " +
  "linkStyle, invisible ~~~ links, icons, titles, directives, markdown emphasis) is ignored and " +
  "named in the answer's notes. Other chart types (sequenceDiagram, classDiagram…), links that " +
  "end at a subgraph and syntax errors are refused with the line and column; nothing is saved " +
  "then. get_diagram returns the current diagram as Mermaid too.";

/** The `mermaid` argument as published. */
export const documentedMermaid = z.string().max(MERMAID_LIMITS.maxLength).describe(
  mermaidDescription,
);
/** The `mermaid` argument as validated: anything, so the tool reports every problem itself. */
export const lenientMermaid = z.unknown();

/** The arguments that carry a drawing, named as the agent sent them: ["spec", "mermaid"]. */
export function sentArguments(
  input: Record<string, unknown>,
  names: readonly string[],
): string[] {
  return names.filter((name) => input[name] !== undefined);
}
