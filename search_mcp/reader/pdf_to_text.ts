// PDF to plain text with unpdf (a serverless build of PDF.js): one block per page, pages
// separated by a blank line.
import { extractText, getDocumentProxy } from "unpdf";
import { UnreadableContentError } from "./unreadable_content_error.ts";

/** Longer PDFs are refused rather than read. */
export const MAX_PDF_PAGES = 500;

/** A PDF's text, page by page; throws UnreadableContentError for one it cannot read. */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  const pdf = await openPdf(bytes);
  try {
    if (pdf.numPages > MAX_PDF_PAGES) {
      throw new UnreadableContentError(
        `the PDF has ${pdf.numPages} pages; web_url_read reads PDFs of up to ${MAX_PDF_PAGES} pages`,
      );
    }
    const { text } = await extractText(pdf, { mergePages: false });
    const pages = text.map(tidyPage).filter((page) => page !== "");
    if (pages.length === 0) {
      throw new UnreadableContentError(
        "the PDF has no extractable text (it is probably scanned images of pages)",
      );
    }
    return pages.join("\n\n");
  } finally {
    await pdf.loadingTask.destroy();
  }
}

async function openPdf(bytes: Uint8Array) {
  try {
    // PDF.js may take over the buffer it is given; the caller's bytes stay untouched.
    return await getDocumentProxy(bytes.slice(), { verbosity: 0 });
  } catch (error) {
    if (error instanceof Error && error.name === "PasswordException") {
      throw new UnreadableContentError("the PDF is password-protected", { cause: error });
    }
    throw new UnreadableContentError("the content is not a valid PDF (it may be damaged)", {
      cause: error,
    });
  }
}

/** PDF.js ends text runs with spaces and lines with stray blanks; blank-line runs become one. */
function tidyPage(page: string): string {
  return page
    .split("\n")
    .map((line) => line.replace(/[^\S\n]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
