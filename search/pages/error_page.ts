// A page for failures the user should see in the browser UI (bad parameters, unknown pages).
import { renderPage, type SiteView } from "./layout.ts";
import { html } from "../../runtime/markup.ts";
import type { Preferences } from "../core/preferences.ts";

/** A page that says what went wrong (bad parameters, an unknown page), in the house style. */
export function renderErrorPage(
  site: SiteView,
  prefs: Preferences,
  status: number,
  message: string,
): string {
  return renderPage(site, prefs, {
    kind: "error",
    title: `Error ${status}`,
    main: html`<h1>Error ${status}</h1>
<p class="error-message">${message}</p>
<p><a href="/">Back to the start page</a></p>`,
  });
}
