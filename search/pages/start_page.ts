// The start page: the instance name and the search form, nothing else. A category tab chosen here
// (`/?categories=images`) stays chosen for the search typed next.
import { renderPage, type SiteView } from "./layout.ts";
import { html } from "../../runtime/markup.ts";
import type { Preferences } from "../core/preferences.ts";
import { searchForm } from "./search_form.ts";

/** The start page: the search box, in `category` when one is chosen. */
export function renderStartPage(site: SiteView, prefs: Preferences, category?: string): string {
  const chosen = category !== undefined && site.categories.includes(category)
    ? category
    : site.categories[0] ?? "";
  return renderPage(site, prefs, {
    kind: "start",
    brand: false,
    main: html`<h1 class="instance-name">${site.instanceName}</h1>
${searchForm(site, prefs, { q: "", category: chosen, autofocus: true })}`,
  });
}
