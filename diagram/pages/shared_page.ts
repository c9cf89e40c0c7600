// The pages a share link opens, for a visitor with no account: one diagram drawn fitted where that
// keeps it readable (pan and zoom with pan-zoom.js, inverted in a dark colour scheme), its name and
// last change, and its downloads unless the owner turned them off; or a collection link's small
// gallery. Nothing on them leads anywhere but to what the link shows: no gallery, no account, and
// the history only when the link shows it (shared_history_page.ts). Every miss is one page, byte
// for byte (NOT_FOUND_SHARE_PAGE). With the editor bundle built, a diagram's page also loads its live view
// (diagram/editor/shared_main.tsx), which replaces the picture with the room as it changes.
import { type Html, html } from "../../runtime/markup.ts";
import type { EditorManifest } from "../editor_bundle.ts";
import {
  GUEST_NAME_FORM_ID,
  GUEST_NAME_INPUT_ID,
  LIVE_STATUS_ID,
  READABLE_SCALE,
  SHARED_FIGURE_ID,
} from "../editor/shared_live_config.ts";
import type { SharedCollection, SharedDiagram, Size } from "../service/shared_view.ts";
import { htmlDocument } from "./layout.ts";
import { panZoomFrame } from "./pan_zoom_frame.ts";
import { timeAgo } from "./relative_time.ts";

/** What a shared diagram's page shows. */
export interface SharedDiagramView {
  diagram: SharedDiagram;
  /** The diagram's own address under the link: `/s/<secret>` or `/s/<secret>/d/<id>`. */
  path: string;
  /** The collection page it was opened from, for a collection link's diagram. */
  collection?: { path: string; name: string };
  /** The SVG's natural size, and the PNG's, for the preview tags. */
  size: Size;
  pngSize: Size;
  baseUrl: string;
  now: number;
  /** The live view's script and stylesheet, when the editor bundle is built. */
  live?: EditorManifest["shared"];
}

/**
 * The drawing is served at this share of its own size, the frame scrolling over the rest; with
 * scripts it opens fitted to the window when that is no smaller (shared-fit.js).
 */
export const NO_SCRIPT_SCALE = READABLE_SCALE;

/** A shared diagram's page for whoever holds the link: live, with downloads. */
export function sharedDiagramPage(view: SharedDiagramView): string {
  const { diagram, path, size } = view;
  const absolute = `${view.baseUrl}${path}`;
  const editable = diagram.link.access === "edit";
  const access = editable ? "You may edit it." : "View only.";
  const { live } = view;
  return sharedDocument({
    title: diagram.name,
    head: html`
      ${previewTags({
        title: diagram.name,
        url: absolute,
        image: { url: `${absolute}/image.png`, ...view.pngSize },
        oembed: `${view.baseUrl}/oembed?url=${encodeURIComponent(absolute)}&format=json`,
      })}
      <script src="/static/pan-zoom.js" defer></script>
      <script src="/static/shared-fit.js" defer></script>
      ${live ? liveViewHead(live) : ""}
    `,
    main: html`
      ${view.collection
        ? html`<p><a href="${view.collection.path}">← ${view.collection.name}</a></p>`
        : ""}
      <h1>${diagram.name}</h1>
      <p class="muted">${timeAgo(diagram.savedAt, view.now, "Changed ")}. ${access}</p>
      ${live && editable ? guestNameForm() : ""}
      <figure id="${SHARED_FIGURE_ID}" class="shared-drawing" data-live="${path}/live"
        data-files="${path}/files" data-pan-zoom>
        ${panZoomFrame({
          src: `${path}/image.svg`,
          alt: `The drawing “${diagram.name}”`,
          ...size,
          scale: NO_SCRIPT_SCALE,
        })}
      </figure>
      ${live ? html`<p id="${LIVE_STATUS_ID}" class="muted" role="status"></p>` : ""}
      ${diagram.link.downloads ? downloads(path) : ""}
      ${diagram.link.history
        ? html`<p><a href="${path}/history">History: earlier versions of this diagram</a></p>`
        : ""}
    `,
  });
}

/** The live view's stylesheet and module; Excalidraw's fonts come from our /editor/ too. */
function liveViewHead(live: NonNullable<EditorManifest["shared"]>): Html {
  return html`
    ${live.css ? html`<link rel="stylesheet" href="/editor/${live.css}">` : ""}
    <script src="/static/editor-asset-path.js"></script>
    <script type="module" src="/editor/${live.entry}"></script>
  `;
}

/** An edit link's name for the others' presence: optional, shown once the live view runs. */
function guestNameForm(): Html {
  return html`
    <form id="${GUEST_NAME_FORM_ID}" class="guest-name" hidden>
      <label for="${GUEST_NAME_INPUT_ID}">Your name, shown to the others editing</label>
      <input id="${GUEST_NAME_INPUT_ID}" name="name" maxlength="60" autocomplete="nickname">
      <button type="submit">Use this name</button>
    </form>
  `;
}

function downloads(path: string): Html {
  return html`
    <p class="shared-downloads">Download:
      <a href="${path}/download.svg" download>SVG</a>
      <a href="${path}/download.png" download>PNG</a>
      <a href="${path}/download.excalidraw" download>Excalidraw file</a>
    </p>
  `;
}

/** What a shared collection's page shows. */
export interface SharedCollectionView {
  collection: SharedCollection;
  /** `/s/<secret>`. */
  path: string;
  baseUrl: string;
  now: number;
}

/** A shared collection's gallery for whoever holds the link. */
export function sharedCollectionPage(view: SharedCollectionView): string {
  const { collection, path } = view;
  const absolute = `${view.baseUrl}${path}`;
  const first = collection.diagrams[0];
  const count = collection.diagrams.length;
  return sharedDocument({
    title: collection.name,
    head: previewTags({
      title: collection.name,
      url: absolute,
      image: first === undefined ? undefined : { url: `${absolute}/d/${first.id}/image.png` },
      oembed: `${view.baseUrl}/oembed?url=${encodeURIComponent(absolute)}&format=json`,
    }),
    main: html`
      <h1>${collection.name}</h1>
      <p class="muted">${count === 0
        ? "Nothing to show: this collection has no diagrams."
        : `${count} diagram${count === 1 ? "" : "s"}, most recently changed first.`}</p>
      <ul class="cards">${collection.diagrams.map((diagram) =>
        html`
          <li class="card">
            <a href="${path}/d/${diagram.id}">
              <img src="${path}/d/${diagram.id}/thumbnail.svg" alt="" loading="lazy" width="280"
                height="180">
              <span class="details">
                <span class="name">${diagram.name}</span>
                ${timeAgo(diagram.savedAt, view.now, "changed ")}
              </span>
            </a>
          </li>
        `
      )}</ul>
    `,
  });
}

/**
 * The one answer for every address under /s/ that shows nothing: unknown, revoked, expired,
 * truncated, in the trash, outside the collection. The same bytes, so none tells which.
 */
export const NOT_FOUND_SHARE_PAGE = sharedDocument({
  title: "Not found",
  main: html`
    <h1>Nothing here</h1>
    <p>This link shows nothing. Links end when their owner revokes them or when they expire; ask
      whoever gave it to you for a new one.</p>
  `,
});

/** OpenGraph and Twitter card tags, and where oEmbed asks about the page. */
function previewTags(parts: {
  title: string;
  url: string;
  image?: { url: string; width?: number; height?: number };
  oembed: string;
}): Html {
  const { image } = parts;
  return html`
    <meta property="og:site_name" content="Diagrams">
    <meta property="og:type" content="website">
    <meta property="og:title" content="${parts.title}">
    <meta property="og:url" content="${parts.url}">
    ${image
      ? html`
        <meta property="og:image" content="${image.url}">
        <meta property="og:image:type" content="image/png">
        ${image.width === undefined ? "" : html`
          <meta property="og:image:width" content="${image.width}">
          <meta property="og:image:height" content="${image.height}">
        `}
        <meta property="og:image:alt" content="The drawing “${parts.title}”">
        <meta name="twitter:card" content="summary_large_image">
        <meta name="twitter:image" content="${image.url}">
      `
      : html`<meta name="twitter:card" content="summary">`}
    <meta name="twitter:title" content="${parts.title}">
    <link rel="alternate" type="application/json+oembed" href="${parts.oembed}"
      title="${parts.title}">
  `;
}

/**
 * A visitor's page: the shared head (our stylesheets, no referrer, not indexed), a header that is
 * a name and not a link (there is nowhere else to go), and `main`.
 */
export function sharedDocument(parts: { title: string; head?: Html; main: Html }): string {
  return htmlDocument({
    title: parts.title,
    head: html`
      <meta name="robots" content="noindex, nofollow">
      <link rel="stylesheet" href="/static/shared.css">
      ${parts.head ?? ""}
    `,
    body: html`
      <a class="skip-link" href="#main">Skip to main content</a>
      <header class="site-header">
        <span class="brand">Diagrams</span>
        <span class="muted">Shared with you</span>
      </header>
      <div class="single">
        <main id="main">
          ${parts.main}
        </main>
      </div>
    `,
  });
}
