// Where a label that was never closed opened. The parser reads everything after a node's `{` (or
// `[`, `(`, a link's `|`…) as the label's text until the closing bracket, so an unclosed one is
// reported where the parser gave up: at the end of the chart, or at a bracket lines later. The
// author's mistake is the bracket that opened the label, and that is where a message should point.

/** The closing token the parser waits for, its text, and the texts that open such a label. */
const LABELS: Readonly<Record<string, { close: string; open: readonly string[] }>> = {
  SQE: { close: "]", open: ["["] },
  PE: { close: ")", open: ["("] },
  DIAMOND_STOP: { close: "}", open: ["{"] },
  STADIUMEND: { close: "])", open: ["(["] },
  SUBROUTINEEND: { close: "]]", open: ["[["] },
  CYLINDEREND: { close: ")]", open: ["[("] },
  DOUBLECIRCLEEND: { close: ")))", open: ["((("] },
  "-)": { close: "-)", open: ["(-"] },
  TRAPEND: { close: "\\]", open: ["[/", "[\\"] },
  INVTRAPEND: { close: "/]", open: ["[/", "[\\"] },
  PIPE: { close: "|", open: ["|"] },
};

export interface UnclosedLabel {
  /** The bracket as written, and the one that would close it. */
  open: string;
  close: string;
  /** Where the bracket is, from 1. */
  line: number;
  column: number;
}

/**
 * The label the parser was still inside when it stopped at `offset` (`expected`: the token names
 * it would have taken there, a label's text among them), or null when it was not in one. The label
 * opened at the first opening bracket after the last closing one: its text holds no closing one.
 */
export function unclosedLabel(
  text: string,
  offset: number,
  expected: readonly string[],
): UnclosedLabel | null {
  if (!expected.includes("TEXT")) return null;
  const token = expected.find((name) => Object.hasOwn(LABELS, name));
  if (token === undefined) return null;
  const { close, open } = LABELS[token];
  const before = text.slice(0, offset);
  let at = -1;
  let opened = "";
  if (open.includes(close)) {
    // A link's `|text|`: the same character opens and closes it.
    at = before.lastIndexOf(close);
    opened = close;
  } else {
    const cut = before.lastIndexOf(close);
    for (const bracket of open) {
      const found = before.indexOf(bracket, cut === -1 ? 0 : cut + close.length);
      if (found !== -1 && (at === -1 || found < at)) [at, opened] = [found, bracket];
    }
  }
  if (at === -1) return null;
  const lineStart = before.lastIndexOf("\n", at) + 1;
  const line = before.slice(0, at).split("\n").length;
  return { open: opened, close, line, column: at - lineStart + 1 };
}

/** The offset of `line` and `column` (from 1) in `text`, as the parser counts them. */
export function offsetOf(text: string, line: number, column: number): number {
  let start = 0;
  for (let at = 1; at < line; at++) {
    const next = text.indexOf("\n", start);
    if (next === -1) return text.length;
    start = next + 1;
  }
  return Math.min(start + column - 1, text.length);
}
