// The gallery pages: GET / (every diagram), /c/none (those in no collection) and /c/:id (one
// collection: breadcrumbs, its sub-collections, its diagrams), all with the collections sidebar.
// Diagrams come as cards, newest first or by name or creation, a page at a time; with ?q= on /,
// the best matches of a full-text search with the matched words marked. A new account sees how to
// start: a new diagram, an import, or an agent over MCP.
import { attrs, type Html, html } from "../../runtime/markup.ts";
import type { CollectionSummary } from "../service/collections.ts";
import { DIAGRAM_SORTS, type DiagramSort, type DiagramView } from "../service/diagrams.ts";
import { type CardDiagram, diagramCards } from "./cards.ts";
import { type CollectionTree, pathTo } from "./collection_tree.ts";
import { noticeMessage, problemMessage, renderPage } from "./layout.ts";
import { collectionsSidebar, type Shown } from "./sidebar.ts";
import { restoredMessage, trashedNotice } from "./trash_notices.ts";

/** What a gallery page shows: its diagrams, collections, search and notices. */
export interface GalleryView {
  email: string;
  tree: CollectionTree;
  /** What the page shows: everything, the diagrams in no collection, or one collection. */
  shown: Shown;
  diagrams: CardDiagram[];
  /** The search, when there is one. */
  query?: string;
  sort: DiagramSort;
  /** The link to the page after this one, when there is one. */
  nextPage?: string;
  /** This is not the first page. */
  paged: boolean;
  /** Where agents connect: `{BASE_URL}/mcp`. */
  mcpUrl: string;
  now: number;
  /** A form's problem, shown above the page. */
  problem?: string;
  /** The diagram just moved to the trash, said with Undo. */
  trashed?: { id: string; name: string };
  /** The diagram that Undo just brought back. */
  restored?: DiagramView;
}

const SORT_LABELS: Record<DiagramSort, string> = {
  updated: "Last changed",
  name: "Name",
  created: "Created",
};

/** The address of a gallery page. */
export function shownPath(shown: Shown): string {
  return shown === "all" ? "/" : `/c/${shown}`;
}

/** A gallery page: every diagram, a search, or one collection. */
export function galleryPage(view: GalleryView): string {
  const collection = view.tree.byId.get(view.shown);
  const title = collection?.name ?? (view.shown === "none" ? "No collection" : "All diagrams");
  const path = shownPath(view.shown);
  const back = view.query === undefined
    ? (view.sort === "updated" ? path : `${path}?sort=${view.sort}`)
    : `/?q=${encodeURIComponent(view.query)}`;
  const cards = diagramCards(view.diagrams, {
    tree: view.tree,
    shownCollectionId: collection ? collection.id : view.shown === "none" ? null : undefined,
    back,
    now: view.now,
  });
  const empty = view.diagrams.length === 0 && !view.paged;
  return renderPage({
    title,
    email: view.email,
    sidebar: collectionsSidebar(view.tree, view.shown),
    scripts: ["/static/gallery.js"],
    main: html`
      ${collection ? breadcrumbs(view.tree, collection) : ""}
      ${problemMessage(view.problem)}
      ${view.trashed ? trashedNotice(view.trashed, back) : ""}
      ${noticeMessage(view.restored && restoredMessage(view.restored))}
      <h1>${title}</h1>
      ${collection ? collectionActions(collection) : ""}
      ${creation(collection)}
      <form class="search" method="get" action="/" role="search">
        <label for="q">Search diagrams</label>
        <input type="search" id="q" name="q" value="${view.query ?? ""}"
          placeholder="Words in a name or inside a drawing">
        <button type="submit">Search</button>
      </form>
      <p class="message notice" role="status" id="moved" data-shown="${view.shown}" hidden></p>
      ${collection ? subCollections(view.tree, collection) : ""}
      ${view.query !== undefined
        ? results(view.query, view.diagrams.length, cards)
        : empty && view.shown === "all"
        ? emptyState(view.mcpUrl)
        : empty
        ? html`<p class="empty">No diagrams here yet. Move one in with its card’s <b>Actions</b> menu
          or by dragging its card onto a collection, or start a new one.</p>`
        : browse(view, path, cards)}
    `,
  });
}

function breadcrumbs(tree: CollectionTree, collection: CollectionSummary): Html {
  const path = pathTo(tree, collection.id);
  const above = path.slice(0, -1).map((step) =>
    html`<li><a href="/c/${step.id}">${step.name}</a></li>`
  );
  return html`
    <nav class="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li><a href="/">All diagrams</a></li>
        ${above}
        <li><a href="/c/${collection.id}" aria-current="page">${collection.name}</a></li>
      </ol>
    </nav>
  `;
}

function collectionActions(collection: CollectionSummary): Html {
  return html`
    <ul class="actions">
      <li><a class="button" href="/c/${collection.id}/rename">Rename…</a></li>
      <li><a class="button" href="/c/${collection.id}/move">Move…</a></li>
      <li><a class="button" href="/c/${collection.id}/share">Share…</a></li>
      <li><a class="button" href="/c/${collection.id}/delete">Delete…</a></li>
    </ul>
  `;
}

/** New diagram (empty or from Mermaid), new collection and import, into the collection shown (if any). */
function creation(collection: CollectionSummary | undefined): Html {
  const into = collection
    ? html`<input type="hidden" name="collectionId" value="${collection.id}">`
    : "";
  return html`
    <div class="create">
      <form method="post" action="/new">${into}<button type="submit" class="primary">New
        diagram</button></form>
      <a class="button" href="/new/mermaid${collection
        ? `?collectionId=${collection.id}`
        : ""}">New from Mermaid</a>
      <form method="post" action="/collections" class="new-collection">
        ${collection ? html`<input type="hidden" name="parentId" value="${collection.id}">` : ""}
        <label for="collection-name">${collection
          ? "New collection inside"
          : "New collection"}</label>
        <input type="text" id="collection-name" name="name" required maxlength="200">
        <button type="submit">Create</button>
      </form>
      <form class="import" method="post" action="/import" enctype="multipart/form-data">
        ${into}
        <label for="files">Import .excalidraw or Mermaid files</label>
        <input type="file" id="files" name="files" multiple
          accept=".excalidraw,.mmd,.mermaid,application/json" required>
        <button type="submit">Import</button>
      </form>
    </div>
  `;
}

function subCollections(tree: CollectionTree, collection: CollectionSummary): Html {
  const children = [...tree.byId.values()].filter((child) => child.parentId === collection.id);
  if (children.length === 0) return html``;
  return html`
    <h2>Collections inside</h2>
    <ul class="folders">
      ${children.map((child) =>
        html`<li><a href="/c/${child.id}">${child.name}
          <span class="muted">${child.diagramCount} diagram${child.diagramCount === 1 ? "" : "s"}${
          child.collectionCount === 0
            ? ""
            : `, ${child.collectionCount} collection${child.collectionCount === 1 ? "" : "s"}`
        }</span></a></li>`
      )}
    </ul>
  `;
}

function browse(view: GalleryView, path: string, cards: Html): Html {
  const sorts = DIAGRAM_SORTS.map((sort) =>
    html`
      <li>
        <a${attrs({
          href: `${path}?sort=${sort}`,
          "aria-current": sort === view.sort ? "true" : null,
        })}>${SORT_LABELS[sort]}</a></li>
    `
  );
  const pages = [
    view.paged ? html`<li><a href="${path}?sort=${view.sort}">First page</a></li>` : "",
    view.nextPage ? html`<li><a href="${view.nextPage}" rel="next">Next page</a></li>` : "",
  ];
  return html`
    <nav class="sorts" aria-label="Order"><span class="muted">Order:</span><ul>${sorts}</ul></nav>
    ${view.diagrams.length === 0 ? html`<p>No more diagrams.</p>` : cards}
    <nav class="pages" aria-label="Pages">
      <ul>${pages}</ul>
    </nav>
  `;
}

function results(query: string, count: number, cards: Html): Html {
  if (count === 0) {
    return html`<p>Nothing matches “${query}”. <a href="/">Show all diagrams</a></p>`;
  }
  return html`<p class="muted">Best matches for “${query}”. <a href="/">Show all diagrams</a></p>
    ${cards}`;
}

function emptyState(mcpUrl: string): Html {
  return html`
    <div class="empty">
      <p>No diagrams yet. Start one with <b>New diagram</b> or <b>New from Mermaid</b>, import
      .excalidraw or Mermaid files, or let an AI
      agent draw them: connect an MCP client to <code>${mcpUrl}</code> with an access token from
      your <a href="/account">account page</a>.</p>
    </div>
  `;
}
