// Selecting part of a converted document for the reader tool, in the order mcp-searxng applies
// its options: only the headings, or a section, then a paragraph range, then a character
// window. The window reports where the next call should start.
import { findHeadings, splitParagraphs } from "./markdown_structure.ts";

/** What part of a page web_url_read was asked for: a window, a section, paragraphs or the headings. */
export interface SelectionOptions {
  startChar?: number;
  maxLength?: number;
  /** Text contained in a heading (case-insensitive); "" means no section. */
  section?: string;
  /** 1-based: "3", "3-5" or "3-"; "" means all paragraphs. */
  paragraphRange?: string;
  /** Only the heading lines; section and paragraphRange are then ignored. */
  readHeadings?: boolean;
}

/** The part selected, where the next window starts, and how long the whole was. */
export interface Selection {
  text: string;
  /** Where the next window starts when this one stopped before the end, else null. */
  nextStart: number | null;
  /** Length of the selected text (before the character window). */
  total: number;
}

/** Bad selection options; the message tells the caller what the content does offer. */
export class SelectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SelectionError";
  }
}

const LISTED_HEADINGS = 20;

/** The part of `markdown` that `options` ask for. */
export function selectContent(markdown: string, options: SelectionOptions): Selection {
  let selected = markdown;
  if (options.readHeadings) {
    selected = headingLines(markdown);
  } else {
    if (options.section) selected = section(selected, options.section);
    if (options.paragraphRange) selected = paragraphRange(selected, options.paragraphRange);
  }
  return characterWindow(selected, options.startChar ?? 0, options.maxLength);
}

/** The line appended to a truncated text, telling the caller how to read on. */
export function truncationHint(nextStart: number, total: number): string {
  const remaining = total - nextStart;
  const characters = remaining === 1 ? "character" : "characters";
  return `… ${remaining.toLocaleString("en-US")} more ${characters}; ` +
    `call again with startChar=${nextStart} to continue.`;
}

function headingLines(markdown: string): string {
  const headings = findHeadings(markdown);
  if (headings.length === 0) throw new SelectionError("No headings found in the content.");
  return headings.map(({ line }) => line.trim()).join("\n");
}

/** From the first heading containing `name` to the next heading of the same or a higher level. */
function section(markdown: string, name: string): string {
  const headings = findHeadings(markdown);
  const wanted = name.trim().toLowerCase();
  const index = headings.findIndex(({ text }) => text.toLowerCase().includes(wanted));
  if (index === -1) {
    throw new SelectionError(
      `Section "${name}" not found in the content. ${listHeadings(headings)}`,
    );
  }
  const { level, start } = headings[index];
  const next = headings.slice(index + 1).find((heading) => heading.level <= level);
  return markdown.slice(start, next?.start ?? markdown.length).trimEnd();
}

function listHeadings(headings: { text: string }[]): string {
  if (headings.length === 0) return "It has no headings.";
  const listed = headings.slice(0, LISTED_HEADINGS).map(({ text }) => JSON.stringify(text));
  const more = headings.length - listed.length;
  return `Headings: ${listed.join(", ")}${more > 0 ? ` … and ${more} more` : ""}.`;
}

function paragraphRange(markdown: string, range: string): string {
  const paragraphs = splitParagraphs(markdown);
  const match = /^\s*(\d+)\s*(?:(-)\s*(\d*))?\s*$/.exec(range);
  const first = match ? Number(match[1]) : NaN;
  // "N-" runs to the end, and so does an end past the last paragraph.
  const last = !match ? NaN : match[2] && match[3] ? Number(match[3]) : match[2] ? Infinity : first;
  if (!(first >= 1 && first <= paragraphs.length && last >= first)) {
    throw new SelectionError(
      `Paragraph range "${range}" is invalid or out of bounds ` +
        `(the content has ${paragraphs.length} paragraphs).`,
    );
  }
  return paragraphs.slice(first - 1, last).join("\n\n");
}

function characterWindow(
  text: string,
  startChar: number,
  maxLength: number | undefined,
): Selection {
  if (!Number.isInteger(startChar) || startChar < 0) {
    throw new SelectionError(`startChar must be a whole number of 0 or more, not ${startChar}.`);
  }
  if (maxLength !== undefined && (!Number.isInteger(maxLength) || maxLength < 1)) {
    throw new SelectionError(`maxLength must be a whole number of 1 or more, not ${maxLength}.`);
  }
  const total = text.length;
  if (startChar > 0 && startChar >= total) {
    throw new SelectionError(
      `startChar=${startChar} is past the end of the content (${total} characters).`,
    );
  }
  // Neither end may split a surrogate pair (half an emoji is not text).
  const begin = startsLowSurrogate(text, startChar) ? startChar - 1 : startChar;
  let end = maxLength === undefined ? total : Math.min(total, begin + maxLength);
  if (end < total && startsLowSurrogate(text, end)) end += end - 1 > begin ? -1 : 1;
  return { text: text.slice(begin, end), nextStart: end < total ? end : null, total };
}

/** True when `index` falls between the two halves of a surrogate pair. */
function startsLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  const before = text.charCodeAt(index - 1);
  return code >= 0xdc00 && code <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
}
