// Re-running the current search with something changed (another page, a suggestion, a
// correction, another output format). Without JavaScript each of these is a small form of hidden
// fields, or a GET link for downloads.
import { attrs, type Html, html } from "../../runtime/markup.ts";

/** The request parameters of a search, as the search form sends them. */
export interface SearchParams {
  q: string;
  categories: string;
  pageno: number;
  language: string;
  time_range: string;
  safesearch: number;
}

const PARAM_ORDER: readonly (keyof SearchParams)[] = [
  "q",
  "categories",
  "pageno",
  "language",
  "time_range",
  "safesearch",
];

function entries(params: SearchParams): [string, string][] {
  return PARAM_ORDER.map((name) => [name, String(params[name])]);
}

/** `/search?…` with every parameter, for links that must be GET (downloads, RSS). */
export function searchUrl(params: SearchParams, extra: Record<string, string> = {}): string {
  return `/search?${new URLSearchParams([...entries(params), ...Object.entries(extra)])}`;
}

/** A small form that runs `params` again (see above). */
export function searchAgainForm(
  params: SearchParams,
  method: "get" | "post",
  button: { text: string; label?: string },
): Html {
  return html`
    <form class="search-again" action="/search" ${attrs({ method })}>
    ${entries(params).map(([name, value]) =>
      html`
        <input type="hidden" ${attrs({ name, value })}>
      `
    )}
    <button type="submit"${attrs({ "aria-label": button.label })}>${button
      .text}</button>
    </form>
  `;
}

/**
 * The query to send for a suggestion or correction: the user's query with its search syntax
 * (`!engine`, `:lang`) kept and only the words replaced, as SearXNG does. When the words cannot
 * be found as one run in what the user typed, the replacement alone is used.
 */
export function replaceQueryWords(typed: string, words: string, replacement: string): string {
  const at = words ? typed.lastIndexOf(words) : -1;
  return at < 0 ? replacement : typed.slice(0, at) + replacement + typed.slice(at + words.length);
}
