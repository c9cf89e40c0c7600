// Fetched bytes to Markdown: decode, classify, convert. The one entry point of the reader's
// content pipeline.
import { decodeText } from "./charset.ts";
import { fencedCodeBlock } from "./code_fence.ts";
import { classifyContent } from "./content_kind.ts";
import { htmlToMarkdown } from "./html_to_markdown.ts";
import { pdfToText } from "./pdf_to_text.ts";
import { UnreadableContentError } from "./unreadable_content_error.ts";

export { UnreadableContentError };

/** A fetched body with what converting it needs: its type and final URL. */
export interface FetchedDocument {
  bytes: Uint8Array;
  /** The Content-Type header as received, or null when there was none. */
  contentType: string | null;
  /** The final URL (after redirects): relative links resolve against it. */
  url: string;
}

/** A document as web_url_read returns it: its kind, title and Markdown. */
export interface ConvertedDocument {
  kind: "html" | "pdf" | "json" | "text";
  title: string | null;
  /** "" when the document holds no text (a page that renders with JavaScript only). */
  markdown: string;
}

/**
 * Throws UnreadableContentError for an empty body, for content that is not text and for PDFs or
 * HTML the reader cannot open (encrypted, scanned, damaged, nested too deeply).
 */
export async function convertDocument(document: FetchedDocument): Promise<ConvertedDocument> {
  const { bytes, contentType, url } = document;
  if (bytes.length === 0) throw new UnreadableContentError("the page is empty");
  const content = classifyContent(bytes, contentType);
  switch (content.kind) {
    case "unsupported":
      throw new UnreadableContentError(content.reason);
    case "pdf":
      // PDF text is prose laid out in lines, not code: as plain paragraphs it reads naturally
      // and paging by paragraph works; a fence would also hide any heading-like lines.
      return { kind: "pdf", title: null, markdown: await pdfToText(bytes) };
    case "html": {
      const { title, markdown } = htmlToMarkdown(decodeText(bytes, contentType), url);
      return { kind: "html", title, markdown };
    }
    case "json":
      return { kind: "json", title: null, markdown: jsonMarkdown(decodeText(bytes, contentType)) };
    case "text":
      return {
        kind: "text",
        title: null,
        markdown: textMarkdown(decodeText(bytes, contentType), content.language),
      };
  }
}

/** Pretty-printed with two spaces; text that does not parse is shown as it came. */
function jsonMarkdown(text: string): string {
  if (text.trim() === "") return "";
  let shown = text.trim();
  try {
    shown = JSON.stringify(JSON.parse(text, numbersAsWritten), null, 2);
  } catch {
    // Not JSON after all (or JSON lines): the raw text still reads.
  }
  return fencedCodeBlock(shown, "json");
}

/** What ES2025 adds to JSON and the TypeScript library does not know yet. */
const JSON_WITH_RAW = JSON as JSON & { rawJSON(text: string): unknown };

/** Large ids (above 2^53) and decimals like 1.10 must not be rounded or reformatted. */
function numbersAsWritten(_key: string, value: unknown, context?: { source?: string }): unknown {
  return typeof value === "number" && context?.source !== undefined
    ? JSON_WITH_RAW.rawJSON(context.source)
    : value;
}

/**
 * Markdown is returned as it is: it already is the output format, and its headings keep working
 * for paging by section. Everything else is fenced, which keeps its line layout intact.
 */
function textMarkdown(text: string, language: string): string {
  const lines = text.replace(/\r\n?/g, "\n");
  if (lines.trim() === "") return "";
  if (language === "markdown") return lines.trim();
  return fencedCodeBlock(lines.replace(/^\s*\n|\s+$/g, ""), language);
}
