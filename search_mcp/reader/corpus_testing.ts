// Measures the reader against a corpus of saved pages whose main-text sentences and boilerplate
// strings are listed in a manifest: how much of the text survives conversion and how much of
// the clutter leaks into it. Used by the corpus test and bench/reader_quality.ts.
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import { convertDocument } from "./document.ts";

/** One saved page of the corpus: its file, type, main-text sentences and clutter strings. */
export interface CorpusEntry {
  file: string;
  contentType: string;
  sentences: string[];
  boilerplate: string[];
}

/** How one page came through conversion: sentences kept, clutter leaked. */
export interface PageMeasurement {
  file: string;
  sentencesKept: number;
  sentencesTotal: number;
  boilerplateLeaked: number;
  boilerplateTotal: number;
  missingSentences: string[];
  leakedBoilerplate: string[];
  /** The text contains U+FFFD, the mark of a wrongly decoded page. */
  hasReplacementCharacter: boolean;
  milliseconds: number;
}

/** The corpus's totals over every page. */
export interface CorpusMeasurement {
  pages: number;
  sentencesKept: number;
  sentencesTotal: number;
  boilerplateLeaked: number;
  boilerplateTotal: number;
  perPage: PageMeasurement[];
}

/** Reads `manifest.json` in `directory` and converts every page it lists. */
export async function measureCorpus(directory: URL): Promise<CorpusMeasurement> {
  const manifest: CorpusEntry[] = JSON.parse(
    await Deno.readTextFile(new URL("manifest.json", directory)),
  );
  const perPage: PageMeasurement[] = [];
  for (const entry of manifest) {
    perPage.push(await measurePage(entry, await Deno.readFile(new URL(entry.file, directory))));
  }
  const sum = (pick: (page: PageMeasurement) => number) =>
    perPage.reduce((total, page) => total + pick(page), 0);
  return {
    pages: perPage.length,
    sentencesKept: sum((page) => page.sentencesKept),
    sentencesTotal: sum((page) => page.sentencesTotal),
    boilerplateLeaked: sum((page) => page.boilerplateLeaked),
    boilerplateTotal: sum((page) => page.boilerplateTotal),
    perPage,
  };
}

async function measurePage(entry: CorpusEntry, bytes: Uint8Array): Promise<PageMeasurement> {
  const started = performance.now();
  const { markdown } = await convertDocument({
    bytes,
    contentType: entry.contentType,
    url: `https://corpus.example/${entry.file}`,
  });
  const milliseconds = performance.now() - started;
  const text = markdownToPlainText(markdown);
  const occurs = (phrase: string) => text.includes(markdownToPlainText(phrase));
  const missingSentences = entry.sentences.filter((sentence) => !occurs(sentence));
  const leakedBoilerplate = entry.boilerplate.filter(occurs);
  return {
    file: entry.file,
    sentencesKept: entry.sentences.length - missingSentences.length,
    sentencesTotal: entry.sentences.length,
    boilerplateLeaked: leakedBoilerplate.length,
    boilerplateTotal: entry.boilerplate.length,
    missingSentences,
    leakedBoilerplate,
    hasReplacementCharacter: markdown.includes("\ufffd"),
    milliseconds,
  };
}

/**
 * Markdown without its formatting, whitespace collapsed, so that a phrase is found whatever
 * markup the serializer put around or inside it. Phrases go through it too, which keeps the
 * comparison fair when a phrase itself contains a stripped character.
 */
export function markdownToPlainText(markdown: string): string {
  return collapseWhitespace(
    markdown
      .replace(/!\[((?:\\.|[^\]\\])*)\]\([^)\s]*\)/g, "$1")
      .replace(/\[((?:\\.|[^\]\\])*)\]\([^)\s]*\)/g, "$1")
      .replace(/^[ \t]*(?:(?:#{1,6}|>|[-*+]|\d{1,9}[.)]|:)[ \t]+)+/gm, "")
      .replace(/^[ \t]*(?:`{3,}|~{3,}).*$/gm, "")
      .replace(/\\([!-/:-@[-`{-~])/g, "$1")
      .replace(/[*_`|]|~~/g, ""),
  );
}
