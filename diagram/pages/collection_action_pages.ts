// The small pages behind a collection's actions: rename, move under another collection (or to the
// top), and delete, which asks where what it holds should go; nothing is deleted with it.
import { type Html, html } from "../../runtime/markup.ts";
import type { CollectionSummary } from "../service/collections.ts";
import { type CollectionTree, pathTo } from "./collection_tree.ts";
import { formPage, renameForm } from "./layout.ts";
import { moveSelect } from "./move_select.ts";

/** A collection and where its action form returns to. */
export interface CollectionActionView {
  email: string;
  tree: CollectionTree;
  collection: CollectionSummary;
  problem?: string;
}

function actionPage(view: CollectionActionView, title: string, body: Html): string {
  const { collection } = view;
  const back = html`<a href="/c/${collection.id}">← Back to ${collection.name}</a>`;
  return formPage({ title, email: view.email, back, problem: view.problem, body });
}

/** The form that renames a collection. */
export function renameCollectionPage(view: CollectionActionView): string {
  const { collection } = view;
  return actionPage(
    view,
    `Rename ${collection.name}`,
    renameForm({ action: `/c/${collection.id}/rename`, name: collection.name }),
  );
}

/** The form that moves a collection under another one, or to the top. */
export function moveCollectionPage(view: CollectionActionView): string {
  const { collection } = view;
  return actionPage(
    view,
    `Move ${collection.name}`,
    html`
      <h1>Move “${collection.name}”</h1>
      <form method="post" action="/c/${collection.id}/move" class="inline-form">
        <label for="parentId">Inside</label>
        ${moveSelect(view.tree, {
          name: "parentId",
          none: "Top level",
          selected: collection.parentId,
          // Not into itself, nor anything under it.
          skip: (candidate) => candidate.id === collection.id,
        })}
        <p class="form-actions"><button type="submit" class="primary">Move</button></p>
      </form>
    `,
  );
}

/** The confirmation before deleting a collection, saying where its contents go. */
export function confirmDeleteCollectionPage(view: CollectionActionView): string {
  const { collection } = view;
  const parent = collection.parentId === null
    ? undefined
    : pathTo(view.tree, collection.parentId).at(-1);
  const holds = describeContents(collection);
  return actionPage(
    view,
    `Delete ${collection.name}`,
    html`
      <h1>Delete “${collection.name}”?</h1>
      <form method="post" action="/c/${collection.id}/delete">
        ${holds === null
          ? html`<p>It is empty.</p><input type="hidden" name="contents" value="none">`
          : parent === undefined
          ? html`
            <p>It holds ${holds}. They move out, not away: its diagrams to <b>No
                        collection</b>, its collections to the top level.</p>
            <input type="hidden" name="contents" value="none">
          `
          : html`
            <fieldset>
              <legend>It holds ${holds}. Where should they go?</legend>
              <label class="choice"><input type="radio" name="contents" value="parent" checked>
                Into “${parent.name}”, the collection around it</label>
              <label class="choice"><input type="radio" name="contents" value="none">
                Out of every collection (its collections to the top level)</label>
            </fieldset>
          `}
        <p class="actions">
          <button type="submit" class="primary">Delete the collection</button>
          <a class="button" href="/c/${collection.id}">Keep it</a>
        </p>
      </form>
    `,
  );
}

/** "3 diagrams and 1 collection", or null when empty. */
function describeContents(collection: CollectionSummary): string | null {
  const parts = [
    [collection.diagramCount, "diagram"],
    [collection.collectionCount, "collection"],
  ].filter(([count]) => count !== 0).map(([count, noun]) =>
    `${count} ${noun}${count === 1 ? "" : "s"}`
  );
  return parts.length === 0 ? null : parts.join(" and ");
}
