// The search box of the start and results pages, with a tab for each category. On the results
// page the tabs are links to the same search in another category, filters kept; with the POST
// preference, and on the start page, they are submit buttons of the form instead: POST keeps the
// query out of URLs, and on the start page a tab searches what was just typed in it (with nothing
// typed, the start page comes back with that tab chosen). The search button itself carries the
// current category because a browser submits with the first submit button when the user presses
// Enter.
import { languageChoices, SAFESEARCH_CHOICES, selectField, TIME_RANGE_CHOICES } from "./fields.ts";
import type { SiteView } from "./layout.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import type { Preferences } from "../core/preferences.ts";
import { searchUrl } from "./search_again.ts";

/** The filters the results page shows with the search box. */
export interface SearchFilters {
  language: string;
  time_range: string;
  safesearch: number;
}

/** What the search box shows: the query, the category, the filters. */
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

const LABELS: Record<string, string> = { it: "IT" };

/** "General", "Social media", "IT". */
export function categoryLabel(category: string): string {
  return LABELS[category] ?? category.charAt(0).toUpperCase() + category.slice(1);
}

/**
 * Where a tab leads: the same search in that category (first page, filters kept); null when the
 * tab is a submit button (the start page, the POST preference).
 */
function tabHref(
  category: string,
  state: SearchFormState,
  method: "get" | "post",
): string | null {
  if (!state.filters || method === "post") return null;
  const { language, time_range, safesearch } = state.filters;
  return searchUrl({
    q: state.q,
    categories: category,
    pageno: 1,
    language,
    time_range,
    safesearch,
  });
}

function categoryTabs(
  categories: string[],
  current: string | undefined,
  state: SearchFormState,
  method: "get" | "post",
): Html {
  return html`
    <nav class="categories" aria-label="Categories">
      <ul>
    ${categories.map((category) => {
      const href = tabHref(category, state, method);
      const currentTab = attrs({ "aria-current": category === current && "page" });
      const label = categoryLabel(category);
      return href === null
        // formnovalidate: a tab chosen before anything is typed is not refused for the empty box.
        ? html`<li><button type="submit" name="categories" formnovalidate${
          attrs({ value: category })
        }${currentTab}>${label}</button></li>`
        : html`
          <li>
            <a${attrs({ href })}${currentTab}>${label}</a></li>
        `;
    })}
      </ul>
    </nav>
  `;
}

/**
 * The language, time range and safe search of the results page: a disclosure whose summary says
 * what is chosen, so that a narrow screen spends one line on them until they are wanted (the
 * stylesheet keeps them open beside the tabs where there is room). Closed, its fields are still
 * sent with the form.
 */
function filterFields(site: SiteView, filters: SearchFilters): Html {
  const fields = [
    {
      field: { id: "language", name: "language", label: "Language" },
      choices: languageChoices(site, filters.language),
      current: filters.language,
    },
    {
      field: { id: "time_range", name: "time_range", label: "Time" },
      choices: TIME_RANGE_CHOICES,
      current: filters.time_range,
    },
    {
      field: { id: "safesearch", name: "safesearch", label: "Safe search" },
      choices: SAFESEARCH_CHOICES,
      current: String(filters.safesearch),
    },
  ];
  const chosen = fields.map(({ field, choices, current }) => {
    const label = choices.find((choice) => choice.value === current)?.label ?? current;
    return field.id === "safesearch" ? `${field.label}: ${label}` : label;
  });
  return html`
    <details class="filters">
      <summary>Filters <span class="chosen">${chosen.join(" · ")}</span></summary>
      <div class="filter-fields">${fields.map(({ field, choices, current }) =>
        html`<div class="field">${selectField(field, choices, current)}</div>`
      )}</div>
    </details>
  `;
}

/** The search box with its category tabs (see above). */
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
    ${site.categories.length
      ? categoryTabs(site.categories, current, state, formMethod(prefs))
      : ""}
    ${state.filters ? filterFields(site, state.filters) : ""}
    </form>
  `;
}
