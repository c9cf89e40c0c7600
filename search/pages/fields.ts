// Form controls shared by the search form and the preferences page, each with its <label>.
import type { SiteView } from "./layout.ts";
import { attrs, type Html, html } from "../../runtime/markup.ts";

/** One option of a <select>: its value and what a person reads. */
export interface Choice {
  value: string;
  label: string;
}

/** Safe search off, moderate, strict (SearXNG's 0, 1, 2). */
export const SAFESEARCH_CHOICES: readonly Choice[] = [
  { value: "0", label: "Off" },
  { value: "1", label: "Moderate" },
  { value: "2", label: "Strict" },
];

/** Any time, or the last day, week, month or year. */
export const TIME_RANGE_CHOICES: readonly Choice[] = [
  { value: "", label: "Any time" },
  { value: "day", label: "Past day" },
  { value: "week", label: "Past week" },
  { value: "month", label: "Past month" },
  { value: "year", label: "Past year" },
];

/**
 * The instance's languages, with "all" and "auto" first when the instance did not list them, and
 * the current value kept as a choice so re-submitting a form never silently changes it.
 */
export function languageChoices(site: SiteView, current: string): Choice[] {
  const choices = site.languages.map(({ tag, label }) => ({ value: tag, label }));
  const has = (value: string) => choices.some((choice) => choice.value === value);
  const missing: Choice[] = [];
  if (!has("all")) missing.push({ value: "all", label: "All languages" });
  if (!has("auto")) missing.push({ value: "auto", label: "Detect from the browser" });
  if (!has(current) && !missing.some((choice) => choice.value === current)) {
    missing.push({ value: current, label: current });
  }
  return [...missing, ...choices];
}

/** A labelled <select> of `choices` with `current` chosen. */
export function selectField(
  field: { id: string; name: string; label: string },
  choices: readonly Choice[],
  current: string,
): Html {
  return html`<label for="${field.id}">${field.label}</label>
<select id="${field.id}" name="${field.name}">
${
    choices.map(({ value, label }) =>
      html`<option${attrs({ value, selected: value === current })}>${label}</option>`
    )
  }
</select>`;
}
