// How much room a layout leaves between things: the usual spacing, and a tight one for drawings
// too small to read on the screen with it (layout.ts tries it second, or at once for big graphs).
import type { LayoutInput } from "./layout_types.ts";

/** Between the ends of edges on one side of a node, and between bundled copies of an edge. */
export const EDGE_SPACING = 18;

/**
 * Room between the nodes of a layer, between layers, between edges running side by side across
 * the flow between two layers or round a fold (`channel`), and the most padding a group keeps
 * between its border and its members where its title is not.
 */
export interface Spacing {
  node: number;
  layer: number;
  /**
   * Whether the label gap (LayoutInput.labelGap) is added to `layer` or only the least room
   * between layers. Either way edges bend half of it from the nodes, so a label centred on a
   * segment across the flow clears them; a label on an edge straight through a gap needs the
   * gap itself, no more.
   */
  labelGapAdded: boolean;
  channel: number;
  groupPadding: number;
}

export const ROOMY: Spacing = {
  node: 40,
  layer: 60,
  labelGapAdded: true,
  channel: EDGE_SPACING,
  groupPadding: Infinity,
};

/**
 * For drawings too small to read at ROOMY: the build graph went from 9.2 to 10.7 px at the
 * editor's fit, the nested microservices from 7.1 to 9.5. Edges still leave and enter nodes
 * EDGE_SPACING apart (an arrowhead's length), and bend as far from them as at ROOMY: closer, the
 * scene's arrow ends ran back over their own bends. Nodes 20 apart and padding 8 gained 3 % more,
 * too little for how crowded it looked.
 */
export const TIGHT: Spacing = {
  node: 25,
  layer: 30,
  labelGapAdded: false,
  channel: 10,
  groupPadding: 12,
};

/**
 * The input with its groups' padding cut to the spacing's: all round for an outermost group
 * (Excalidraw draws a frame's name above it), all but the top for a nested one, whose title the
 * top holds.
 */
export function withGroupPadding(input: LayoutInput, { groupPadding }: Spacing): LayoutInput {
  if (input.groups === undefined || groupPadding === Infinity) return input;
  const cut = (side: number) => Math.min(side, groupPadding);
  return {
    ...input,
    groups: input.groups.map((group) => {
      const { top, right, bottom, left } = group.padding;
      const padding = {
        top: group.parent === undefined ? cut(top) : top,
        right: cut(right),
        bottom: cut(bottom),
        left: cut(left),
      };
      return { ...group, padding };
    }),
  };
}
