// The sidebar of the gallery pages: every collection as a nested list of links, the one shown
// marked as current. With JavaScript on, gallery.js makes every link to a collection (and to "No
// collection", /c/none) a drop target for a dragged card.
import { attrs, type Html, html } from "../../runtime/markup.ts";
import type { CollectionTree, TreeNode } from "./collection_tree.ts";

/**
 * What the page shows: everything, the diagrams in no collection, the trash, or one collection's
 * id (ids never read "trash": they are random).
 */
export type Shown = "all" | "none" | "trash" | string;

/** The gallery's sidebar of collections (see above). */
export function collectionsSidebar(tree: CollectionTree, shown: Shown): Html {
  const link = (href: string, label: string, place: Shown, count?: number) => {
    const counted = count === undefined ? "" : countBadge(count);
    return html`<a${
      attrs({
        href,
        "aria-current": place === shown ? "page" : undefined,
      })
    }>${label}${counted}</a>`;
  };
  const branch = (nodes: TreeNode[]): Html =>
    html`<ul>${
      nodes.map(({ collection, children }) =>
        html`<li>${
          link(`/c/${collection.id}`, collection.name, collection.id, collection.diagramCount)
        }${children.length === 0 ? "" : branch(children)}</li>`
      )
    }</ul>`;
  return html`
    <nav class="sidebar" aria-label="Collections">
      <h2>Collections</h2>
      <ul>
        <li>${link("/", "All diagrams", "all")}</li>
        <li>${link("/c/none", "No collection", "none")}</li>
      </ul>
      ${tree.roots.length === 0 ? html`<p class="muted">None yet.</p>` : branch(tree.roots)}
      <ul class="sidebar-end">
        <li>${link("/trash", "Trash", "trash")}</li>
      </ul>
    </nav>
  `;
}

function countBadge(count: number): Html {
  return html`<span class="count">${count}</span>`;
}
