// A diagram's history for a share link's visitor, when the link shows it: <path>/history lists the
// kept revisions, newest first (a thumbnail, who made it, when), and <path>/history/<n> shows one
// as a picture, with the shared page's pan and zoom. Read only: nothing here restores or
// downloads, and nothing leads anywhere the link does not reach.
import { type Html, html } from "../../runtime/markup.ts";
import { SHARED_FIGURE_ID } from "../editor/shared_live_config.ts";
import type { RevisionMeta } from "../service/history.ts";
import { madeForVisitor } from "../service/shared_history.ts";
import type { SharedDiagram, Size } from "../service/shared_view.ts";
import { historyPages } from "./history_page.ts";
import { panZoomFrame } from "./pan_zoom_frame.ts";
import { timeAgo } from "./relative_time.ts";
import { NO_SCRIPT_SCALE, sharedDocument } from "./shared_page.ts";

/** What a share link's history page shows. */
export interface SharedHistoryView {
  diagram: SharedDiagram;
  /** The diagram's address under the link: `/s/<secret>` or `/s/<secret>/d/<id>`. */
  path: string;
  revisions: RevisionMeta[];
  /** Where older revisions are listed, when there are more. */
  olderPage?: string;
  /** Not the first page. */
  paged: boolean;
  now: number;
}

/** The history a share link shows of its diagram. */
export function sharedHistoryPage(view: SharedHistoryView): string {
  const { diagram, path } = view;
  return sharedDocument({
    title: `History of ${diagram.name}`,
    main: html`
      <p><a href="${path}">← “${diagram.name}” as it is now</a></p>
      <h1>History of “${diagram.name}”</h1>
      <p class="muted">Earlier versions its owner keeps, newest first: all of the last day, then
        one an hour for 30 days, then one a day.</p>
      ${view.revisions.length === 0
        ? html`<p class="empty">No earlier versions yet.</p>`
        : html`<ol class="revisions">${
          view.revisions.map((revision) => revisionRow(path, revision, view.now))
        }</ol>`}
      ${historyPages(`${path}/history`, view)}
    `,
  });
}

function revisionRow(path: string, revision: RevisionMeta, now: number): Html {
  const at = `${path}/history/${revision.revision}`;
  return html`
    <li class="revision">
      <img src="${at}/thumbnail.svg" alt="" width="168" height="108" loading="lazy">
      <div>
        <h2>Revision ${revision.revision}</h2>
        <p>${made(revision, now)}</p>
        <p><a href="${at}">View revision ${revision.revision}</a></p>
      </div>
    </li>
  `;
}

/** One revision as a share link shows it. */
export interface SharedRevisionView {
  diagram: SharedDiagram;
  path: string;
  revision: RevisionMeta;
  /** The revision's SVG at its natural size. */
  size: Size;
  now: number;
}

/** One revision's page under a share link. */
export function sharedRevisionPage(view: SharedRevisionView): string {
  const { diagram, path, revision } = view;
  const at = `${path}/history/${revision.revision}`;
  return sharedDocument({
    title: `Revision ${revision.revision} of ${diagram.name}`,
    head: html`
      <script src="/static/pan-zoom.js" defer></script>
      <script src="/static/shared-fit.js" defer></script>
    `,
    main: html`
      <p><a href="${path}/history">← History of “${diagram.name}”</a></p>
      <h1>Revision ${revision.revision} of “${diagram.name}”</h1>
      <p class="muted">${made(revision, view.now)}. An earlier version:
        <a href="${path}">see it as it is now</a>.</p>
      <figure id="${SHARED_FIGURE_ID}" class="shared-drawing" data-pan-zoom>
        ${panZoomFrame({
          src: `${at}/image.svg`,
          alt: `The drawing “${diagram.name}” at revision ${revision.revision}`,
          ...view.size,
          scale: NO_SCRIPT_SCALE,
        })}
      </figure>
    `,
  });
}

/** "By the owner, 3 h ago", the exact time in the tooltip. */
function made(revision: RevisionMeta, now: number): Html {
  return html`By ${madeForVisitor(revision)}, ${timeAgo(revision.savedAt, now)}`;
}
