// The one stylesheet of the diagram pages, served at /static/style.css (the CSP allows no inline
// styles). A string, so that `deno compile` embeds it. Colours and type follow the search UI.

import { DARK_COLOURS, LIGHT_COLOURS, PAGE_BASE_CSS } from "../../runtime/page_base_style.ts";

/** The stylesheet, served as /static/style.css. */
export const STYLE_CSS = `:root {
  color-scheme: light dark;
  ${LIGHT_COLOURS}
  --on-accent: #ffffff;
  --error-bg: #ffebe9;
  --error-fg: #82071e;
  --error-border: #cf222e;
  --badge: #ddf4ff;
}

@media (prefers-color-scheme: dark) {
  :root {
    ${DARK_COLOURS}
    --on-accent: #0d1117;
    --error-bg: #42181c;
    --error-fg: #ffdcd7;
    --error-border: #f85149;
    --badge: #0c2d6b;
  }
}

${PAGE_BASE_CSS}
.site-nav {
  display: flex;
  align-items: center;
  gap: 1rem;
  margin-left: auto;
}

.account { color: var(--muted); }

main {
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1rem 3rem;
}

h1 { font-size: 1.5rem; margin: 0 0 1rem; }

button, .button {
  display: inline-block;
  font: inherit;
  padding: 0.4rem 1rem;
  border: 1px solid var(--border);
  border-radius: 6px;
  background: var(--surface);
  color: var(--fg);
  text-decoration: none;
  cursor: pointer;
}

button.primary {
  background: var(--accent);
  border-color: var(--accent);
  color: var(--on-accent);
}

.link-button {
  border: none;
  background: none;
  padding: 0;
  color: var(--link);
  text-decoration: underline;
}

.narrow { max-width: 24rem; }

label { display: block; font-weight: 600; margin: 1rem 0 0.25rem; }

input[type="email"], input[type="password"], input[type="text"], input[type="search"], textarea {
  width: 100%;
  font: inherit;
  padding: 0.45rem 0.6rem;
  border: 1px solid var(--border);
  border-radius: 6px;
  background: var(--bg);
  color: var(--fg);
}

.form-actions { margin-top: 1.25rem; }

.message {
  padding: 0.75rem 1rem;
  border-radius: 6px;
  margin: 0 0 1rem;
}

.message.error { background: var(--error-bg); color: var(--error-fg); }

.muted { color: var(--muted); }

.message.notice { background: var(--surface); border: 1px solid var(--border); }

/* "… moved to the trash." and its Undo on one line, Undo below the words on a narrow screen. */
.message.undo form {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
}

h2 { font-size: 1.2rem; margin: 2rem 0 0.5rem; }

pre {
  padding: 0.75rem;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 6px;
  overflow-x: auto;
}

.created {
  padding: 0 1rem 1rem;
  border: 2px solid var(--accent);
  border-radius: 8px;
}

.tokens {
  border-collapse: collapse;
  margin: 0.5rem 0 1rem;
}

.tokens th, .tokens td {
  text-align: left;
  padding: 0.4rem 1rem 0.4rem 0;
  border-bottom: 1px solid var(--border);
}

.tokens form { margin: 0; }

/* A link's address in a sentence breaks anywhere rather than widen a phone's page. */
.created p code { overflow-wrap: anywhere; }
/* The share links: a table on a wide screen; on a phone each link is a block of lines, each time
   named by its column's heading, so that no column (the Revoke button) is off to the side. */
.share-links .share-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; }
@media (max-width: 40rem) {
  .share-links thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  .share-links, .share-links tbody, .share-links tr, .share-links th, .share-links td { display: block; }
  .share-links tr { padding: 0.5rem 0; border-bottom: 1px solid var(--border); }
  .share-links th, .share-links td { border: none; padding: 0.15rem 0; }
  .share-links td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
  .share-links .share-actions { margin-top: 0.4rem; }
}

.inline-form { max-width: 24rem; }

.cards {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
  gap: 1rem;
  padding: 0;
  margin: 0;
  list-style: none;
}

.card {
  position: relative;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: var(--bg);
}

.card a {
  display: block;
  color: inherit;
  text-decoration: none;
}

.card img {
  display: block;
  border-radius: 8px 8px 0 0;
  width: 100%;
  aspect-ratio: 14 / 9;
  object-fit: contain;
  background: #ffffff;
  border-bottom: 1px solid var(--border);
}

.card .details {
  display: block;
  padding: 0.6rem 0.75rem;
}

.card .name {
  display: block;
  font-weight: 600;
  overflow-wrap: anywhere;
}

.card time {
  display: block;
  font-size: 0.875rem;
  color: var(--muted);
}

/* The gallery's rows of controls: import, search, order, pages. */
.import, .search, .sorts, .pages {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin: 0 0 1rem;
}

.search { margin-bottom: 1.25rem; }

.import label, .search label { margin: 0; }

.search input[type="search"] { flex: 1 1 16rem; width: auto; }

.sorts ul, .pages ul {
  display: flex;
  gap: 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
}

.sorts a[aria-current] { font-weight: 700; text-decoration: none; color: var(--fg); }

.pages { margin-top: 1.5rem; }

.snippet {
  display: block;
  margin-top: 0.25rem;
  font-size: 0.875rem;
  overflow-wrap: anywhere;
}

mark {
  background: #fff8c5;
  color: #1f2328;
  padding: 0 0.1em;
}

.badge {
  display: inline-block;
  margin-left: 0.4rem;
  padding: 0 0.4rem;
  border-radius: 999px;
  background: var(--badge);
  font-size: 0.75rem;
  vertical-align: middle;
}

.preview {
  display: block;
  width: 100%;
  max-height: 70vh;
  object-fit: contain;
  background: #ffffff;
  border: 1px solid var(--border);
  border-radius: 8px;
}

.actions {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  padding: 0;
  margin: 1rem 0;
  list-style: none;
}
/* Gallery pages: the collections sidebar beside the main content. */
.with-sidebar {
  display: grid;
  grid-template-columns: 15rem minmax(0, 1fr);
  gap: 1rem;
  max-width: 90rem;
  min-height: calc(100vh - 4rem);
  margin: 0 auto;
}
.with-sidebar main { max-width: none; margin: 0; min-width: 0; }
.sidebar {
  padding: 1.5rem 0 1.5rem 1rem;
  border-right: 1px solid var(--border);
}
.sidebar h2 { font-size: 1rem; margin: 0 0 0.5rem; }
.sidebar ul { list-style: none; margin: 0; padding: 0; }
.sidebar ul ul { padding-left: 1rem; }
.sidebar > ul:first-of-type { margin-bottom: 0.75rem; }
.sidebar a {
  display: flex;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 0.2rem 0.75rem 0.2rem 0.5rem;
  border-radius: 6px;
  color: var(--fg);
  text-decoration: none;
  overflow-wrap: anywhere;
}
.sidebar a:hover { background: var(--surface); }
.sidebar a[aria-current="page"] { background: var(--badge); font-weight: 600; }
.count { color: var(--muted); font-size: 0.875rem; }
.drop-target, .sidebar a.drop-target {
  outline: 2px dashed var(--accent);
  outline-offset: -2px;
  background: var(--badge);
}
@media (max-width: 48rem) {
  .with-sidebar { grid-template-columns: minmax(0, 1fr); gap: 0; }
  .sidebar {
    padding: 0.75rem 1rem;
    border-right: none;
    border-bottom: 1px solid var(--border);
    max-height: 14rem;
    overflow-y: auto;
  }
}
.breadcrumbs ol {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  list-style: none;
  margin: 0 0 0.5rem;
  padding: 0;
  font-size: 0.875rem;
}
.breadcrumbs li + li::before { content: "›"; margin-right: 0.25rem; color: var(--muted); }
.breadcrumbs a[aria-current] { color: var(--fg); text-decoration: none; }
/* New diagram, new collection, import: one row that wraps. */
.create {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem 1.5rem;
  margin: 0 0 1rem;
}
.create form { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0; }
.create label { margin: 0; }
.new-collection input[type="text"] { width: 12rem; }
.folders {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  margin: 0 0 1.5rem;
  padding: 0;
}
.folders a {
  display: block;
  padding: 0.5rem 0.75rem;
  border: 1px solid var(--border);
  border-radius: 8px;
  color: var(--fg);
  text-decoration: none;
  font-weight: 600;
}
.folders .muted { display: block; font-weight: 400; font-size: 0.875rem; }
.card .in { display: block; font-size: 0.875rem; color: var(--muted); }
/* A card's actions: a <details> over the thumbnail's corner, its list dropping below. */
.menu { position: absolute; top: 0.5rem; right: 0.5rem; }
.menu summary {
  list-style: none;
  cursor: pointer;
  padding: 0.15rem 0.6rem;
  border: 1px solid var(--border);
  border-radius: 6px;
  background: var(--bg);
  font-size: 0.875rem;
}
.menu summary::-webkit-details-marker { display: none; }
.menu ul {
  position: absolute;
  right: 0;
  z-index: 2;
  min-width: 10rem;
  margin: 0.25rem 0 0;
  padding: 0.25rem 0;
  list-style: none;
  background: var(--bg);
  border: 1px solid var(--border);
  border-radius: 6px;
  box-shadow: 0 4px 12px rgb(0 0 0 / 0.15);
}
.menu li a, .menu li .link-button {
  display: block;
  width: 100%;
  padding: 0.3rem 0.75rem;
  text-align: left;
  color: var(--fg);
  text-decoration: none;
  font-size: 0.9375rem;
}
.menu li a:hover, .menu li .link-button:hover { background: var(--surface); }
.menu form { margin: 0; }
.empty {
  padding: 1rem 1.25rem;
  border: 1px dashed var(--border);
  border-radius: 8px;
}
fieldset { border: 1px solid var(--border); border-radius: 6px; margin: 0 0 1rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
label.choice { font-weight: 400; display: flex; gap: 0.5rem; align-items: baseline; }
select {
  font: inherit;
  padding: 0.4rem 0.5rem;
  border: 1px solid var(--border);
  border-radius: 6px;
  background: var(--bg);
  color: var(--fg);
  max-width: 100%;
}

/* The editor: a one-line bar over a canvas that fills the rest of the window. */
body.editor-page { display: flex; flex-direction: column; height: 100vh; margin: 0; }
.editor-bar {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem 1rem;
  padding: 0.4rem 1rem;
  border-bottom: 1px solid var(--border);
  /* Its menu opens over the canvas, above Excalidraw's own floating buttons. */
  position: relative;
  z-index: 10;
}
.editor-bar .menu li { white-space: nowrap; }
/* Which download is which: as on screen (the editor's export) or clean (the server's). */
.editor-bar .menu small { margin-left: 0.25rem; font-size: 0.8125rem; }
.editor-bar .menu [role="status"]:not(:empty) {
  max-width: 18rem;
  padding: 0.3rem 0.75rem;
  white-space: normal;
  color: var(--error-fg);
}
.editor-bar .breadcrumbs ol { margin: 0; }
.editor-bar .breadcrumbs li:last-child::after { content: "›"; margin-left: 0.25rem; color: var(--muted); }
.editor-bar .rename { display: flex; gap: 0.4rem; margin: 0; min-width: 0; max-width: 100%; }
.editor-bar .rename input {
  font: inherit;
  font-weight: 600;
  min-width: 6rem;
  /* As wide as the name, where the browser can size a field to its content. */
  field-sizing: content;
  max-width: 28rem;
  padding: 0.3rem 0.5rem;
  border: 1px solid transparent;
  border-radius: 6px;
  background: transparent;
  color: var(--fg);
}
.editor-bar .rename input:hover, .editor-bar .rename input:focus { border-color: var(--border); }
.editor-bar .rename button { padding: 0.3rem 0.75rem; }
.editor-bar .status { margin: 0; color: var(--muted); font-size: 0.875rem; }
.editor-bar .status[data-status="live"]::before { content: "● "; color: #2f9e44; }
.editor-bar .status[data-status="replaced"]::before { content: "● "; color: #1971c2; }
.editor-bar .status[data-status="reconnecting"]::before,
.editor-bar .status[data-status="saving-directly"]::before,
.editor-bar .status[data-status="saved-directly"]::before { content: "● "; color: #f08c00; }
.editor-bar .status[data-status="not-saved"],
.editor-bar .status[data-status="gone"] { color: var(--error-fg); }
/* In the bar the menu is a flex item at the right end, not pinned over a card's corner. */
.editor-bar .menu { position: relative; top: auto; right: auto; margin-left: auto; }
/* The note takes a line of its own at the end on narrow screens, and sits before the menu on wide ones. */
.editor-bar .share-note { margin: 0; font-size: 0.8125rem; flex-basis: 100%; order: 1; }
@media (min-width: 60rem) { .editor-bar .share-note { flex-basis: auto; order: 0; } }
/* History: the current drawing and each kept revision, one row each. */
.revisions { list-style: none; margin: 1rem 0; padding: 0; }
.revision {
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: flex-start;
  padding: 0.75rem 0;
  border-bottom: 1px solid var(--border);
}
.revision img {
  width: 10.5rem;
  aspect-ratio: 14 / 9;
  height: auto;
  object-fit: contain;
  background: #ffffff;
  border: 1px solid var(--border);
  border-radius: 6px;
}
.revision h2 { font-size: 1rem; margin: 0 0 0.25rem; }
.revision p { margin: 0 0 0.4rem; }
.revision-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.revision-actions form { margin: 0; }
.card-actions { padding: 0 0.75rem 0.75rem; margin: 0; }
.compare { display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; }
.compare figure { margin: 1rem 0; }
.compare figcaption { font-weight: 600; margin-bottom: 0.4rem; }
.compare .preview { aspect-ratio: 14 / 9; }
.changes ul { margin: 0.25rem 0 0.75rem; }
.changes code { font-size: 0.8125rem; }
.sidebar .sidebar-end { margin-top: 0.75rem; padding-top: 0.75rem; border-top: 1px solid var(--border); }

main.editor { flex: 1; max-width: none; margin: 0; padding: 0; min-height: 0; position: relative; }
.editor-fallback { padding: 1.5rem 1rem; max-width: 72rem; margin: 0 auto; }
/* New from Mermaid: the chart's text, its problems beside it, the preview below. */
textarea {
  display: block;
  min-height: 10rem;
  resize: vertical;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.9375rem;
  line-height: 1.45;
  tab-size: 2;
}
.mermaid-form { max-width: 48rem; }
.mermaid-form .hint { margin: 0 0 0.4rem; font-size: 0.875rem; }
.field-problem {
  margin: 0.4rem 0 0;
  padding: 0.5rem 0.75rem;
  border-radius: 6px;
  background: var(--error-bg);
  color: var(--error-fg);
}
.field-problem p { margin: 0; }
.field-problem ul { margin: 0.25rem 0 0; padding-left: 1.25rem; overflow-wrap: anywhere; }
/* The chart's line under a problem, with a caret under the column. */
pre.excerpt { margin: 0.25rem 0 0.4rem; padding: 0.4rem 0.5rem; font-size: 0.8125rem; }
.field-problem pre.excerpt { background: var(--bg); color: var(--fg); border-color: var(--error-border); }
textarea[aria-invalid="true"], input[aria-invalid="true"] {
  border: 2px solid var(--error-border);
}
/* The drawing at a readable size in a frame that scrolls both ways (pan-zoom.js adds zoom and
   drag); the frame is as wide as the page and at most most of the window high. */
.preview-frame {
  overflow: auto;
  max-height: 75vh;
  border: 1px solid var(--border);
  border-radius: 8px;
  background: #ffffff;
  cursor: grab;
  touch-action: pan-x pan-y;
}
.preview-frame.dragging { cursor: grabbing; user-select: none; }
/* Sized by its width and height attributes: the page's and pan-zoom.js's scale. */
.preview-frame .drawing { display: block; max-width: none; }
.zoom-controls { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem; margin: 0 0 0.5rem; }
.zoom-controls[hidden] { display: none; }
.zoom-controls button { min-width: 2.5rem; }
.zoom-controls [data-zoom-status] { min-width: 3.5rem; text-align: center; font-variant-numeric: tabular-nums; }
.mermaid-preview h3 { font-size: 1rem; margin: 1rem 0 0.25rem; }
.mermaid-preview .notes { margin: 0; overflow-wrap: anywhere; }
.create .button { padding: 0.4rem 1rem; }
`;
