// POST /import answers with this: each file imported (with its link, and for a Mermaid chart what
// of it is not drawn) or refused with the problems found in it (a chart's with their line and
// column). Files stand alone: a refused one leaves nothing behind.
import { html } from "../../runtime/markup.ts";
import { renderPage } from "./layout.ts";
import { problemItem } from "./problem_item.ts";
import type { GalleryImported } from "../service/gallery_import.ts";

/** One file's fate: imported (with its link) or refused (with its problems). */
export type ImportOutcome =
  /** notes: what a Mermaid chart held that is not drawn. */
  | { file: string; imported: { id: string; name: string }; notes?: string[] }
  | { file: string; problems: string[] };

/** The answer to an import: each file imported or refused. */
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

/**
 * /import/gallery: the form that reads back a whole-gallery archive (the account page's download),
 * and after a post what it brought in, or why nothing was.
 */
export function galleryImportPage(
  email: string,
  outcome?: { imported: GalleryImported } | { problems: string[] },
): string {
  const result = outcome === undefined
    ? ""
    : "imported" in outcome
    ? html`<p class="message notice" role="status">Imported ${outcome.imported.diagrams} diagram(s)
      (${outcome.imported.trashed} into the trash), ${outcome.imported.collections} collection(s),
      ${outcome.imported.revisions} revision(s) and ${outcome.imported.images} image(s).
      <a href="/">Open the gallery</a></p>`
    : html`
      <div class="message problem" role="alert">
        <p>The archive was not imported; nothing was
            written:</p>
        <ul>${outcome.problems.slice(0, 20).map(problemItem)}</ul>
      </div>
    `;
  return renderPage({
    title: "Import a gallery",
    email,
    main: html`
      <p><a href="/">← Back to the gallery</a></p>
      <h1>Import a gallery</h1>
      ${result}
      <p>A <code>.zip</code> made by <a href="/account">Account</a> → Download the whole gallery, here
      or on another instance: every diagram with its history, collections and images. It adds to what
      is here and never replaces anything.</p>
      <form method="post" action="/import/gallery" enctype="multipart/form-data" class="narrow">
        <label for="archive">Gallery archive (.zip)</label>
        <input type="file" id="archive" name="archive" accept=".zip,application/zip" required>
        <p class="form-actions"><button type="submit" class="primary">Import</button></p>
      </form>
    `,
  });
}
