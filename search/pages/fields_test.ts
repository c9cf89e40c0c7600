import assert from "node:assert/strict";
import { languageChoices } from "./fields.ts";
import { sampleSite } from "./pages_testing.ts";

Deno.test("the language choices start with all and auto when the instance leaves them out", () => {
  assert.deepEqual(languageChoices(sampleSite(), "en").map((choice) => choice.value), [
    "all",
    "auto",
    "en",
    "de",
  ]);
});

Deno.test("the current language stays a choice even when the instance does not list it", () => {
  const values = languageChoices(sampleSite(), "fr-CA").map((choice) => choice.value);
  assert.deepEqual(values, ["all", "auto", "fr-CA", "en", "de"]);
});

Deno.test("languages the instance lists itself are not repeated", () => {
  const site = sampleSite({
    languages: [{ tag: "all", label: "Any" }, { tag: "auto", label: "Auto" }, {
      tag: "en",
      label: "English",
    }],
  });
  assert.deepEqual(languageChoices(site, "auto").map((choice) => choice.label), [
    "Any",
    "Auto",
    "English",
  ]);
});
