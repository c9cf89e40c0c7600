// The `spec` argument: published with its full JSON Schema so models see the structure, but
// checked by the tool itself so every problem comes back at once with its path.
import { z } from "zod";
import { diagramSpecSchema } from "../../../shared/spec.ts";

export const specDescription =
  "The diagram's structure. The server computes all geometry (layout, box sizes, arrow routes): " +
  "never send coordinates. layout: TB (top to bottom) or LR (left to right). nodes: " +
  "[{id, label, shape?: rectangle|rounded|ellipse|diamond, color?: palette name or #rrggbb}]. " +
  "edges: [{from, to, label?, id?, line?: solid|dashed|dotted|thick, start?, end?: " +
  "none|arrow|circle|cross}] naming node ids (an edge id names it for later patches; " +
  'the default is "from->to"; heads default to start none, end arrow). Example: {"layout":"TB","nodes":[{"id":"api",' +
  '"label":"API"},{"id":"db","label":"Database","shape":"ellipse","color":"blue"}],' +
  '"edges":[{"from":"api","to":"db","label":"reads"}]}';

export const documentedSpec = diagramSpecSchema.describe(specDescription);
export const lenientSpec = z.unknown();
