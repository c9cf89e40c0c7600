// GET /d/:id: the diagram's page. Until the editor lands it shows the drawing (the server's SVG),
// its name and collection, the downloads (.excalidraw as stored, .svg at full size), and the way
// to rename, move, duplicate and delete it.
import { type Html, html } from "../../runtime/markup.ts";
import type { DiagramView } from "../core/diagrams.ts";
import { type CollectionTree, pathTo } from "./collection_tree.ts";
import { renderPage } from "./layout.ts";

export interface DiagramPageView {
  email: string;
  diagram: DiagramView & { drawn: boolean };
  tree: CollectionTree;
}

export function diagramPage({ email, diagram, tree }: DiagramPageView): string {
  const via = diagram.source === "mcp" ? html`<span class="badge">made by an agent</span>` : "";
  const back = encodeURIComponent(`/d/${diagram.id}`);
  return renderPage({
    title: diagram.name,
    email,
    main: html`
      ${trail(tree, diagram)}
      <h1>${diagram.name}${via}</h1>
      <p class="muted">Revision ${diagram.revision}, updated <time datetime="${diagram
        .updatedAt}">${new Date(diagram.updatedAt).toUTCString()}</time>.</p>
      ${diagram.drawn
        ? html`<img class="preview" src="/api/diagrams/${diagram.id}/thumbnail.svg" alt="The drawing of ${diagram.name}">`
        : html`<p class="message notice">Nothing is drawn yet.</p>`}
      <ul class="actions">
        <li><a class="button" href="/api/diagrams/${diagram
          .id}/export" download>Download .excalidraw</a></li>
        <li><a class="button" href="/api/diagrams/${diagram.id}/export.svg" download>Download
          .svg</a></li>
        <li><a class="button" href="/d/${diagram.id}/rename?back=${back}">Rename…</a></li>
        <li><a class="button" href="/d/${diagram.id}/move?back=${back}">Move…</a></li>
        <li>
          <form method="post"
            action="/d/${diagram.id}/duplicate"><button type="submit">Duplicate</button></form>
        </li>
        <li><a class="button" href="/d/${diagram.id}/delete?back=${back}">Delete…</a></li>
      </ul>
      <p
        class="muted">Open the downloaded file in Excalidraw to edit it; editing here arrives with the editor.</p>
    `,
  });
}

/** All diagrams › the collections down to this diagram's › the diagram. */
function trail(tree: CollectionTree, diagram: DiagramView): Html {
  const path = diagram.collectionId === null ? [] : pathTo(tree, diagram.collectionId);
  return html`
    <nav class="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li><a href="/">All diagrams</a></li>
        ${path.map((step) => html`<li><a href="/c/${step.id}">${step.name}</a></li>`)}
        <li><a href="/d/${diagram.id}" aria-current="page">${diagram.name}</a></li>
      </ol>
    </nav>
  `;
}

export function notFoundPage(email: string, what = "Diagram"): string {
  return renderPage({
    title: "Not found",
    email,
    main: html`
      <h1>${what} not found</h1>
      <p>There is nothing at this address, or it was deleted. <a href="/">Back to the gallery</a></p>
    `,
  });
}
