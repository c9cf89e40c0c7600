// A table of things the owner holds, one per row, each row ending in its buttons: the access
// tokens and the share links. The buttons' column has a heading for screen readers only.
import { type Html, html } from "../../runtime/markup.ts";

/** A table of owned things, each row ending in its action buttons (see above). */
export function actionsTable(className: string, headings: string[], rows: Html[]): Html {
  return html`
    <table class="${className}">
      <thead>
        <tr>
          ${headings.map((heading) => html`<th scope="col">${heading}</th>`)}
          <th scope="col"><span class="visually-hidden">Actions</span></th>
        </tr>
      </thead>
      <tbody>${rows}</tbody>
    </table>
  `;
}
