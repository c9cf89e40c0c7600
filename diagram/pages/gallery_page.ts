// GET /: the most recently changed diagrams as cards (thumbnail, name, when, who made it), or,
// for a new account, how to start.
import { type Html, html } from "../../runtime/markup.ts";
import type { DiagramView } from "../core/diagrams.ts";
import { renderPage } from "./layout.ts";
import { relativeTime } from "./relative_time.ts";

export interface GalleryView {
  email: string;
  diagrams: DiagramView[];
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
      ${view.diagrams.length === 0 ? emptyState(view.mcpUrl) : cards(view)}
    `,
  });
}

function cards(view: GalleryView): Html {
  const items = view.diagrams.map((diagram) =>
    html`
      <li class="card">
        <a href="/d/${diagram.id}">
          <img src="/api/diagrams/${diagram.id}/thumbnail.svg" alt="" loading="lazy" width="280"
            height="180">
          <span class="details">
            <span class="name">${diagram.name}${diagram.source === "mcp"
              ? html`<span class="badge">agent</span>`
              : ""}</span>
            <time datetime="${diagram.updatedAt}" title="${new Date(diagram.updatedAt)
              .toUTCString()}">updated ${relativeTime(diagram.updatedAt, view.now)}</time>
          </span>
        </a>
      </li>
    `
  );
  return html`<ul class="cards">${items}</ul>`;
}

function emptyState(mcpUrl: string): Html {
  return html`
    <p>No diagrams yet.</p>
    <p>Let an AI agent draw them: connect an MCP client to <code>${mcpUrl}</code> with a personal
    access token, which you create on the server with
    <code>deno task create-token &lt;email&gt; &lt;name&gt;</code>.</p>
  `;
}
