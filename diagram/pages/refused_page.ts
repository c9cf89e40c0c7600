// The page for a form the service could not take as the browser sent it (too large, the wrong
// kind of body, one that stalled or does not parse): what was wrong, in words, and the way back.
// A person who submitted a form reads a page, never a JSON error.
import { html } from "../../runtime/markup.ts";
import { renderPage } from "./layout.ts";

/** The page for a form refused as sent (see above). */
export function refusedPage(email: string, reason: string): string {
  return renderPage({
    title: "Not sent",
    email,
    main: html`
      <h1>That could not be sent</h1>
      <p>The server refused it: ${reason}. Nothing was changed.</p>
      <p><a href="/">Back to the gallery</a></p>
    `,
  });
}
