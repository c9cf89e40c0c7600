import assert from "node:assert/strict";
import { buildPdf, SAMPLE_PDF_PAGES } from "../../tests/fixtures/read_url/make_pdf.ts";
import { MAX_PDF_PAGES, pdfToText } from "./pdf_to_text.ts";
import { UnreadableContentError } from "./unreadable_content_error.ts";

const SAMPLE_PDF = new URL("../../tests/fixtures/read_url/sample.pdf", import.meta.url);

async function rejection(bytes: Uint8Array): Promise<string> {
  const error = await pdfToText(bytes).then(() => null, (error: unknown) => error);
  assert.ok(error instanceof UnreadableContentError, `expected UnreadableContentError: ${error}`);
  return error.message;
}

Deno.test("sample.pdf reads as its lines, the two pages separated by a blank line", async () => {
  const expected = SAMPLE_PDF_PAGES.map((lines) => lines.join("\n")).join("\n\n");
  assert.equal(await pdfToText(await Deno.readFile(SAMPLE_PDF)), expected);
});

Deno.test("the caller's bytes stay usable after reading", async () => {
  const bytes = buildPdf([["Reusable bytes"]]);
  await pdfToText(bytes);
  assert.equal(await pdfToText(bytes), "Reusable bytes");
});

Deno.test("bytes that are not a PDF are refused as damaged", async () => {
  assert.equal(
    await rejection(new TextEncoder().encode("%PDF-1.7\nthis is not really a PDF")),
    "the content is not a valid PDF (it may be damaged)",
  );
});

Deno.test("a password-protected PDF is refused with a clear message", async () => {
  assert.equal(
    await rejection(buildPdf([["secret"]], { passwordProtected: true })),
    "the PDF is password-protected",
  );
});

Deno.test("a PDF without text (scanned pages) is refused", async () => {
  assert.match(await rejection(buildPdf([[], []])), /no extractable text/);
});

Deno.test(`a PDF of more than ${MAX_PDF_PAGES} pages is refused before reading`, async () => {
  const pages = Array.from({ length: MAX_PDF_PAGES + 1 }, () => []);
  assert.equal(
    await rejection(buildPdf(pages)),
    `the PDF has ${MAX_PDF_PAGES + 1} pages; web_url_read reads PDFs of up to 500 pages`,
  );
});
