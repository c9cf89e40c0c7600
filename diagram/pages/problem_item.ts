// One problem in a list of them, as the service words it. A Mermaid chart's problem can carry the
// line it found and a caret under the column after its first line; that excerpt is shown as code,
// so the caret stays under the place it points at.
import { type Html, html } from "../../runtime/markup.ts";

/** One problem as a list item, a Mermaid excerpt as code. */
export function problemItem(problem: string): Html {
  const lineBreak = problem.indexOf("\n");
  if (lineBreak === -1) return html`<li>${problem}</li>`;
  const excerpt = problem.slice(lineBreak + 1);
  return html`<li>${problem.slice(0, lineBreak)}<pre class="excerpt">${excerpt}</pre></li>`;
}
