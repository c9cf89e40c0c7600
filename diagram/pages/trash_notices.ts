// What a page says after a diagram went to the trash or came back from it: the gallery after a
// delete (with Undo), the gallery after that Undo, and the trash page after a Restore.
import { type Html, html } from "../../runtime/markup.ts";
import type { DiagramView } from "../service/diagrams.ts";

/**
 * “<name>” moved to the trash, with Undo: a plain form (it works without JavaScript) that restores
 * it and comes back to `back`. gallery.js moves the focus here when the page loads, so a screen
 * reader says it and Undo is the next Tab stop.
 */
export function trashedNotice(diagram: { id: string; name: string }, back: string): Html {
  return html`
    <div class="message notice undo" role="status" id="trashed" tabindex="-1">
      <form method="post" action="/trash/${diagram.id}/restore">
        <input type="hidden" name="back" value="${back}">
        <span>“${diagram.name}” moved to the trash.</span>
        <button type="submit">Undo</button>
      </form>
    </div>
  `;
}

/** Where a restored diagram is back, with a link to it and to that place. */
export function restoredMessage(diagram: DiagramView): Html {
  const place = diagram.collectionId === null
    ? html`<a href="/c/none">No collection</a>`
    : html`<a href="/c/${diagram.collectionId}">its collection</a>`;
  return html`“<a href="/d/${diagram.id}">${diagram.name}</a>” is back in ${place}.`;
}
