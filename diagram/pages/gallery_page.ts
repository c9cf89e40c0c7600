// GET /: the most recently changed diagrams as cards (thumbnail, name, when, who made it), or,
// for a new account, how to start. With ?q= the same cards for the best matches of a full-text
// search, the matched words marked in the name and in a snippet of the text inside.
import { type Html, html } from "../../runtime/markup.ts";
import type { DiagramView } from "../core/diagrams.ts";
import { DIAGRAM_SORTS, type DiagramSort, type SearchMatch } from "../core/diagrams.ts";
import { markedText } from "./marked_text.ts";
import { renderPage } from "./layout.ts";
import { relativeTime } from "./relative_time.ts";

export interface GalleryView {
  email: string;
  diagrams: (DiagramView & { match?: SearchMatch })[];
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
}

export function galleryPage(view: GalleryView): string {
  return renderPage({
    title: "Gallery",
    email: view.email,
    main: html`
      <h1>Diagrams</h1>
      <form class="import" method="post" action="/import" enctype="multipart/form-data">
        <label for="files">Import .excalidraw files</label>
        <input type="file" id="files" name="files" multiple accept=".excalidraw,application/json"
          required>
        <button type="submit">Import</button>
      </form>
      <form class="search" method="get" action="/" role="search">
        <label for="q">Search diagrams</label>
        <input type="search" id="q" name="q" value="${view.query ?? ""}"
          placeholder="Words in a name or inside a drawing">
        <button type="submit">Search</button>
      </form>
      ${view.query === undefined
        ? (view.diagrams.length === 0 && !view.paged ? emptyState(view.mcpUrl) : browse(view))
        : results(view, view.query)}
    `,
  });
}

const SORT_LABELS: Record<DiagramSort, string> = {
  updated: "Last changed",
  name: "Name",
  created: "Created",
};

function browse(view: GalleryView): Html {
  const sorts = DIAGRAM_SORTS.map((sort) =>
    sort === view.sort
      ? html`<li><a href="/?sort=${sort}" aria-current="true">${SORT_LABELS[sort]}</a></li>`
      : html`<li><a href="/?sort=${sort}">${SORT_LABELS[sort]}</a></li>`
  );
  const pages = [
    view.paged ? html`<li><a href="/?sort=${view.sort}">First page</a></li>` : "",
    view.nextPage ? html`<li><a href="${view.nextPage}" rel="next">Next page</a></li>` : "",
  ];
  return html`
    <nav class="sorts" aria-label="Order"><span class="muted">Order:</span><ul>${sorts}</ul></nav>
    ${view.diagrams.length === 0 ? html`<p>No more diagrams.</p>` : cards(view)}
    <nav class="pages" aria-label="Pages">
      <ul>${pages}</ul>
    </nav>
  `;
}

function results(view: GalleryView, query: string): Html {
  if (view.diagrams.length === 0) {
    return html`<p>Nothing matches “${query}”. <a href="/">Show all diagrams</a></p>`;
  }
  return html`<p class="muted">Best matches for “${query}”. <a href="/">Show all diagrams</a></p>
    ${cards(view)}`;
}

function cards(view: GalleryView): Html {
  const items = view.diagrams.map((diagram) =>
    html`
      <li class="card">
        <a href="/d/${diagram.id}">
          <img src="/api/diagrams/${diagram.id}/thumbnail.svg" alt="" loading="lazy" width="280"
            height="180">
          <span class="details">
            <span class="name">${diagram.match
              ? markedText(diagram.match.name)
              : diagram.name}${diagram.source === "mcp"
              ? html`<span class="badge">agent</span>`
              : ""}</span>
            <time datetime="${diagram.updatedAt}" title="${new Date(diagram.updatedAt)
              .toUTCString()}">updated ${relativeTime(diagram.updatedAt, view.now)}</time>
            ${diagram.match?.snippet
              ? html`<span class="snippet">${markedText(diagram.match.snippet)}</span>`
              : ""}
          </span>
        </a>
      </li>
    `
  );
  return html`<ul class="cards">${items}</ul>`;
}

function emptyState(mcpUrl: string): Html {
  return html`
    <p>No diagrams yet. Import .excalidraw files above, or let an AI agent draw them: connect an MCP
    client to <code>${mcpUrl}</code> with an access token from your
    <a href="/account">account page</a>.</p>
  `;
}
