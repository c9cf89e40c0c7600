// Search matches come back from the index with the matched words between two control characters
// (which names and labels cannot contain); this turns them into <mark>, escaping everything else.
import { type Html, html } from "../../runtime/markup.ts";
import { MARK_END, MARK_START } from "../service/diagrams.ts";

/** `text` escaped, its search matches in <mark>. */
export function markedText(text: string): Html {
  const parts = text.split(MARK_START).map((piece, index) => {
    if (index === 0) return html`${piece.replaceAll(MARK_END, "")}`;
    const end = piece.indexOf(MARK_END);
    const [marked, rest] = end === -1 ? [piece, ""] : [piece.slice(0, end), piece.slice(end + 1)];
    return html`<mark>${marked}</mark>${rest.replaceAll(MARK_END, "")}`;
  });
  return html`${parts}`;
}
