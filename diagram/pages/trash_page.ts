// /trash: deleted diagrams waiting to be restored or deleted for good (the upkeep does that itself
// after DIAGRAM_TRASH_DAYS), and the confirm step before deleting one for good. Plain forms.
import { type Html, html } from "../../runtime/markup.ts";
import type { TrashEntry } from "../service/trash.ts";
import type { CollectionTree } from "./collection_tree.ts";
import { formPage, noticeMessage, problemMessage, renderPage } from "./layout.ts";
import { timeAgo } from "./relative_time.ts";
import { collectionsSidebar } from "./sidebar.ts";

/** What the trash page shows. */
export interface TrashView {
  email: string;
  tree: CollectionTree;
  entries: TrashEntry[];
  /** How many days the trash keeps a diagram. */
  keepDays: number;
  nextPage?: string;
  paged: boolean;
  now: number;
  notice?: Html;
  problem?: string;
}

/** The trash: deleted diagrams, each with Restore and Delete for good. */
export function trashPage(view: TrashView): string {
  return renderPage({
    title: "Trash",
    email: view.email,
    sidebar: collectionsSidebar(view.tree, "trash"),
    main: html`
      ${problemMessage(view.problem)}
      ${noticeMessage(view.notice)}
      <h1>Trash</h1>
      <p class="muted">Deleted diagrams wait here for ${view.keepDays} days, history and all, then
        they are deleted for good. Restoring one puts it back in its collection.</p>
      ${view.entries.length === 0 && !view.paged
        ? html`<p class="empty">The trash is empty.</p>`
        : html`<ul class="cards">${view.entries.map((entry) => trashCard(entry, view))}</ul>`}
      ${view.nextPage
        ? html`
          <nav class="pages" aria-label="Pages">
            <ul>
              <li><a href="${view
                .nextPage}">More</a></li>
            </ul>
          </nav>
        `
        : ""}
    `,
  });
}

function trashCard(entry: TrashEntry, view: TrashView): Html {
  const place = entry.collectionId === null
    ? "No collection"
    : view.tree.byId.get(entry.collectionId)?.name ?? "No collection";
  const days = Math.max(0, Math.ceil((Date.parse(entry.purgeAt) - view.now) / 86_400_000));
  return html`
    <li class="card trashed">
      <img src="/api/trash/${entry.id}/thumbnail.svg" alt="" loading="lazy" width="280"
        height="180">
      <span class="details">
        <span class="name">${entry.name}</span>
        <span class="in">from ${place}</span>
        ${timeAgo(entry.trashedAt, view.now, "deleted ")}
        <span class="in">deleted for good ${days === 0
          ? "today"
          : days === 1
          ? "tomorrow"
          : `in ${days} days`}</span>
      </span>
      <div class="revision-actions card-actions">
        <form method="post" action="/trash/${entry.id}/restore"><button type="submit"
          class="primary">Restore<span class="visually-hidden"> ${entry
            .name}</span></button></form>
        <a class="button" href="/trash/${entry.id}/delete">Delete for good…<span
          class="visually-hidden"> ${entry.name}</span></a>
      </div>
    </li>
  `;
}

/** The confirmation before deleting a diagram for good. */
export function confirmPurgePage(view: { email: string; entry: TrashEntry }): string {
  return formPage({
    title: `Delete ${view.entry.name} for good`,
    email: view.email,
    back: html`<a href="/trash">← Trash</a>`,
    body: html`
      <h1>Delete “${view.entry.name}” for good?</h1>
      <p>The drawing and its whole history are deleted and cannot be brought back.</p>
      <form method="post" action="/trash/${view.entry.id}/delete" class="actions">
        <button type="submit" class="primary">Delete for good</button>
        <a class="button" href="/trash">Keep it in the trash</a>
      </form>
    `,
  });
}
