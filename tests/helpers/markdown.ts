// Reading the documentation (README.md and docs/*.md) as the tests of its links and variables need
// it: its files, its text without code, its links and its headings' anchors as GitHub makes them.
import { ROOT } from "./process.ts";

/** README.md and every Markdown file of docs/, relative to the repository's root. */
export async function documentationFiles(): Promise<string[]> {
  const files = ["README.md"];
  for await (const entry of Deno.readDir(`${ROOT}docs`)) {
    if (entry.isFile && entry.name.endsWith(".md")) files.push(`docs/${entry.name}`);
  }
  return files.sort();
}

/**
 * The text with fenced code blocks blanked (their lines kept, so line numbers stay), and with
 * inline code blanked too unless `inline` is false.
 */
export function outsideCode(text: string, { inline = true } = {}): string {
  let fenced = false;
  return text.split("\n").map((line) => {
    if (/^\s*```/.test(line)) {
      fenced = !fenced;
      return "";
    }
    if (fenced) return "";
    return inline ? line.replace(/`[^`]*`/g, "``") : line;
  }).join("\n");
}

export interface Link {
  line: number;
  target: string;
}

/** Every `[text](target)` and `![alt](target)` outside code, with its line (from 1). */
export function links(text: string): Link[] {
  const found: Link[] = [];
  outsideCode(text).split("\n").forEach((line, index) => {
    for (const match of line.matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      found.push({ line: index + 1, target: match[1] });
    }
  });
  return found;
}

/**
 * The anchors of the text's headings as GitHub makes them: the heading's text as shown (links'
 * text, no backticks or emphasis marks), lower-cased, every character that is not a letter, a
 * digit, a space, `-` or `_` dropped, spaces made hyphens; a repeated one gets `-1`, `-2` …;
 * and the `<a id="…">` anchors written out of code (the generated reference names its schemas so).
 */
export function headingAnchors(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const named = fenced ? null : line.match(/^<a id="([^"]+)"><\/a>$/);
    if (named !== null) anchors.add(named[1]);
    const heading = fenced ? null : line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (heading === null) continue;
    const shown = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/[`*]/g, "");
    const slug = shown.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}
