// GET and POST /new/mermaid: a new diagram from a Mermaid flowchart. A name, the chart's text, and
// two buttons: Preview draws the chart on this same page (the server's own drawing, nothing saved)
// with what of it is not drawn; Create saves it and opens the editor. A chart that cannot be drawn
// shows why beside the text, which stays as it was typed. Works without JavaScript.
import { attrs, type Html, html } from "../../runtime/markup.ts";
import { renderPage } from "./layout.ts";
import { panZoomFrame } from "./pan_zoom_frame.ts";
import { problemItem } from "./problem_item.ts";

/** What the New-from-Mermaid page shows: the chart typed, its preview or its problems. */
export interface NewMermaidView {
  email: string;
  name: string;
  mermaid: string;
  /** The collection the diagram goes into, when the page was opened from one. */
  collection?: { id: string; name: string };
  /** Why the name was refused. */
  nameProblem?: string;
  /** Why the chart cannot be drawn: each problem as the parser words it (line and column). */
  chartProblems?: string[];
  /** A problem with neither field (a busy server, a collection gone). */
  problem?: string;
  preview?: {
    /** Our own SVG render of the chart at its own size, shown as an image. */
    svg: string;
    /** Its own size in px. */
    width: number;
    height: number;
    nodes: number;
    edges: number;
    notes: string[];
  };
}

/** The example the empty text area shows until a person writes their own chart. */
export const EXAMPLE_CHART = `flowchart LR
  user([Person]) --> web[Web app]
  web -->|reads| db[(Database)]`;

/** The New-from-Mermaid page: a chart, its preview, and Create. */
export function newMermaidPage(view: NewMermaidView): string {
  const back = view.collection
    ? html`<a href="/c/${view.collection.id}">← Back to ${view.collection.name}</a>`
    : html`<a href="/">← Back to the gallery</a>`;
  const chartProblems = view.chartProblems ?? [];
  const chartDescribedBy = ["mermaid-hint", chartProblems.length ? "mermaid-problems" : ""]
    .filter(Boolean).join(" ");
  return renderPage({
    title: "New from Mermaid",
    email: view.email,
    scripts: view.preview ? ["/static/pan-zoom.js"] : [],
    main: html`
      <p>${back}</p>
      <h1>New from Mermaid</h1>
      ${view.problem ? html`<p class="message error" role="alert">${view.problem}</p>` : ""}
      <form method="post" action="/new/mermaid" class="mermaid-form">
        ${view.collection
          ? html`
            <input type="hidden" name="collectionId" value="${view.collection.id}">
            <p class="muted">It goes into “${view.collection.name}”.</p>
          `
          : ""}
        <label for="name">Name</label>
        <input${attrs({
          type: "text",
          id: "name",
          name: "name",
          required: true,
          maxlength: 200,
          value: view.name,
          "aria-invalid": view.nameProblem ? "true" : null,
          "aria-describedby": view.nameProblem ? "name-problem" : null,
        })}>
        ${view.nameProblem
          ? html`<p class="field-problem" id="name-problem">${view.nameProblem}</p>`
          : ""}
        <label for="mermaid">Flowchart</label>
        <p class="hint muted" id="mermaid-hint">Mermaid flowchart text, starting with
          <code>flowchart TD</code> or <code>graph LR</code>. Subgraphs become groups; the
          server lays it out itself.</p>
        <textarea${attrs({
          id: "mermaid",
          name: "mermaid",
          rows: 10,
          required: true,
          spellcheck: "false",
          autocapitalize: "off",
          placeholder: EXAMPLE_CHART,
          "aria-invalid": chartProblems.length ? "true" : null,
          "aria-describedby": chartDescribedBy,
        })}>${// The parser drops one line break right after the tag: this one, not the chart's own.
        `\n${view.mermaid}`}</textarea>
        ${chartProblems.length ? chartProblemList(chartProblems) : ""}
        <p class="form-actions">
          <button type="submit" name="action" value="preview" formnovalidate>Preview</button>
          <button type="submit" name="action" value="create" class="primary">Create</button>
        </p>
      </form>
      ${view.preview ? preview(view.preview) : ""}
    `,
  });
}

function chartProblemList(problems: string[]): Html {
  return html`
    <div class="field-problem" id="mermaid-problems" role="alert">
      <p>The chart cannot be drawn${problems.length > 1
        ? html`
          (${problems.length} problems)
        `
        : ""}:</p>
      <ul>${problems.slice(0, 20).map(problemItem)}</ul>
    </div>
  `;
}

/**
 * The drawing opens at this scale of its own size: its 20 px node labels at 14 px, read without
 * zooming on any screen; the frame scrolls (and pans and zooms with pan-zoom.js) over the rest.
 */
const READABLE_SCALE = 0.7;

function preview(drawn: NonNullable<NewMermaidView["preview"]>): Html {
  const image = `data:image/svg+xml;base64,${new TextEncoder().encode(drawn.svg).toBase64()}`;
  const counts = `${drawn.nodes} node${drawn.nodes === 1 ? "" : "s"}, ${drawn.edges} edge${
    drawn.edges === 1 ? "" : "s"
  }`;
  const natural = { width: drawn.width, height: drawn.height };
  return html`
    <section class="mermaid-preview" aria-labelledby="preview-heading" data-pan-zoom>
      <h2 id="preview-heading">Preview</h2>
      <p class="muted" role="status">${counts}. Not saved yet: Create saves it.</p>
      ${panZoomFrame({
        src: image,
        alt: `The drawing of the chart: ${counts}`,
        ...natural,
        scale: READABLE_SCALE,
      })}
      ${drawn.notes.length
        ? html`
          <h3>Not drawn</h3>
          <ul class="notes">${drawn.notes.map((note) => html`<li>${note}</li>`)}</ul>
        `
        : ""}
    </section>
  `;
}
