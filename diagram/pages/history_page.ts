// A diagram's history: /d/:id/history lists the current drawing and every kept revision (thumbnail,
// who or what made it, when, how many elements) with Preview and Restore; /d/:id/history/:rev shows
// one revision beside the current drawing and lists what restoring it would add, remove and
// change. Plain links and forms: no script needed.
import { type Html, html } from "../../runtime/markup.ts";
import type { DiagramSource, DiagramView } from "../service/diagrams.ts";
import { madeBy, type RevisionMeta } from "../service/history.ts";
import type { ElementSummary, SceneDiff } from "../drawing/excalidraw/scene_diff.ts";
import { problemMessage, renderPage } from "./layout.ts";
import { timeAgo } from "./relative_time.ts";

/** What the history page shows: a diagram's revisions, a page of them. */
export interface HistoryView {
  email: string;
  diagram: DiagramView;
  revisions: RevisionMeta[];
  /** The link to older revisions, when there are more. */
  olderPage?: string;
  /** Not the first page. */
  paged: boolean;
  now: number;
  /** What the last action did, or why it did nothing. */
  notice?: string;
  problem?: string;
}

/** The history page: the diagram's revisions with who made each and when. */
export function historyPage(view: HistoryView): string {
  const { diagram } = view;
  const self = `/d/${diagram.id}/history`;
  return renderPage({
    title: `History of ${diagram.name}`,
    email: view.email,
    main: html`
      <p><a href="/d/${diagram.id}">← Back to “${diagram.name}”</a></p>
      ${problemMessage(view.problem)}
      ${view.notice ? html`<p class="message notice" role="status">${view.notice}</p>` : ""}
      <h1>History of “${diagram.name}”</h1>
      <p class="muted">Every change is kept: all of the last day, then one an hour for 30 days,
        then one a day. Restoring a revision makes it current again and keeps what it replaces,
        so a restore can be undone too.</p>
      <ol class="revisions">
        ${view.paged ? "" : currentRow(diagram, view.now)}
        ${view.revisions.map((revision) => revisionRow(diagram, revision, view.now))}
      </ol>
      ${view.revisions.length === 0 && !view.paged
        ? html`<p class="empty">No earlier revisions yet. From now on each change keeps the one
          before it here.</p>`
        : ""}
      ${historyPages(self, view)}
    `,
  });
}

/**
 * Links to the newest revisions (at `newest`) from a later page, and to older ones when there
 * are more; nothing on a history that fits one page. A share link's history pages use it too.
 */
export function historyPages(
  newest: string,
  view: { olderPage?: string; paged: boolean },
): Html | "" {
  if (!view.olderPage && !view.paged) return "";
  return html`
    <nav class="pages" aria-label="Pages">
      <ul>
        ${view.paged ? html`<li><a href="${newest}">Newest</a></li>` : ""}
        ${view.olderPage ? html`<li><a href="${view.olderPage}">Older revisions</a></li>` : ""}
      </ul>
    </nav>
  `;
}

function currentRow(diagram: DiagramView, now: number): Html {
  return html`
    <li class="revision current">
      <img src="/api/diagrams/${diagram.id}/thumbnail.svg" alt="" width="168" height="108">
      <div>
        <h2>Current · revision ${diagram.revision}</h2>
        <p>${made(
          {
            source: diagram.changedVia,
            withToken: diagram.changedWithToken,
            savedAt: diagram.savedAt,
          },
          now,
        )}</p>
        <p><a href="/d/${diagram.id}">Open in the editor</a></p>
      </div>
    </li>
  `;
}

function revisionRow(diagram: DiagramView, revision: RevisionMeta, now: number): Html {
  const base = `/d/${diagram.id}/history/${revision.revision}`;
  return html`
    <li class="revision">
      <img src="/api/diagrams/${diagram.id}/revisions/${revision.revision}/thumbnail.svg" alt=""
        width="168" height="108" loading="lazy">
      <div>
        <h2>Revision ${revision.revision}</h2>
        <p>${made(revision, now)} · ${elements(revision.elementCount)}</p>
        <div class="revision-actions">
          <a class="button" href="${base}">Preview<span class="visually-hidden"> revision
            ${revision.revision}</span></a>
          ${restoreForm(diagram, revision.revision)}
        </div>
      </div>
    </li>
  `;
}

/** Restore over the revision the page showed: a change since then is refused, not overwritten. */
function restoreForm(diagram: DiagramView, revision: number, primary = false): Html {
  return html`<form method="post" action="/d/${diagram.id}/history/${revision}/restore"><input
    type="hidden" name="expected" value="${diagram.revision}"><button type="submit"${
    primary
      ? html`
        class="primary"
      `
      : ""
  }>Restore<span class="visually-hidden"> revision ${revision}</span></button></form>`;
}

/** A revision beside the current drawing, and what restoring it would change. */
export interface RevisionPreviewView {
  email: string;
  diagram: DiagramView;
  revision: RevisionMeta;
  /** What restoring the revision would do to the current drawing. */
  diff: SceneDiff;
  now: number;
}

/** One revision's preview with the Restore form. */
export function revisionPreviewPage(view: RevisionPreviewView): string {
  const { diagram, revision, diff } = view;
  const changes = diff.added.length + diff.removed.length + diff.changed.length;
  return renderPage({
    title: `Revision ${revision.revision} of ${diagram.name}`,
    email: view.email,
    main: html`
      <p><a href="/d/${diagram.id}/history">← History of “${diagram.name}”</a></p>
      <h1>Revision ${revision.revision} of “${diagram.name}”</h1>
      <p>${made(revision, view.now)} · ${elements(revision.elementCount)}</p>
      <div class="revision-actions">
        ${restoreForm(diagram, revision.revision, true)}
        <a class="button" href="/api/diagrams/${diagram.id}/revisions/${revision
          .revision}" download="${diagram.name} (revision ${revision
          .revision}).excalidraw">Download this revision</a>
      </div>
      <div class="compare">
        <figure>
          <figcaption>Revision ${revision.revision}</figcaption>
          <img class="preview" src="/api/diagrams/${diagram.id}/revisions/${revision
            .revision}/thumbnail.svg"
            alt="Revision ${revision.revision} of the drawing">
        </figure>
        <figure>
          <figcaption>Current · revision ${diagram.revision}</figcaption>
          <img class="preview" src="/api/diagrams/${diagram.id}/thumbnail.svg"
            alt="The current drawing">
        </figure>
      </div>
      <h2>Restoring revision ${revision.revision} would</h2>
      ${changes === 0
        ? html`<p>change nothing you can see: the drawings are the same.</p>`
        : html`<ul class="changes">
          ${changeList("bring back", diff.added)}
          ${changeList("remove", diff.removed)}
          ${changeList("change", diff.changed)}
        </ul>`}
    `,
  });
}

/** One kind of change: how many, then each element by its words, or its type and id. */
function changeList(verb: string, elements: ElementSummary[]): Html | "" {
  if (elements.length === 0) return "";
  const shown = elements.slice(0, 50);
  return html`
    <li>${verb} ${elements.length} element${elements.length === 1 ? "" : "s"}:
      <ul>
        ${shown.map((element) =>
          html`<li>${
            element.text
              ? html`“${element.text}” <span class="muted">(${element.type})</span>`
              : element.type
          } <code class="muted">${element.id}</code></li>`
        )}
        ${elements.length > shown.length
          ? html`<li class="muted">and ${elements.length - shown.length} more</li>`
          : ""}
      </ul>
    </li>
  `;
}

/** Who made contents (the door, and the access token when one was used) and when. */
function made(
  contents: { source: DiagramSource; withToken: string | null; savedAt: string },
  now: number,
): Html {
  const { source, withToken, savedAt } = contents;
  return html`<span class="made-by source-${source}">By ${madeBy(source, withToken)}</span>, ${
    timeAgo(savedAt, now)
  }`;
}

function elements(count: number): string {
  return `${count} element${count === 1 ? "" : "s"}`;
}
