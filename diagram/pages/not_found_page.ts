// The page for an address with nothing behind it: a diagram or collection that is not there.
import { html } from "../../runtime/markup.ts";
import { renderPage } from "./layout.ts";

/** The 404 page. */
export function notFoundPage(email: string, what = "Diagram"): string {
  return renderPage({
    title: "Not found",
    email,
    main: html`
      <h1>${what} not found</h1>
      <p>There is nothing at this address, or it was deleted. <a href="/">Back to the gallery</a></p>
    `,
  });
}
