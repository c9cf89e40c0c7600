// The search box of the start and results pages. Categories are submit buttons, so switching tab
// works without JavaScript; the search button itself carries the current category because a
// browser submits with the first submit button when the user presses Enter.
import { languageChoices, SAFESEARCH_CHOICES, selectField, TIME_RANGE_CHOICES } from "./fields.ts";
import type { SiteView } from "./layout.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import type { Preferences } from "../core/preferences.ts";

export interface SearchFilters {
  language: string;
  time_range: string;
  safesearch: number;
}

export interface SearchFormState {
  q: string;
  category: string;
  /** Shown on the results page only: the start page searches with the preferences. */
  filters?: SearchFilters;
  autofocus?: boolean;
}

/** The form method attribute for the user's choice (POST keeps queries out of URLs and logs). */
export function formMethod(prefs: Preferences): "get" | "post" {
  return prefs.method === "POST" ? "post" : "get";
}

export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1);
}

function categoryTabs(categories: string[], current: string | undefined): Html {
  return html`
    <nav class="categories" aria-label="Categories">
      <ul>
    ${categories.map((category) =>
      html`<li><button type="submit" name="categories"${
        attrs({ value: category, "aria-current": category === current && "page" })
      }>${categoryLabel(category)}</button></li>`
    )}
      </ul>
    </nav>
  `;
}

function filterFields(site: SiteView, filters: SearchFilters): Html {
  return html`
    <div class="filters">
      <div class="field">${selectField(
        { id: "language", name: "language", label: "Language" },
        languageChoices(site, filters.language),
        filters.language,
      )}</div>
      <div class="field">${selectField(
        { id: "time_range", name: "time_range", label: "Time" },
        TIME_RANGE_CHOICES,
        filters.time_range,
      )}</div>
      <div class="field">${selectField(
        { id: "safesearch", name: "safesearch", label: "Safe search" },
        SAFESEARCH_CHOICES,
        String(filters.safesearch),
      )}</div>
    </div>
  `;
}

export function searchForm(site: SiteView, prefs: Preferences, state: SearchFormState): Html {
  const current = state.category || site.categories[0];
  const searchButton = attrs({ name: current && "categories", value: current });
  return html`
    <form class="search-form" role="search" action="/search" ${attrs({
      method: formMethod(prefs),
    })}>
    <div class="search-box">
    <label class="visually-hidden" for="q">Search query</label>
    <input type="search" id="q" name="q" required autocomplete="off" autocapitalize="none" spellcheck="false"${attrs(
      { value: state.q, autofocus: state.autofocus },
    )}>
    <button type="submit" class="search-button"${searchButton}>Search</button>
    </div>
    <input type="hidden" name="pageno" value="1">
    ${site.categories.length ? categoryTabs(site.categories, current) : ""}
    ${state.filters ? filterFields(site, state.filters) : ""}
    </form>
  `;
}
