// What a layout takes and gives: nodes, edges and groups in, placed boxes and routed edges out.
// Apart from layout.ts so that its helpers (compact_gaps.ts) and the scene can name them without
// importing the ELK driver.
import type { Direction } from "../spec.ts";

/** A node to place: its size is the scene's, measured from its label. */
export interface LayoutNode {
  id: string;
  width: number;
  height: number;
  /** The innermost group the node is drawn in. */
  group?: string;
}

/** A box drawn around its members: nodes naming it and groups naming it as their parent. */
export interface LayoutGroup {
  id: string;
  parent?: string;
  /** Its own flow: followed when no edge crosses its border, else the parent's flow is. */
  direction?: Direction;
  /** Room between the border and the members; the title lives in it. */
  padding: { top: number; right: number; bottom: number; left: number };
  /** At least this wide, so the title fits. */
  minWidth: number;
}

/** In spec direction. */
export interface LayoutEdge {
  id: string;
  from: string;
  to: string;
  /**
   * The label the scene will centre on this arrow. Only a self-loop's is used: the loop and
   * the node's neighbours move away to make room for it. ELK never sees labels, because label
   * dummy nodes would change the layers.
   */
  label?: { width: number; height: number };
}

/** Absolute, top-left. */
export interface PlacedNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Absolute points from the `from` node's border to the `to` node's border. */
export interface RoutedEdge {
  id: string;
  points: [number, number][];
}

/** Where everything went: boxes, routes, each node's layer and the groups' borders. */
export interface Layout {
  nodes: Map<string, PlacedNode>;
  edges: Map<string, RoutedEdge>;
  /**
   * Layer per node id: equal to longestPathLayers' ranks when there are no groups; with groups,
   * read from the positions.
   */
  layers: Map<string, number>;
  /** Absolute, top-left, per group id: the border drawn around the members. */
  groups: Map<string, PlacedNode>;
}

/** What to lay out, and which way the flow runs. */
export interface LayoutInput {
  direction: Direction;
  nodes: LayoutNode[];
  edges: LayoutEdge[];
  /** Parents before or after their children, in any order; validated by the spec. */
  groups?: LayoutGroup[];
  /**
   * Extra room between layers for the largest edge label: its size along the direction plus
   * the clearance wanted on both sides. Edges also bend at least half of it from the nodes.
   */
  labelGap?: number;
}
