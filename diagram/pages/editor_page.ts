// GET /d/:id: the editor. A bar with the way back, the name (renamed in place: a plain form that
// works without JavaScript), the collection, the live status, the downloads and the diagram's
// actions (share among them), who else joins; below it Excalidraw (diagram/editor/, bundled into
// build/editor/). Without JavaScript, or before the bundle is built, the drawing shows as the
// server's SVG with a message that says why.
// The downloads say which is which: the editor's own of what is on screen (Excalidraw's export,
// hand-drawn, fonts inside), and the server's clean rendering (export.svg, as agents get it).
import { attrs, type Html, html, jsonInScript } from "../../runtime/markup.ts";
import type { DiagramView } from "../service/diagrams.ts";
import type { ShareLinkView } from "../service/share_links.ts";
import {
  DIAGRAM_MENU_ID,
  DOWNLOAD_PROBLEM_ID,
  EDITOR_CONFIG_ELEMENT_ID,
  type EditorConfig,
  ON_SCREEN_ATTRIBUTE,
} from "../editor/editor_config.ts";
import type { EditorManifest } from "../editor_bundle.ts";
import { type CollectionTree, pathTo } from "./collection_tree.ts";
import { htmlDocument } from "./layout.ts";
import { pagePolicy } from "../http/page_policy.ts";

/** What the editor page needs: the diagram, the collections, the editor's bundle, its live links. */
export interface EditorPageView {
  email: string;
  diagram: DiagramView & { drawn: boolean };
  tree: CollectionTree;
  bundle: EditorManifest | null;
  /** The live links that show the diagram (its own, its collections'): their holders join too. */
  shareLinks: ShareLinkView[];
}

/** The page's CSP: the editor also talks to the collab server and draws with fonts and blobs. */
export function editorPagePolicy(collabOrigin: string): string {
  return pagePolicy({
    // Excalidraw positions its UI with style attributes set from script.
    "style-src": "'self' 'unsafe-inline'",
    "font-src": "'self'",
    "img-src": "'self' data: blob:",
    "connect-src": `'self' ${collabOrigin}`,
    "worker-src": "'self' blob:",
  }).join("; ");
}

/**
 * The downloads the editor makes in the browser, of what is on screen (on_screen_downloads.ts):
 * hidden until it runs, since nothing else can make them.
 */
const ON_SCREEN_DOWNLOADS = [
  { kind: "svg", label: "Download .svg" },
  { kind: "png", label: "Download .png" },
] as const;

/** The editor page: Excalidraw on the diagram, joined to its collab room. */
export function editorPage({ email, diagram, tree, bundle, shareLinks }: EditorPageView): string {
  const config: EditorConfig = { diagramId: diagram.id, userName: email };
  const self = `/d/${diagram.id}`;
  const back = encodeURIComponent(self);
  const collection = diagram.collectionId === null ? [] : pathTo(tree, diagram.collectionId);
  return htmlDocument({
    title: diagram.name,
    head: html`
      ${bundle?.css ? html`<link rel="stylesheet" href="/editor/${bundle.css}">` : ""}
      ${bundle
        ? html`
          <script src="/static/editor-asset-path.js"></script>
          <script type="module" src="/editor/${bundle.entry}"></script>
        `
        : ""}
    `,
    bodyClass: "editor-page",
    body: html`
      <header class="editor-bar">
        <h1 class="visually-hidden">${diagram.name}</h1>
        <nav class="breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li><a href="/">All diagrams</a></li>
            ${collection.map((step) => html`<li><a href="/c/${step.id}">${step.name}</a></li>`)}
          </ol>
        </nav>
        <form class="rename" method="post" action="${self}/rename">
          <label for="diagram-name" class="visually-hidden">Name</label>
          <input id="diagram-name" name="name" value="${diagram.name}" maxlength="200" required>
          <input type="hidden" name="back" value="${self}">
          <button type="submit">Rename</button>
          <span id="rename-status" class="visually-hidden" role="status"></span>
        </form>
        <p id="editor-status" class="status" role="status">${bundle
          ? ""
          : "The editor is not built on this server."}</p>
        ${whoJoins(diagram.id, shareLinks)}
        <details class="menu" id="${DIAGRAM_MENU_ID}">
          <summary>Diagram</summary>
          <ul>
            ${ON_SCREEN_DOWNLOADS.map(({ kind, label }) =>
              html`<li hidden><button type="button" class="link-button"${
                attrs({ [ON_SCREEN_ATTRIBUTE]: kind })
              }>${label}
                <small class="muted">as on screen</small></button></li>`
            )}
            <li><a href="/api/diagrams/${diagram
              .id}/export" download>Download .excalidraw</a></li>
            <li><a href="/api/diagrams/${diagram.id}/export.svg" download>Download .svg
                <small class="muted">clean, drawn by the server</small></a></li>
            <li><a href="/api/diagrams/${diagram
              .id}/export.mmd" download>Download Mermaid (.mmd)</a></li>
            <li id="${DOWNLOAD_PROBLEM_ID}" role="status"></li>
            <li><a href="${self}/share">Share…</a></li>
            <li><a href="${self}/move?back=${back}">Move…</a></li>
            <li><a href="${self}/history">History</a></li>
            <li>
              <form method="post" action="${self}/duplicate"><button type="submit"
                  class="link-button">Duplicate</button></form>
            </li>
            <li><a href="${self}/delete?back=${back}">Delete…</a></li>
          </ul>
        </details>
      </header>
      <main id="editor" class="editor">
        ${fallback(diagram, bundle)}
      </main>
      <script type="application/json" id="${EDITOR_CONFIG_ELEMENT_ID}">${jsonInScript(
        config,
      )}</script>
    `,
  });
}

/** Who joins the drawing live: the owner's browsers, and whoever holds one of its share links. */
function whoJoins(diagramId: string, links: ShareLinkView[]): Html {
  if (links.length === 0) {
    return html`<p class="share-note muted">Only your own signed-in browsers join: no share link
      shows it.</p>`;
  }
  const editors = links.filter((link) => link.access === "edit").length;
  const count = `${links.length} share link${links.length === 1 ? "" : "s"}`;
  return html`<p class="share-note muted">You join, and so does whoever has one of the <a
      href="/d/${diagramId}/share">${count}</a> that show it (${
    editors === 0 ? "to watch" : `${editors} may edit`
  }).</p>`;
}

/** What shows until the editor mounts, or instead of it. */
function fallback(diagram: DiagramView & { drawn: boolean }, bundle: EditorManifest | null): Html {
  const drawing = diagram.drawn
    ? html`<img class="preview" src="/api/diagrams/${diagram.id}/thumbnail.svg" alt="The drawing of ${diagram.name}">`
    : html`<p class="muted">Nothing is drawn yet.</p>`;
  const why = bundle
    ? html`<noscript><p class="message notice">The editor needs JavaScript. You can still download the drawing from the Diagram menu.</p></noscript>`
    : html`
      <p
        class="message error">The editor's files are missing: the operator runs <code>deno task build</code> (the start, diagram and test tasks do it themselves).</p>
    `;
  return html`<div class="editor-fallback">${why}${drawing}</div>`;
}
