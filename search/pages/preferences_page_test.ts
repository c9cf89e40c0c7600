import assert from "node:assert/strict";
import { all, attr, type Element, first, text } from "../engines/toolkit/html.ts";
import { type EngineRow, renderPreferencesPage } from "./preferences_page.ts";
import { type Preferences, preferencesFromForm } from "../core/preferences.ts";
import { PLUGINS } from "../plugins/catalog.ts";
import {
  assertLabelled,
  checkPage,
  SAMPLE_ENGINES,
  samplePrefs,
  sampleSite,
  SCRIPT_PAYLOAD,
} from "./pages_testing.ts";

function row(name: string, overrides: Partial<EngineRow> = {}): EngineRow {
  return {
    name,
    shortcut: name.slice(0, 2),
    categories: ["general"],
    disabled: false,
    paging: true,
    time_range: false,
    safesearch: true,
    language: false,
    ...overrides,
  };
}

// SearXNG's two open resolvers, the default first.
const RESOLVERS = ["oadoi.org", "doi.org"];

// Every plugin of the catalog, at its default.
const PLUGIN_ROWS = [...PLUGINS];

// The sample instance's engines (SAMPLE_ENGINES) with what each supports.
const ROWS = SAMPLE_ENGINES.map((engine) =>
  row(engine.name, {
    ...engine,
    categories: [...engine.categories],
    shortcut: engine.name === "duckduckgo" ? "ddg" : engine.name.slice(0, 2),
    paging: engine.name !== "wikipedia",
  })
);

/** The page for `prefs` with the sample engines and every plugin. */
function pageFor(prefs: Preferences, saved = false): string {
  return renderPreferencesPage(sampleSite(), prefs, {
    engines: ROWS,
    plugins: PLUGIN_ROWS,
    doiResolvers: RESOLVERS,
  }, saved);
}

/** pageFor's page, parsed and checked. */
function rendered(prefs: Preferences, saved = false) {
  return checkPage(pageFor(prefs, saved));
}

/** What a browser would post for the page's form as rendered. */
function submitted(page: string): URLSearchParams {
  const document = checkPage(page);
  const form = new URLSearchParams();
  for (const select of all(document, "form select")) {
    form.append(attr(select, "name")!, attr(first(select, "option[selected]"), "value")!);
  }
  for (const box of all(document, "form input[type=checkbox][checked]")) {
    form.append(attr(box, "name")!, "on");
  }
  return form;
}

Deno.test("the preferences form posts to /preferences with every input labelled", () => {
  const document = rendered(samplePrefs());
  assertLabelled(document);
  const form = first(document, "form.preferences")!;
  assert.equal(attr(form, "action"), "/preferences");
  assert.equal(attr(form, "method"), "post");
  assert.deepEqual(
    all(form, "select").map((select) => attr(select, "name")),
    ["language", "safesearch", "theme", "method", "doi_resolver"],
  );
  assert.equal(first(document, "[role=status]"), null);
});

Deno.test("engines are grouped by category in tab order, an engine in two categories switched in each", () => {
  const document = rendered(samplePrefs());
  const groups = all(document, "fieldset.engine-group");
  assert.deepEqual(groups.map((group) => text(first(group, "legend"))), [
    "General",
    "Images",
    "News",
  ]);
  const boxes = (group: Element) =>
    all(group, "input[type=checkbox]").map((box) => [
      attr(box, "name"),
      attr(box, "checked") !== undefined,
    ]);
  assert.deepEqual(boxes(groups[0]), [
    ["engine_duckduckgo__general", true],
    ["engine_brave__general", true],
    ["engine_wikipedia__general", true],
  ]);
  assert.deepEqual(boxes(groups[1]), [["engine_qwant images__images", false]]);
  assert.deepEqual(boxes(groups[2]), [
    ["engine_brave__news", true],
    ["engine_google news__news", true],
  ]);
  assert.match(text(first(groups[1], "tbody th")), /^qwant images off by default/);
  // A way to each group without tabbing through every engine before it.
  const jumps = all(document, "nav.engine-categories a");
  assert.deepEqual(jumps.map((a) => [text(a), attr(a, "href")]), [
    ["General", "#engines-0"],
    ["Images", "#engines-1"],
    ["News", "#engines-2"],
  ]);
  for (const [index, group] of groups.entries()) {
    assert.equal(attr(group, "id"), `engines-${index}`);
  }
});

Deno.test("each engine row has its checkbox, name, what it supports and its shortcut", () => {
  const document = rendered(samplePrefs());
  const rows = all(document, "table.engine-table tbody tr");
  assert.equal(rows.length, 6);
  assert.deepEqual(all(rows[0], "th, td").slice(1).map(text), [
    "duckduckgo Supports: pages, safe search",
    "!ddg",
  ]);
  assert.equal(text(first(rows[0], "label")), "duckduckgo");
  assert.deepEqual(all(rows[2], "th, td").slice(1).map(text), [
    "wikipedia Supports: safe search",
    "!wi",
  ]);
  const bare = renderPreferencesPage(sampleSite(), samplePrefs(), {
    engines: [row("plain", { paging: false, safesearch: false })],
    plugins: [],
    doiResolvers: [],
  }, false);
  assert.equal(text(first(checkPage(bare), ".supports")), "Supports: nothing else");
});

Deno.test("the boxes show the person's switches: one category off, an engine off by default on", () => {
  const prefs = samplePrefs({
    disabled_engines: ["brave__news"],
    enabled_engines: ["qwant images__images"],
  });
  const document = rendered(prefs);
  const checked = (name: string) =>
    attr(first(document, `input[name="${name}"]`), "checked") !== undefined;
  assert.equal(checked("engine_brave__general"), true);
  assert.equal(checked("engine_brave__news"), false);
  assert.equal(checked("engine_qwant images__images"), true);
});

Deno.test("submitting the page as rendered keeps the current preferences", () => {
  const prefs = samplePrefs({
    language: "de",
    safesearch: 1,
    theme: "dark",
    method: "POST",
    disabled_engines: ["brave__news", "wikipedia__general"],
    enabled_engines: ["qwant images__images"],
    disabled_plugins: ["tracker_url_remover"],
    enabled_plugins: ["oa_doi_rewrite"],
    doi_resolver: "doi.org",
    image_proxy: true,
  });
  const page = pageFor(prefs);
  assert.deepEqual(
    preferencesFromForm(submitted(page), samplePrefs(), SAMPLE_ENGINES, PLUGIN_ROWS),
    prefs,
  );
});

Deno.test("a saved confirmation is shown after saving", () => {
  const document = rendered(samplePrefs(), true);
  assert.match(text(first(document, "[role=status]")), /saved/);
});

Deno.test("engine names and shortcuts with markup are shown as text", () => {
  const page = renderPreferencesPage(
    sampleSite(),
    samplePrefs(),
    {
      engines: [row(SCRIPT_PAYLOAD, { shortcut: SCRIPT_PAYLOAD, categories: [SCRIPT_PAYLOAD] })],
      plugins: [],
      doiResolvers: [],
    },
    false,
  );
  const document = checkPage(page);
  assert.equal(text(first(document, "table.engine-table tbody label")), SCRIPT_PAYLOAD);
});

Deno.test("each plugin has a labelled, described switch showing whether it is on for the person", () => {
  const prefs = samplePrefs({
    disabled_plugins: ["calculator"],
    enabled_plugins: ["oa_doi_rewrite"],
  });
  const document = rendered(prefs);
  const boxes = all(document, "fieldset.plugins input[type=checkbox]");
  assert.deepEqual(boxes.map((box) => attr(box, "name")), PLUGINS.map((p) => `plugin_${p.id}`));
  const checked = (id: string) =>
    attr(first(document, `input[name="plugin_${id}"]`), "checked") !== undefined;
  assert.equal(checked("calculator"), false);
  assert.equal(checked("oa_doi_rewrite"), true);
  assert.equal(checked("tracker_url_remover"), true);
  const box = first(document, 'input[name="plugin_hostnames"]')!;
  assert.equal(text(first(document, `label[for="${attr(box, "id")}"]`)), "Hostnames");
  const about = first(document, `#${attr(box, "aria-describedby")}`);
  assert.match(text(about), /rewrites, removes or re-ranks/);
  assert.deepEqual(
    all(document, "fieldset.plugins .field")
      .filter((field) => (first(field, ".off-by-default") ?? null) !== null)
      .map((field) => attr(first(field, "input"), "name")),
    ["plugin_oa_doi_rewrite"],
  );
});

Deno.test("unticking a plugin on by default and ticking one off by default is what the form saves", () => {
  const form = submitted(
    pageFor(samplePrefs()),
  );
  form.delete("plugin_hash_plugin");
  form.set("plugin_oa_doi_rewrite", "on");
  const saved = preferencesFromForm(form, samplePrefs(), SAMPLE_ENGINES, PLUGIN_ROWS);
  assert.deepEqual(saved.disabled_plugins, ["hash_plugin"]);
  assert.deepEqual(saved.enabled_plugins, ["oa_doi_rewrite"]);
});

Deno.test("an instance offering no plugin shows no plugin section", () => {
  const document = checkPage(
    renderPreferencesPage(sampleSite(), samplePrefs(), {
      engines: ROWS,
      plugins: [],
      doiResolvers: [],
    }, false),
  );
  assert.equal(first(document, "fieldset.plugins") ?? null, null);
});

Deno.test("the DOI resolver is chosen beside oa_doi_rewrite, the saved choice selected", () => {
  const select = first(
    rendered(samplePrefs({ doi_resolver: "doi.org" })),
    "fieldset.plugins select",
  )!;
  assert.equal(attr(select, "name"), "doi_resolver");
  assert.deepEqual(all(select, "option").map((option) => attr(option, "value")), RESOLVERS);
  assert.equal(attr(first(select, "option[selected]"), "value"), "doi.org");
  const unknown = first(
    rendered(samplePrefs({ doi_resolver: "gone.example" })),
    "select#doi_resolver",
  )!;
  assert.equal(attr(first(unknown, "option[selected]"), "value"), "oadoi.org");
  const without = checkPage(
    renderPreferencesPage(sampleSite(), samplePrefs(), {
      engines: ROWS,
      plugins: PLUGIN_ROWS.filter((plugin) => plugin.id !== "oa_doi_rewrite"),
      doiResolvers: RESOLVERS,
    }, false),
  );
  assert.equal(first(without, "select#doi_resolver") ?? null, null);
});
