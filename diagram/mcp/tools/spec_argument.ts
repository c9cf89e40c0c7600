// The `spec` argument: published with its full JSON Schema so models see the structure, but
// checked by the tool itself so every problem comes back at once with its path.
import { z } from "zod";
import { diagramSpecSchema } from "../../drawing/spec.ts";

/** What agents read about the `spec` argument: its structure and an example. */
export const specDescription =
  "The diagram's structure. The server computes all geometry (layout, box sizes, arrow routes): " +
  "never send coordinates. layout: TB (top to bottom), BT, LR (left to right) or RL. nodes: " +
  "[{id, label, shape?, color?: palette name or #rrggbb (the fill), stroke?: the outline, " +
  "group?: a group id}]; shapes: rectangle, rounded, ellipse, diamond, circle, and flowchart " +
  "shapes drawn as the closest Excalidraw shape (stadium, subroutine, cylinder, hexagon, " +
  "parallelogram, parallelogram-alt, trapezoid, trapezoid-alt, flag). edges: [{from, to, label?, " +
  "id?, line?: solid|dashed|dotted|thick, start?, end?: none|arrow|circle|cross}] naming node " +
  'ids (an edge id names it for later patches; the default is "from->to"; heads default to ' +
  "start none, end arrow). groups (optional): [{id, label?, parent?, direction?}], boxes drawn " +
  "around their nodes (Mermaid's subgraphs). Example: " +
  '{"layout":"TB","groups":[{"id":"backend","label":"Backend"}],"nodes":[{"id":"api",' +
  '"label":"API","group":"backend"},{"id":"db","label":"Database","shape":"cylinder",' +
  '"color":"blue","group":"backend"}],"edges":[{"from":"api","to":"db","label":"reads"}]}';

/** The `spec` argument as published, with its full JSON Schema. */
export const documentedSpec = diagramSpecSchema.describe(specDescription);
/** The `spec` argument as validated: anything, so the tool reports every problem with its path. */
export const lenientSpec = z.unknown();
