// GET /d/:id: the diagram's page. Until the editor lands it shows the drawing (the server's SVG),
// its name, the download, rename, duplicate and delete (after a confirm step), and the way back.
import { type Html, html } from "../../runtime/markup.ts";
import type { DiagramView } from "../core/diagrams.ts";
import { renderPage } from "./layout.ts";

export function diagramPage(
  diagram: DiagramView & { drawn: boolean },
  email: string,
  problem?: string,
): string {
  const via = diagram.source === "mcp" ? html`<span class="badge">made by an agent</span>` : "";
  return renderPage({
    title: diagram.name,
    email,
    main: html`
      <p><a href="/">← Back to the gallery</a></p>
      ${problem ? html`<p class="message error" role="alert">${problem}</p>` : ""}
      <h1>${diagram.name}${via}</h1>
      <p class="muted">Revision ${diagram.revision}, updated <time datetime="${diagram
        .updatedAt}">${new Date(diagram.updatedAt).toUTCString()}</time>.</p>
      ${diagram.drawn
        ? html`<img class="preview" src="/api/diagrams/${diagram.id}/thumbnail.svg" alt="The drawing of ${diagram.name}">`
        : html`<p class="message notice">Nothing is drawn yet.</p>`}
      <ul class="actions">
        <li><a class="button" href="/api/diagrams/${diagram
          .id}/export" download>Download .excalidraw</a></li>
        <li>
          <form method="post"
            action="/d/${diagram.id}/duplicate"><button type="submit">Duplicate</button></form>
        </li>
        <li><a class="button" href="/d/${diagram.id}/delete">Delete…</a></li>
      </ul>
      ${renameForm(diagram)}
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

function renameForm(diagram: DiagramView): Html {
  return html`
    <form method="post" action="/d/${diagram.id}/rename" class="inline-form">
      <label for="name">Name</label>
      <input type="text" id="name" name="name" required maxlength="200" value="${diagram.name}">
      <p class="form-actions"><button type="submit">Rename</button></p>
    </form>
  `;
}

/** GET /d/:id/delete: the confirm step before a delete. */
export function confirmDeletePage(diagram: DiagramView, email: string): string {
  return renderPage({
    title: `Delete ${diagram.name}`,
    email,
    main: html`
      <h1>Delete “${diagram.name}”?</h1>
      <p>The diagram and its drawing are removed for good.</p>
      <form method="post" action="/d/${diagram.id}/delete" class="actions">
        <button type="submit" class="primary">Delete</button>
        <a class="button" href="/d/${diagram.id}">Keep it</a>
      </form>
    `,
  });
}
