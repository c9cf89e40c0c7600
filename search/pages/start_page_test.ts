import assert from "node:assert/strict";
import { all, attr, first, text } from "../engines/toolkit/html.ts";
import { renderStartPage } from "./start_page.ts";
import { assertLabelled, checkPage, samplePrefs, sampleSite } from "./pages_testing.ts";

Deno.test("the start page is a search form with category tabs and labelled inputs only", () => {
  const document = checkPage(renderStartPage(sampleSite(), samplePrefs()));
  assertLabelled(document);
  assert.equal(text(first(document, "h1")), "Test Search");
  const form = first(document, "form[role=search]")!;
  assert.equal(attr(form, "action"), "/search");
  assert.equal(attr(form, "method"), "get");
  assert.equal(attr(first(form, "#q"), "name"), "q");
  assert.ok(attr(first(form, "#q"), "autofocus") !== undefined);
  // A tab searches what was typed in that category; with nothing typed it is not refused (the
  // start page then comes back with the tab chosen).
  const tabs = all(form, "nav.categories button[type=submit][name=categories]");
  assert.deepEqual(tabs.map((tab) => [text(tab), attr(tab, "value")]), [
    ["General", "general"],
    ["Images", "images"],
    ["News", "news"],
  ]);
  for (const tab of tabs) assert.notEqual(attr(tab, "formnovalidate"), undefined);
  assert.equal(text(first(form, "[aria-current=page]")), "General");
  // Pressing Enter submits with the first submit button: it must carry the current category.
  const firstButton = first(form, "button[type=submit]");
  assert.equal(attr(firstButton, "name"), "categories");
  assert.equal(attr(firstButton, "value"), "general");
});

Deno.test("a tab chosen on the start page is marked and the search button searches in it", () => {
  const document = checkPage(renderStartPage(sampleSite(), samplePrefs(), "images"));
  assert.equal(text(first(document, "nav.categories [aria-current=page]")), "Images");
  assert.equal(attr(first(document, ".search-button"), "value"), "images");
  // A category without a tab is not chosen.
  const other = checkPage(renderStartPage(sampleSite(), samplePrefs(), "nonsense"));
  assert.equal(text(first(other, "nav.categories [aria-current=page]")), "General");
});

Deno.test("the start page form posts when the user prefers POST", () => {
  const document = checkPage(renderStartPage(sampleSite(), samplePrefs({ method: "POST" })));
  const forms = all(document, "form");
  assert.equal(forms.length, 1);
  assert.equal(attr(forms[0], "method"), "post");
});

Deno.test("an instance name with markup is shown as text", () => {
  const page = renderStartPage(sampleSite({ instanceName: "<b>Mine</b>" }), samplePrefs());
  const document = checkPage(page);
  assert.equal(text(first(document, "title")), "<b>Mine</b>");
  assert.equal(first(document, "b"), null);
});
