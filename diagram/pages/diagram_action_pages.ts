// The small pages behind a diagram's actions (from its card menu or its own page): rename, move to
// a collection, and the confirm step before a delete (to the trash). Each is a plain form that returns to `back`.
import { type Html, html } from "../../runtime/markup.ts";
import type { DiagramView } from "../service/diagrams.ts";
import type { CollectionTree } from "./collection_tree.ts";
import { formPage, renameForm } from "./layout.ts";
import { moveSelect } from "./move_select.ts";

/** A diagram and where its action form returns to. */
export interface DiagramActionView {
  email: string;
  diagram: DiagramView;
  /** Where the form returns (a same-origin path). */
  back: string;
  problem?: string;
}

function actionPage(view: DiagramActionView, title: string, body: Html): string {
  const back = html`<a href="${view.back}">← Back</a>`;
  return formPage({ title, email: view.email, back, problem: view.problem, body });
}

/** The form that renames a diagram. */
export function renameDiagramPage(view: DiagramActionView): string {
  return actionPage(
    view,
    `Rename ${view.diagram.name}`,
    renameForm({
      action: `/d/${view.diagram.id}/rename`,
      name: view.diagram.name,
      back: view.back,
    }),
  );
}

/** The form that moves a diagram into a collection, or out of every one. */
export function moveDiagramPage(view: DiagramActionView & { tree: CollectionTree }): string {
  return actionPage(
    view,
    `Move ${view.diagram.name}`,
    html`
      <h1>Move “${view.diagram.name}”</h1>
      ${view.tree.byId.size === 0
        ? html`<p>There are no collections yet: create one in the <a href="/">gallery</a> first.</p>`
        : html`
          <form method="post" action="/d/${view.diagram.id}/move" class="inline-form">
            <input type="hidden" name="back" value="${view.back}">
            <label for="collectionId">Collection</label>
            ${moveSelect(view.tree, {
              name: "collectionId",
              none: "No collection",
              selected: view.diagram.collectionId,
            })}
            <p class="form-actions"><button type="submit" class="primary">Move</button></p>
          </form>
        `}
    `,
  );
}

/** The confirmation before moving a diagram to the trash. */
export function confirmDeleteDiagramPage(view: DiagramActionView): string {
  return actionPage(
    view,
    `Delete ${view.diagram.name}`,
    html`
      <h1>Delete “${view.diagram.name}”?</h1>
      <p>It moves to the <a href="/trash">trash</a>, history and all, where you can restore it
        until it is deleted for good.</p>
      <form method="post" action="/d/${view.diagram.id}/delete" class="actions">
        <input type="hidden" name="back" value="${view.back}">
        <button type="submit" class="primary">Delete</button>
        <a class="button" href="${view.back}">Keep it</a>
      </form>
    `,
  );
}
