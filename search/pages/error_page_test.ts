import assert from "node:assert/strict";
import { first, text } from "../engines/toolkit/html.ts";
import { renderErrorPage } from "./error_page.ts";
import { checkPage, samplePrefs, sampleSite, SCRIPT_PAYLOAD } from "./pages_testing.ts";

Deno.test("the error page shows the status and the escaped message", () => {
  const page = renderErrorPage(
    sampleSite(),
    samplePrefs(),
    400,
    `Invalid value ${SCRIPT_PAYLOAD} for parameter pageno`,
  );
  const document = checkPage(page);
  assert.equal(text(first(document, "h1")), "Error 400");
  assert.equal(
    text(first(document, ".error-message")),
    "Invalid value <script>alert(1)</script> for parameter pageno",
  );
  assert.equal(text(first(document, "title")), "Error 400 · Test Search");
});
