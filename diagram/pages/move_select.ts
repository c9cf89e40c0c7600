// The <select> of places a diagram or a collection can move to: a first choice for "nowhere in
// particular", then every collection indented under its parent.
import { attrs, type Html, html } from "../../runtime/markup.ts";
import type { CollectionSummary } from "../service/collections.ts";
import { type CollectionTree, flatten } from "./collection_tree.ts";

/** The <select> to build: its name, the first option's label, the current place, what to skip. */
export interface MoveSelect {
  name: string;
  /** The first option's label; its value is empty. */
  none: string;
  /** Where it is now; null for the first option. */
  selected: string | null;
  /** Collections it cannot move into, with everything under them. */
  skip?: (collection: CollectionSummary) => boolean;
}

/** The <select> of places to move to (see above). */
export function moveSelect(tree: CollectionTree, select: MoveSelect): Html {
  const options = flatten(tree, select.skip).map(({ collection, depth }) =>
    html`<option${attrs({ value: collection.id, selected: collection.id === select.selected })}>${
      "\u00a0\u00a0\u00a0".repeat(depth)
    }${collection.name}</option>`
  );
  return html`<select id="${select.name}" name="${select.name}">
    <option${attrs({ value: "", selected: select.selected === null })}>${select.none}</option>
    ${options}
  </select>`;
}
