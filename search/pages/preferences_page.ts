// The preferences form. Saving posts to /preferences, which answers with cookies; nothing is
// stored on the server.
import { type Choice, languageChoices, SAFESEARCH_CHOICES, selectField } from "./fields.ts";
import { renderPage, type SiteView } from "./layout.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";
import { allCategories, type EngineChoice, engineIsOn } from "../core/engine_choice.ts";
import {
  engineField,
  FORM_METHODS,
  pluginField,
  type Preferences,
  THEMES,
} from "../core/preferences.ts";
import type { PluginInfo } from "../plugins/catalog.ts";
import { pluginIsOn } from "../plugins/switches.ts";
import { categoryLabel } from "./search_form.ts";

/** One engine in the preferences table: its shortcut, categories and whether it is on. */
export interface EngineRow extends EngineChoice {
  shortcut: string;
  categories: string[];
  /** Off unless the person turns it on (settings' `disabled: true`). */
  disabled: boolean;
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

/** What an engine can do, in words ("nothing else" when it only searches). */
function supports(engine: EngineRow): string {
  const features = [
    engine.paging && "pages",
    engine.time_range && "time range",
    engine.safesearch && "safe search",
    engine.language && "language",
  ].filter(Boolean);
  return features.length ? features.join(", ") : "nothing else";
}

function engineRow(engine: EngineRow, category: string, id: string, prefs: Preferences): Html {
  return html`
    <tr>
      <td><input type="checkbox"${attrs({
        id,
        name: engineField(engine.name, category),
        checked: engineIsOn(engine, category, prefs),
      })}></td>
      <th scope="row">
        <label${attrs({ for: id })}>${engine.name}</label>${engine.disabled
          ? html`
            <span class="off-by-default">off by default</span>
          `
          : ""}
        <span class="supports">Supports: ${supports(engine)}</span></th>
    <td>${engine.shortcut ? html`<kbd>!${engine.shortcut}</kbd>` : "–"}</td>
    </tr>
  `;
}

function engineGroup(
  category: string,
  index: number,
  engines: EngineRow[],
  prefs: Preferences,
): Html {
  const members = engines.filter((engine) => engine.categories.includes(category));
  return html`
    <fieldset class="engine-group" ${attrs({ id: `engines-${index}` })}>
      <legend>${categoryLabel(category)}</legend>
      <div class="table-wrap">
        <table class="engine-table">
          <thead>
            <tr>
              <th scope="col" class="switch">On</th>
              <th scope="col">Engine</th>
              <th scope="col" class="shortcut">Shortcut</th>
            </tr>
          </thead>
          <tbody>
    ${members.map((engine, row) => engineRow(engine, category, `engine-${index}-${row}`, prefs))}
          </tbody>
        </table>
      </div>
    </fieldset>
  `;
}

/** The engines by category (an engine in two categories is switched in each on its own). */
function engineTable(engines: EngineRow[], prefs: Preferences): Html {
  const categories = allCategories(engines);
  return html`
    <fieldset class="engines">
      <legend>Engines</legend>
      <p>Untick an engine to stop asking it in that category; tick one that is off by default to
        ask it too.</p>
    ${categories.length > 1
      ? html`
        <nav class="engine-categories" aria-label="Engine categories">
          <ul>${categories.map((category, index) =>
            html`
              <li>
                <a${attrs({ href: `#engines-${index}` })}>${categoryLabel(category)}</a></li>
            `
          )}</ul>
        </nav>
      `
      : ""}
    ${categories.map((category, index) => engineGroup(category, index, engines, prefs))}
    </fieldset>
  `;
}

/** A plugin this instance offers: its words, and `active` as the settings set its default. */
export type PluginRow = PluginInfo;

/** oa_doi_rewrite's resolver, SearXNG's `doi_resolver` preference; shown with the plugin only. */
function resolverField(plugins: PluginRow[], resolvers: string[], prefs: Preferences): Html {
  if (!plugins.some((plugin) => plugin.id === "oa_doi_rewrite") || resolvers.length < 2) {
    return html``;
  }
  return html`<div class="field">${
    selectField(
      { id: "doi_resolver", name: "doi_resolver", label: "Open-access DOI resolver" },
      resolvers.map((name) => ({ value: name, label: name })),
      resolvers.includes(prefs.doi_resolver) ? prefs.doi_resolver : resolvers[0],
    )
  }</div>`;
}

/** One switch per plugin, described; none when the instance offers no plugin. */
function pluginSwitches(plugins: PluginRow[], resolvers: string[], prefs: Preferences): Html {
  if (plugins.length === 0) return html``;
  return html`
    <fieldset class="plugins">
      <legend>Plugins</legend>
      <p>Answers above the results and changes to result links, each on or off for you.</p>
    ${plugins.map((plugin) => {
      const id = pluginField(plugin.id);
      return html`
        <div class="field checkbox plugin">
          <input type="checkbox" ${attrs({
            id,
            name: id,
            checked: pluginIsOn(plugin, prefs),
            "aria-describedby": `${id}-about`,
          })}>
          <label${attrs({ for: id })}>${plugin.name}</label>${plugin.active ? "" : html`
            <span class="off-by-default">off by default</span>
          `}
          <span class="description"${attrs({ id: `${id}-about` })}>${plugin.description}</span>
        </div>
      `;
    })}
    ${resolverField(plugins, resolvers, prefs)}
    </fieldset>
  `;
}

/** The preferences page: language, safe search, theme, engines and plugins, stored in cookies. */
export function renderPreferencesPage(
  site: SiteView,
  prefs: Preferences,
  choices: {
    engines: EngineRow[];
    plugins: PluginRow[];
    /** `doi_resolvers` names, the default first. */
    doiResolvers: string[];
  },
  saved: boolean,
): string {
  const { engines, plugins, doiResolvers } = choices;
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
${pluginSwitches(plugins, doiResolvers, prefs)}
${engineTable(engines, prefs)}
<p><button type="submit">Save</button></p>
</form>`;
  return renderPage(site, prefs, { kind: "preferences", title: "Preferences", main });
}
