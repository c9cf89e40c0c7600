// Page navigation under the results. Nobody knows how many pages a metasearch has, so SearXNG
// shows a window of ten page numbers around the current one and a "next" button.
import { type Html, html } from "../../runtime/markup.ts";
import { searchAgainForm, type SearchParams } from "./search_again.ts";

const PAGES_BEFORE = 4;
const WINDOW_SIZE = 10;

/**
 * The page numbers to offer: pageno−4 … pageno+5, shifted right near the start so ten pages
 * are always offered (1 … 10 on the first pages). Without results on this page, no later page
 * is offered.
 */
export function pageWindow(pageno: number, hasResults: boolean): number[] {
  const first = Math.max(1, pageno - PAGES_BEFORE);
  const last = hasResults ? first + WINDOW_SIZE - 1 : pageno;
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** The page navigation; nothing at all when the only page is this one and it is empty. */
export function pagination(
  params: SearchParams,
  method: "get" | "post",
  hasResults: boolean,
): Html {
  const current = params.pageno;
  // A first page without results has nowhere to go: no lone "1".
  if (current === 1 && !hasResults) return html``;
  const page = (pageno: number, text: string, label: string) =>
    searchAgainForm({ ...params, pageno }, method, { text, label });
  const numbers = pageWindow(current, hasResults).map((pageno) =>
    pageno === current
      ? html`<li><span class="current" aria-current="page">${pageno}</span></li>`
      : html`<li>${page(pageno, String(pageno), `Page ${pageno}`)}</li>`
  );
  return html`
    <nav class="pagination" aria-label="Pages">
      <ul>
    ${current > 1
      ? html`<li class="previous">${page(current - 1, "Previous", "Previous page")}</li>`
      : ""}
    ${numbers}
    ${hasResults ? html`<li class="next">${page(current + 1, "Next", "Next page")}</li>` : ""}
      </ul>
    </nav>
  `;
}
