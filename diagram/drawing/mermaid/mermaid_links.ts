// Mermaid links and the spec's edge lines and heads, both ways. Mermaid spells three lines
// (`--`, `-.-`, `==`), a head at the end (`>`, `o`, `x`) and the same head at both ends
// (`<-->`, `o--o`, `x--x`). The spec can say more: a dashed line, and a head at the start alone or
// different from the end's. Those are written as Mermaid draws the nearest (a dashed line as a
// `linkStyle … stroke-dasharray`, which Mermaid draws dashed; the start head dropped) plus, for a
// start head, a comment that names it, which Mermaid ignores and mermaidToSpec reads back.
import type { EdgeHead, EdgeLine } from "../spec.ts";

/** What a link is drawn with in Mermaid: the parser's `stroke`, as a spec line. */
export const MERMAID_STROKES: Readonly<Record<string, Exclude<EdgeLine, "dashed">>> = {
  normal: "solid",
  dotted: "dotted",
  thick: "thick",
};

/** The parser's link `type` → the heads at the start and the end. */
export const MERMAID_LINK_TYPES: Readonly<Record<string, { start: EdgeHead; end: EdgeHead }>> = {
  arrow_open: { start: "none", end: "none" },
  arrow_point: { start: "none", end: "arrow" },
  arrow_circle: { start: "none", end: "circle" },
  arrow_cross: { start: "none", end: "cross" },
  double_arrow_point: { start: "arrow", end: "arrow" },
  double_arrow_circle: { start: "circle", end: "circle" },
  double_arrow_cross: { start: "cross", end: "cross" },
};

const END_MARK: Record<EdgeHead, string> = { none: "", arrow: ">", circle: "o", cross: "x" };
const START_MARK: Record<EdgeHead, string> = { none: "", arrow: "<", circle: "o", cross: "x" };

/** The line's body, without and with a head after it (`---` but `-->`, `-.-` and `-.->`). */
const BODY: Record<Exclude<EdgeLine, "dashed">, { bare: string; headed: string }> = {
  solid: { bare: "---", headed: "--" },
  dotted: { bare: "-.-", headed: "-.-" },
  thick: { bare: "===", headed: "==" },
};

/** The CSS Mermaid is given for a dashed line, and what mermaidToSpec reads as dashed. */
export const DASHED_LINK_STYLE = "stroke-dasharray:6 4";

export interface WrittenLink {
  /** The arrow between the two ids, e.g. `-.->` or `o==o`. */
  arrow: string;
  /** The line is dashed: the link needs DASHED_LINK_STYLE. */
  dashed: boolean;
  /** A head at the start Mermaid cannot draw with this end; the comment must carry it. */
  unwrittenStart?: EdgeHead;
}

/** How a spec edge is spelled: the arrow Mermaid draws nearest and what it leaves out. */
export function writeLink(line: EdgeLine, start: EdgeHead, end: EdgeHead): WrittenLink {
  const dashed = line === "dashed";
  const body = BODY[dashed ? "solid" : line];
  const both = start !== "none" && start === end;
  const arrow = (both ? START_MARK[start] : "") +
    (end === "none" ? body.bare : body.headed + END_MARK[end]);
  return {
    arrow,
    dashed,
    ...(start !== "none" && !both ? { unwrittenStart: start } : {}),
  };
}

/** Whether a link's CSS (linkStyle) makes its line dashed. */
export function isDashedStyle(styles: readonly string[]): boolean {
  let dashed = false;
  for (const style of styles) {
    const colon = style.indexOf(":");
    if (colon === -1 || style.slice(0, colon).trim().toLowerCase() !== "stroke-dasharray") continue;
    const value = style.slice(colon + 1).trim().toLowerCase();
    dashed = value !== "" && value !== "none" && value.replaceAll(/[0.,\spx]/g, "") !== "";
  }
  return dashed;
}

const COMMENT_START = "%% edge ";

/**
 * The comment that carries a start head Mermaid cannot draw, after the link it belongs to:
 * `%% edge 3 a --o b: start arrow (not drawn by Mermaid)`. `index` counts links from 0, as
 * linkStyle does.
 */
export function startHeadComment(
  index: number,
  from: string,
  arrow: string,
  to: string,
  start: EdgeHead,
): string {
  return `${COMMENT_START}${index} ${from} ${arrow} ${to}: start ${start} (not drawn by Mermaid)`;
}

export interface StartHeadComment {
  index: number;
  from: string;
  to: string;
  start: EdgeHead;
  /** The comment as written, for a note when it matches no link. */
  text: string;
}

const HEADS: readonly string[] = ["none", "arrow", "circle", "cross"];

/** Every start-head comment in the chart, read line by line. */
export function readStartHeadComments(text: string): StartHeadComment[] {
  if (!text.includes(COMMENT_START)) return [];
  const comments: StartHeadComment[] = [];
  for (const rawLine of text.split("\n")) {
    const line = rawLine.trim();
    if (!line.startsWith(COMMENT_START)) continue;
    const words = line.slice(COMMENT_START.length).split(" ");
    const [index, from, , toWithColon, startWord, head] = words;
    if (
      words.length < 6 || !/^\d{1,5}$/.test(index) || !toWithColon.endsWith(":") ||
      startWord !== "start" || !HEADS.includes(head)
    ) continue;
    comments.push({
      index: Number(index),
      from,
      to: toWithColon.slice(0, -1),
      start: head as EdgeHead,
      text: line.length > 80 ? `${line.slice(0, 79)}…` : line,
    });
  }
  return comments;
}
