// The preferences form. Saving posts to /preferences, which answers with cookies; nothing is
// stored on the server.
import { type Choice, languageChoices, SAFESEARCH_CHOICES, selectField } from "./fields.ts";
import { renderPage, type SiteView } from "./layout.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import { engineField, FORM_METHODS, type Preferences, THEMES } from "../core/preferences.ts";
import { categoryLabel } from "./search_form.ts";

export interface EngineRow {
  name: string;
  shortcut: string;
  categories: string[];
  /** After the settings and the user's preferences. */
  enabled: boolean;
  paging: boolean;
  time_range: boolean;
  safesearch: boolean;
  language: boolean;
}

const THEME_CHOICES: Choice[] = THEMES.map((theme) => ({
  value: theme,
  label: theme === "auto" ? "Follow the system" : categoryLabel(theme),
}));

const METHOD_CHOICES: Choice[] = FORM_METHODS.map((method) => ({
  value: method,
  label: method === "POST" ? "POST (queries stay out of URLs and logs)" : "GET",
}));

function supported(yes: boolean): Html {
  return yes
    ? html`<td class="yes">✓<span class="visually-hidden"> supported</span></td>`
    : html`<td class="no">–<span class="visually-hidden"> not supported</span></td>`;
}

function engineRow(engine: EngineRow, index: number): Html {
  const id = `engine-${index}`;
  return html`
    <tr>
      <td><input type="checkbox"${attrs({
        id,
        name: engineField(engine.name),
        checked: engine.enabled,
      })}></td>
      <th scope="row">
        <label${attrs({ for: id })}>${engine.name}</label></th>
    <td>${engine.shortcut ? html`<kbd>!${engine.shortcut}</kbd>` : "–"}</td>
    <td>${engine.categories.map(categoryLabel).join(", ")}</td>
    ${supported(engine.paging)}
    ${supported(engine.time_range)}
    ${supported(engine.safesearch)}
    ${supported(engine.language)}
    </tr>
  `;
}

function engineTable(engines: EngineRow[]): Html {
  return html`
    <fieldset>
      <legend>Engines</legend>
      <p>Untick an engine to stop asking it.</p>
      <div class="table-wrap">
        <table class="engine-table">
          <thead>
            <tr>
              <th scope="col">On</th>
              <th scope="col">Engine</th>
              <th scope="col">Shortcut</th>
              <th scope="col">Categories</th>
              <th scope="col">Paging</th>
              <th scope="col">Time range</th>
              <th scope="col">Safe search</th>
              <th scope="col">Language</th>
            </tr>
          </thead>
          <tbody>
    ${engines.map(engineRow)}
          </tbody>
        </table>
      </div>
    </fieldset>
  `;
}

export function renderPreferencesPage(
  site: SiteView,
  prefs: Preferences,
  engines: EngineRow[],
  saved: boolean,
): string {
  const main = html`<h1>Preferences</h1>
${saved ? html`<p class="notice" role="status">Your preferences were saved in cookies.</p>` : ""}
<form class="preferences" action="/preferences" method="post">
<fieldset>
<legend>Search</legend>
<div class="field">${
    selectField(
      { id: "language", name: "language", label: "Search language" },
      languageChoices(site, prefs.language),
      prefs.language,
    )
  }</div>
<div class="field">${
    selectField(
      { id: "safesearch", name: "safesearch", label: "Safe search" },
      SAFESEARCH_CHOICES,
      String(prefs.safesearch),
    )
  }</div>
</fieldset>
<fieldset>
<legend>Appearance</legend>
<div class="field">${
    selectField({ id: "theme", name: "theme", label: "Theme" }, THEME_CHOICES, prefs.theme)
  }</div>
</fieldset>
<fieldset>
<legend>Privacy</legend>
<div class="field">${
    selectField(
      { id: "method", name: "method", label: "Send searches with" },
      METHOD_CHOICES,
      prefs.method,
    )
  }</div>
<div class="field checkbox">
<input type="checkbox" id="image_proxy" name="image_proxy"${attrs({ checked: prefs.image_proxy })}>
<label for="image_proxy">Load images through this instance's image proxy</label>
</div>
</fieldset>
${engineTable(engines)}
<p><button type="submit">Save</button></p>
</form>`;
  return renderPage(site, prefs, { kind: "preferences", title: "Preferences", main });
}
