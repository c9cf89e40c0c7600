// The shell every diagram page shares: head (our stylesheet only; no inline script or style),
// skip link, header with the brand and, when signed in, the account and a Sign out form; the
// gallery pages add their collections sidebar.
import { attrs, type Html, html } from "../../runtime/markup.ts";

/** What a page puts in the shell: its title, main content and extras. */
export interface PageParts {
  title: string;
  /** The signed-in account's email; absent on the login page. */
  email?: string;
  main: Html;
  /** The collections sidebar of the gallery pages, beside the main content. */
  sidebar?: Html;
  /** Our own script files, loaded deferred (the CSP allows no inline script). */
  scripts?: string[];
}

/** A whole page: the shared shell around `parts`. */
export function renderPage(parts: PageParts): string {
  const signedIn = parts.email === undefined ? "" : html`
    <nav class="site-nav" aria-label="Account">
      <a class="account" href="/account" title="Account and access tokens">${parts.email}</a>
      <form method="post"
        action="/logout"><button type="submit" class="link-button">Sign out</button></form>
    </nav>
  `;
  return htmlDocument({
    title: parts.title,
    head: html`${(parts.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}`,
    body: html`
      <a class="skip-link" href="#main">Skip to main content</a>
      <header class="site-header">
        <a class="brand" href="/">Diagrams</a>
        ${signedIn}
      </header>
      <div class="${parts.sidebar ? "with-sidebar" : "single"}">
        ${parts.sidebar ?? ""}
        <main id="main">
          ${parts.main}
        </main>
      </div>
    `,
  });
}

/**
 * A whole page: the head every page shares (our stylesheet, no referrer, the title) with `head`
 * after it, and `body` (with `bodyClass`, if any).
 */
export function htmlDocument(parts: {
  title: string;
  head?: Html;
  bodyClass?: string;
  body: Html;
}): string {
  const document = html`
    <html lang="en">
      <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>${parts.title} · Diagrams</title>
        <link rel="stylesheet" href="/static/style.css">
        <link rel="icon" href="/favicon.svg" type="image/svg+xml">
        ${parts.head ?? ""}
      </head>
      <body${attrs({ class: parts.bodyClass })}>
        ${parts.body}
      </body>
    </html>
  `;
  return `<!doctype html>\n${document.toString().trim()}\n`;
}

/** A form's problem, announced to screen readers; nothing when there is none. */
export function problemMessage(problem: string | undefined): Html | "" {
  return problem ? html`<p class="message error" role="alert">${problem}</p>` : "";
}

/** What an action did, shown above the page it came back to. */
export function noticeMessage(notice: Html | undefined): Html | "" {
  return notice ? html`<p class="message notice" role="status">${notice}</p>` : "";
}

/** A small page with one form: the way back, the problem if any, then the form. */
export function formPage(parts: {
  title: string;
  email: string;
  back: Html;
  problem?: string;
  body: Html;
}): string {
  return renderPage({
    title: parts.title,
    email: parts.email,
    main: html`
      <p>${parts.back}</p>
      ${problemMessage(parts.problem)}
      ${parts.body}
    `,
  });
}

/** The rename form of a diagram or a collection: its name, filled in, and a Rename button. */
export function renameForm(parts: { action: string; name: string; back?: string }): Html {
  return html`
    <h1>Rename “${parts.name}”</h1>
    <form method="post" action="${parts.action}" class="inline-form">
      ${parts.back === undefined
        ? ""
        : html`<input type="hidden" name="back" value="${parts.back}">`}
      <label for="name">Name</label>
      <input type="text" id="name" name="name" required maxlength="200"
        value="${parts.name}" autofocus>
      <p class="form-actions"><button type="submit" class="primary">Rename</button></p>
    </form>
  `;
}
