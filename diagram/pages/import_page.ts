// POST /import answers with this: each file imported (with its link, and for a Mermaid chart what
// of it is not drawn) or refused with the problems found in it (a chart's with their line and
// column). Files stand alone: a refused one leaves nothing behind.
import { html } from "../../runtime/markup.ts";
import { renderPage } from "./layout.ts";
import { problemItem } from "./problem_item.ts";

export type ImportOutcome =
  /** notes: what a Mermaid chart held that is not drawn. */
  | { file: string; imported: { id: string; name: string }; notes?: string[] }
  | { file: string; problems: string[] };

export function importPage(email: string, outcomes: ImportOutcome[]): string {
  const items = outcomes.map((outcome) =>
    "imported" in outcome
      ? html`<li><a href="/d/${outcome.imported.id}">${outcome.imported.name}</a> imported from ${outcome.file}${
        outcome.notes?.length
          ? html`; not drawn:
            <ul>${outcome.notes.slice(0, 10).map((note) => html`<li>${note}</li>`)}</ul>`
          : ""
      }</li>`
      : html`<li>${outcome.file} was not imported:
        <ul>${outcome.problems.slice(0, 10).map(problemItem)}</ul></li>`
  );
  const imported = outcomes.filter((outcome) => "imported" in outcome).length;
  return renderPage({
    title: "Import",
    email,
    main: html`
      <p><a href="/">← Back to the gallery</a></p>
      <h1>Import</h1>
      <p role="status">${imported} of ${outcomes.length} file(s) imported.</p>
      <ul class="import-results">${items}</ul>
    `,
  });
}
