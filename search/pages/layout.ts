// The shell every page shares: head (no scripts, no inline styles — the CSP forbids both), skip
// link, header with the site navigation, and the main column with an optional sidebar.
import { type Html, html } from "../../runtime/markup.ts";
import type { Preferences } from "../core/preferences.ts";
import type { EmbeddedVideo } from "../service/video_embed.ts";

/** The machine-readable formats a results page links to, when the settings allow them. */
export type ExtraFormat = "json" | "csv" | "rss";

/** What every page needs to know about the instance (built by the caller from the settings). */
export interface SiteView {
  instanceName: string;
  /** Category tabs, in order. */
  categories: string[];
  /** Enabled extra output formats, for download links. */
  extraFormats: ExtraFormat[];
  autocomplete: boolean;
  /** Returns the proxied or the original URL. */
  imageProxy: (url: string) => string;
  /** The signed link to our page that plays a video's player, null when it has none we frame. */
  videoEmbed: (video: EmbeddedVideo) => string | null;
  /** Choices of the language select. */
  languages: { tag: string; label: string }[];
}

/** What a page puts in the shell: its title, main content and extras. */
export interface PageParts {
  /** Shown after the instance name; never the query (it would end up in history and tab titles). */
  title?: string;
  /** A class on `<body>` naming the page, for the stylesheet. */
  kind: string;
  /** Extra `<link>`s for `<head>`. */
  head?: Html;
  /** Shown in the header between the instance name and the site navigation (the search form). */
  header?: Html;
  /** false on the start page, whose main column names the instance itself. */
  brand?: boolean;
  main: Html;
  aside?: Html;
  /**
   * The results' pager: after the sidebar in the page, so that on a narrow screen, where the
   * sidebar follows the results, its infobox and suggestions come before the pager, not after.
   */
  pager?: Html;
}

/** A whole page: the shared shell around `parts`. */
export function renderPage(site: SiteView, prefs: Preferences, parts: PageParts): string {
  const title = parts.title ? `${parts.title} · ${site.instanceName}` : site.instanceName;
  // The template is trimmed: the formatter indents it, and the doctype must come first.
  const document = html`
    <html lang="en" data-theme="${prefs.theme}">
      <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="referrer" content="no-referrer">
    <title>${title}</title>
    <link rel="stylesheet" href="/static/style.css">
    <link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml" title="${site
      .instanceName}">
    ${parts.head}
      </head>
      <body class="${parts.kind}">
        <a class="skip-link" href="#main">Skip to main content</a>
        <header class="site-header">
    ${parts.brand === false ? "" : html`<a class="brand" href="/">${site.instanceName}</a>`}
    ${parts.header}
    <nav class="site-nav" aria-label="Site">
    <ul>
    <li><a href="/preferences">Preferences</a></li>
    <li><a href="/stats">Engine statistics</a></li>
    </ul>
    </nav>
        </header>
        <div class="page">
    <main id="main">
    ${parts.main}
    </main>
    ${parts.aside}
    ${parts.pager}
        </div>
      </body>
    </html>
  `;
  return `<!doctype html>\n${document.toString().trim()}\n`;
}
