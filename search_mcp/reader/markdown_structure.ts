// The block structure of a Markdown text that paging and titling need: ATX headings and
// blank-line separated paragraphs, both ignoring lines inside fenced code blocks (where "# x" is
// a shell comment and a blank line is part of the code).

/** One ATX heading of a Markdown text and where it stands. */
export interface MarkdownHeading {
  level: number;
  text: string;
  /** The heading line as written. */
  line: string;
  /** Offset of the heading line's first character. */
  start: number;
}

interface Line {
  text: string;
  start: number;
  /** Inside a fenced code block, fences included. */
  inCode: boolean;
}

/** `markdown`'s headings in order, leaving out lines inside code. */
export function findHeadings(markdown: string): MarkdownHeading[] {
  const headings: MarkdownHeading[] = [];
  for (const { text, start, inCode } of scanLines(markdown)) {
    const heading = inCode ? null : /^ {0,3}(#{1,6})(?:[ \t](.*))?$/.exec(text);
    if (heading) {
      headings.push({
        level: heading[1].length,
        text: withoutClosingHashes(heading[2] ?? ""),
        line: text,
        start,
      });
    }
  }
  return headings;
}

/**
 * "## Title ##" is titled "Title". Done by hand: the obvious regex backtracks quadratically on
 * long runs of spaces, and Markdown documents come from the web as they are.
 */
function withoutClosingHashes(text: string): string {
  const trimmed = text.trim();
  let end = trimmed.length;
  while (end > 0 && trimmed[end - 1] === "#") end--;
  if (end === 0) return "";
  return end < trimmed.length && /[ \t]/.test(trimmed[end - 1])
    ? trimmed.slice(0, end).trimEnd()
    : trimmed;
}

/** Blocks separated by blank lines; a code block with blank lines in it stays one block. */
export function splitParagraphs(markdown: string): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const { text, inCode } of scanLines(markdown)) {
    if (!inCode && text.trim() === "") {
      if (current.length > 0) paragraphs.push(current.join("\n"));
      current = [];
    } else {
      current.push(text);
    }
  }
  if (current.length > 0) paragraphs.push(current.join("\n"));
  return paragraphs;
}

function scanLines(markdown: string): Line[] {
  const lines: Line[] = [];
  let fence: string | null = null;
  let start = 0;
  for (const text of markdown.split("\n")) {
    const mark = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(text);
    if (fence === null) {
      if (mark) fence = mark[1];
      lines.push({ text, start, inCode: fence !== null });
    } else {
      lines.push({ text, start, inCode: true });
      // A closing fence is the same character, at least as long, with nothing after it.
      const closes = mark !== null && mark[1][0] === fence[0] && mark[1].length >= fence.length &&
        mark[2].trim() === "";
      if (closes) fence = null;
    }
    start += text.length + 1;
  }
  return lines;
}
