// GET /d/:id: the diagram's page. Until the editor lands it shows the drawing (the server's SVG),
// its name and where it lives, the download, and the way back to the gallery.
import { html } from "../../runtime/markup.ts";
import type { DiagramView } from "../core/diagrams.ts";
import { renderPage } from "./layout.ts";

export function diagramPage(diagram: DiagramView, email: string): string {
  const via = diagram.source === "mcp" ? html`<span class="badge">made by an agent</span>` : "";
  return renderPage({
    title: diagram.name,
    email,
    main: html`
      <p><a href="/">← Back to the gallery</a></p>
      <h1>${diagram.name}${via}</h1>
      <p class="muted">Revision ${diagram.revision}, updated <time datetime="${diagram
        .updatedAt}">${new Date(diagram.updatedAt).toUTCString()}</time>.</p>
      <img class="preview" src="/api/diagrams/${diagram
        .id}/thumbnail.svg" alt="The drawing of ${diagram.name}">
      <ul class="actions">
        <li><a class="button" href="/api/diagrams/${diagram
          .id}/export" download>Download .excalidraw</a></li>
      </ul>
      <p
        class="muted">Open the downloaded file in Excalidraw to edit it; editing here arrives with the editor.</p>
    `,
  });
}

export function notFoundPage(email: string): string {
  return renderPage({
    title: "Not found",
    email,
    main: html`
      <h1>Diagram not found</h1>
      <p>There is no diagram at this address, or it was deleted. <a href="/">Back to the gallery</a></p>
    `,
  });
}
