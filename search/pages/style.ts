// The one stylesheet, served at /static/style.css (the CSP allows no inline styles). It is a
// string here rather than a file read at start so that `deno compile` embeds it and the server
// needs no read permission for it.

import { DARK_COLOURS, LIGHT_COLOURS, PAGE_BASE_CSS } from "../../runtime/page_base_style.ts";

// The dark palette serves two rules, the dark theme and the system theme on a dark system: CSS
// cannot join a selector inside a media query with one outside it.
const DARK_PALETTE = `color-scheme: dark;
  ${DARK_COLOURS}
  --visited: #bc8cff;
  --notice: #12361f;`;

/** The stylesheet, served as /static/style.css. */
export const STYLE_CSS =
  `/* Colours: light by default, dark when asked for or when the system prefers it. */
:root {
  color-scheme: light;
  ${LIGHT_COLOURS}
  --visited: #6639ba;
  --notice: #dafbe1;
}

:root[data-theme="dark"] {
  ${DARK_PALETTE}
}

@media (prefers-color-scheme: dark) {
  :root[data-theme="auto"] {
    ${DARK_PALETTE}
  }
}

${PAGE_BASE_CSS}
a:visited {
  color: var(--visited);
}

.site-header .search-form {
  flex: 1 1 30rem;
}

.site-nav {
  margin-left: auto;
}

.site-nav ul,
.categories ul,
.pagination ul,
ul.engines,
.suggestions ul,
.corrections ul {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 0.75rem;
  margin: 0;
  padding: 0;
  list-style: none;
}

/* Search form. */
.search-box {
  display: flex;
  gap: 0.5rem;
}

.search-box input {
  flex: 1;
  min-width: 0;
}

input,
select,
button {
  font: inherit;
  color: inherit;
}

input[type="search"],
select {
  padding: 0.4rem 0.6rem;
  background: var(--bg);
  border: 1px solid var(--border);
  border-radius: 6px;
}

button {
  padding: 0.4rem 0.9rem;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 6px;
  cursor: pointer;
}

.search-button {
  background: var(--accent);
  border-color: var(--accent);
  color: #ffffff;
}

.categories {
  margin-top: 0.5rem;
}

/* Category tabs: links (buttons with the POST preference), the current one underlined. */
.categories a,
.categories button {
  display: inline-block;
  padding: 0.25rem 0.5rem;
  background: none;
  border: 0;
  border-bottom: 2px solid transparent;
  border-radius: 0;
  color: var(--muted);
  text-decoration: none;
}

.categories a:hover,
.categories button:hover {
  color: var(--fg);
}

.categories [aria-current="page"] {
  border-bottom-color: var(--accent);
  color: var(--fg);
  font-weight: 600;
}

/* Filters: one line saying what is chosen until opened. */
.filters {
  margin-top: 0.35rem;
  font-size: 0.9rem;
}

.filters > summary {
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  cursor: pointer;
}

.filters .chosen {
  margin-left: 0.25rem;
  color: var(--muted);
  font-size: 0.8rem;
}

.filter-fields {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  margin-top: 0.35rem;
}

.filter-fields label {
  margin-right: 0.25rem;
  color: var(--muted);
}

/*
 * Where there is room the filters stay open with no summary, as SearXNG shows them; a browser
 * that cannot style a disclosure's content keeps the summary.
 */
@media (min-width: 60rem) {
  @supports selector(::details-content) {
    .filters > summary {
      display: none;
    }

    .filters::details-content {
      content-visibility: visible;
    }

    .filter-fields {
      margin-top: 0.5rem;
    }
  }
}

/*
 * A narrow screen: the brand and the site links share the first line, the tabs keep to one line
 * and scroll sideways, so the first result shows in the first screen.
 */
@media (max-width: 40rem) {
  .results .site-header {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 0.35rem 1rem;
    padding: 0.5rem 0.75rem;
  }

  .results .site-header .search-form {
    grid-column: 1 / -1;
    grid-row: 2;
  }

  .results .site-nav {
    grid-row: 1;
    grid-column: 2;
    justify-self: end;
    font-size: 0.875rem;
  }

  .categories {
    margin-top: 0.25rem;
  }

  /*
   * Padding gives the focus ring room: the scrolling list would clip it. No width of its own (the
   * column's instead), so that the tabs' total width does not widen the page.
   */
  .categories ul {
    flex-wrap: nowrap;
    gap: 0;
    width: 0;
    min-width: calc(100% + 0.6rem);
    padding: 0.3rem;
    margin: -0.3rem;
    overflow-x: auto;
    scrollbar-width: thin;
  }

  .categories li {
    flex: none;
  }

  .categories a,
  .categories button {
    padding: 0.25rem 0.4rem;
  }
}

/* Start page: the form in the middle of the screen. */
.start main {
  width: 100%;
  max-width: 40rem;
  margin: 15vh auto 0;
  padding: 0 1rem;
  text-align: center;
}

.start .search-form {
  text-align: left;
}

.instance-name {
  font-size: 2.5rem;
}

/* The page's own padding is margin enough on a narrow screen: room for every tab. */
@media (max-width: 40rem) {
  .start main {
    padding: 0;
  }
}

/* Page body: one column, with the sidebar beside the results on wide screens. */
.page {
  display: grid;
  gap: 1rem 2rem;
  padding: 1rem;
}

.page > main {
  min-width: 0;
}

/*
 * Narrow, one column in the page's order: results, the sidebar (infobox, suggestions), the pager.
 * Wide, the sidebar beside the results and the pager under them.
 */
@media (min-width: 60rem) {
  .results .page {
    grid-template-columns: minmax(0, 45rem) minmax(0, 22rem);
    grid-template-rows: auto 1fr;
    grid-template-areas: "main aside" "pager aside";
  }

  .results .page > main {
    grid-area: main;
  }

  .results .page > aside {
    grid-area: aside;
  }

  .results .page > .pagination {
    grid-area: pager;
  }

  /* Beside the infobox that shows the same article, its summary is not shown twice. */
  .result .content.in-infobox {
    display: none;
  }

  /* Images take the room there is. */
  .results-images .page {
    grid-template-columns: minmax(0, 1fr) minmax(0, 18rem);
  }
}

h1,
h2,
h3 {
  line-height: 1.25;
}

/* Results. */
.answer,
.infobox,
aside section,
.no-results,
.notice {
  padding: 0.75rem 1rem;
  margin-bottom: 1rem;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 8px;
}

.notice {
  background: var(--notice);
}

/* An answer: its text large enough to read at a glance, its source and Copy button below. */
.answer-text {
  margin: 0;
  font-size: 1.25rem;
  overflow-wrap: anywhere;
}

.answer-tools {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem 0.75rem;
  margin-top: 0.4rem;
}

.answer-tools button {
  padding: 0.2rem 0.7rem;
}

.copy-status {
  color: var(--muted);
}

.corrections {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
}

.corrections p {
  margin: 0;
}

.search-again {
  display: inline;
}

.suggestions button,
.corrections button {
  padding: 0;
  background: none;
  border: 0;
  color: var(--link);
  text-decoration: underline;
}

.result {
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  column-gap: 1rem;
  margin-bottom: 1.5rem;
}

.result > * {
  grid-column: 1;
}

.result h3 {
  margin: 0;
  font-size: 1.15rem;
  font-weight: 500;
}

.result .url {
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: var(--muted);
  font-size: 0.875rem;
}

.result .thumbnail {
  grid-column: 2;
  grid-row: 1 / span 4;
  max-width: 8rem;
  max-height: 6rem;
  border-radius: 4px;
  object-fit: cover;
}

.result-videos .thumbnail {
  max-width: 10rem;
  max-height: 7.5rem;
}

.result .content {
  margin: 0.25rem 0;
  overflow-wrap: anywhere;
}

.meta {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  color: var(--muted);
  font-size: 0.8rem;
}

ul.engines li {
  padding: 0 0.4rem;
  border: 1px solid var(--border);
  border-radius: 1rem;
}

/* A result's facts (length, author, journal, version…): names and values on flowing lines. */
.facts {
  display: flex;
  flex-wrap: wrap;
  gap: 0.1rem 1rem;
  margin: 0.25rem 0;
  font-size: 0.875rem;
}

.facts div {
  display: flex;
  gap: 0.35rem;
  min-width: 0;
}

.facts dt {
  color: var(--muted);
}

.facts dd {
  margin: 0;
  overflow-wrap: anywhere;
}

ul.links {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin: 0.25rem 0;
  padding: 0;
  list-style: none;
  font-size: 0.875rem;
}

.play {
  margin: 0.25rem 0;
  font-size: 0.875rem;
}

.note,
.off-by-default {
  color: var(--muted);
  font-size: 0.875rem;
}

/* Images: a grid of thumbnails, each linking the full image, its title linking the page. */
.image-grid {
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 1rem;
  margin: 0 0 1.5rem;
  padding: 0;
  list-style: none;
}

.image-grid .result {
  display: block;
  margin: 0;
  min-width: 0;
}

.image-frame a,
.image-frame > .no-preview {
  display: flex;
  align-items: center;
  justify-content: center;
  height: 9rem;
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: 6px;
  overflow: hidden;
}

.image-frame img {
  display: block;
  max-width: 100%;
  max-height: 100%;
  object-fit: contain;
}

.image-details span {
  white-space: nowrap;
}

.no-preview {
  color: var(--muted);
  font-size: 0.875rem;
}

.image-grid h3 {
  margin-top: 0.35rem;
  font-size: 0.9rem;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}

.image-details,
.image-source {
  margin: 0;
  overflow-wrap: anywhere;
  color: var(--muted);
  font-size: 0.8rem;
}

/* The player page: the frame as wide as the column, 16:9. */
.player iframe {
  display: block;
  width: 100%;
  max-width: 60rem;
  aspect-ratio: 16 / 9;
  border: 0;
  background: #000000;
}

/* Sidebar. */
aside h2 {
  margin-top: 0;
  font-size: 1.05rem;
}

.infobox img {
  max-width: 100%;
  height: auto;
}

.infobox dl div {
  display: flex;
  gap: 0.5rem;
}

.infobox dt {
  font-weight: 600;
}

.infobox dd {
  margin: 0;
}

aside ul {
  padding-left: 1.2rem;
}

.pagination {
  margin: 2rem 0;
}

.pagination .current {
  display: inline-block;
  padding: 0.4rem 0.9rem;
  font-weight: 700;
}

/* Preferences and statistics (the form and the table: their pages' bodies carry the same class). */
form.preferences,
table.stats,
main > h1 {
  max-width: 60rem;
}

fieldset {
  min-width: 0;
  margin: 0 0 1.5rem;
  border: 1px solid var(--border);
  border-radius: 8px;
}

/* Engines, one group per category, with links to jump to each. */
.engine-group {
  margin-bottom: 1rem;
}

.engine-categories ul {
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin: 0 0 1rem;
  padding: 0;
  list-style: none;
}

/* The same columns in every group, whatever its engines' names. */
.engine-table {
  width: 100%;
  table-layout: fixed;
}

.engine-table .switch {
  width: 3.5rem;
}

.engine-table .shortcut {
  width: 7rem;
}

.engine-table th[scope="row"] {
  font-weight: 500;
  overflow-wrap: anywhere;
}

.plugin .description {
  display: block;
  margin-left: 1.75rem;
  color: var(--muted);
  font-size: 0.875rem;
}

.engine-table .supports {
  display: block;
  color: var(--muted);
  font-size: 0.8rem;
  font-weight: 400;
}

legend {
  padding: 0 0.25rem;
  font-weight: 600;
}

.field {
  margin: 0.5rem 0;
}

.field > label {
  margin-right: 0.5rem;
}

.table-wrap {
  overflow-x: auto;
}

table {
  border-collapse: collapse;
}

th,
td {
  padding: 0.35rem 0.75rem;
  border-bottom: 1px solid var(--border);
  text-align: left;
}

thead th {
  font-size: 0.875rem;
  color: var(--muted);
}

td.yes,
td.no {
  text-align: center;
}

.stats td {
  font-variant-numeric: tabular-nums;
}

/* One engine's facts: names and values side by side. */
.engine-facts {
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0.35rem 1.5rem;
  margin: 0 0 1.5rem;
}

.engine-facts dt {
  color: var(--muted);
}

.engine-facts dd {
  margin: 0;
  font-variant-numeric: tabular-nums;
}
`;
