import assert from "node:assert/strict";
import { all, attr, first, text } from "../engines/html.ts";
import { type EngineRow, renderPreferencesPage } from "./preferences_page.ts";
import { preferencesFromForm } from "../core/preferences.ts";
import {
  assertLabelled,
  checkPage,
  ENGINE_NAMES,
  samplePrefs,
  sampleSite,
  SCRIPT_PAYLOAD,
} from "./testing.ts";

function row(name: string, overrides: Partial<EngineRow> = {}): EngineRow {
  return {
    name,
    shortcut: name.slice(0, 2),
    categories: ["general"],
    enabled: true,
    paging: true,
    time_range: false,
    safesearch: true,
    language: false,
    ...overrides,
  };
}

const ROWS = [
  row("duckduckgo", { shortcut: "ddg" }),
  row("brave", { enabled: false }),
  row("wikipedia", { paging: false }),
  row("google news", { categories: ["news"] }),
];

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
  const document = checkPage(renderPreferencesPage(sampleSite(), samplePrefs(), ROWS, false));
  assertLabelled(document);
  const form = first(document, "form.preferences")!;
  assert.equal(attr(form, "action"), "/preferences");
  assert.equal(attr(form, "method"), "post");
  assert.deepEqual(
    all(form, "select").map((select) => attr(select, "name")),
    ["language", "safesearch", "theme", "method"],
  );
  assert.equal(first(document, "[role=status]"), null);
});

Deno.test("each engine row has its checkbox, shortcut, categories and capability marks", () => {
  const document = checkPage(renderPreferencesPage(sampleSite(), samplePrefs(), ROWS, false));
  const rows = all(document, "table.engine-table tbody tr");
  assert.equal(rows.length, 4);
  assert.deepEqual(
    all(rows[0], "th, td").slice(1).map(text),
    [
      "duckduckgo",
      "!ddg",
      "General",
      "✓ supported",
      "– not supported",
      "✓ supported",
      "– not supported",
    ],
  );
  const boxes = all(document, "table.engine-table input[type=checkbox]");
  assert.deepEqual(boxes.map((box) => attr(box, "name")), ENGINE_NAMES.map((n) => `engine_${n}`));
  assert.deepEqual(boxes.map((box) => attr(box, "checked") !== undefined), [
    true,
    false,
    true,
    true,
  ]);
});

Deno.test("submitting the page as rendered keeps the current preferences", () => {
  const prefs = samplePrefs({
    language: "de",
    safesearch: 1,
    theme: "dark",
    method: "POST",
    disabled_engines: ["brave"],
    image_proxy: true,
  });
  const page = renderPreferencesPage(sampleSite(), prefs, ROWS, false);
  assert.deepEqual(preferencesFromForm(submitted(page), samplePrefs(), ENGINE_NAMES), prefs);
});

Deno.test("a saved confirmation is shown after saving", () => {
  const document = checkPage(renderPreferencesPage(sampleSite(), samplePrefs(), ROWS, true));
  assert.match(text(first(document, "[role=status]")), /saved/);
});

Deno.test("engine names and shortcuts with markup are shown as text", () => {
  const page = renderPreferencesPage(
    sampleSite(),
    samplePrefs(),
    [row(SCRIPT_PAYLOAD, { shortcut: SCRIPT_PAYLOAD, categories: [SCRIPT_PAYLOAD] })],
    false,
  );
  const document = checkPage(page);
  assert.equal(text(first(document, "table.engine-table tbody label")), SCRIPT_PAYLOAD);
});
