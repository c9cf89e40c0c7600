// Reader quality on the saved-page corpus, run by hand: `deno run -A bench/reader_quality.ts`.
// Prints, per page and in total, the share of main-text sentences kept and of boilerplate
// strings leaked, what was missed or leaked, and the conversion time per page.
import { measureCorpus } from "../search_mcp/reader/corpus_testing.ts";

const CORPUS = new URL("../tests/fixtures/read_url/corpus/", import.meta.url);

function percent(part: number, whole: number): string {
  return `${(whole === 0 ? 0 : (100 * part) / whole).toFixed(1)}%`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

// One warm-up pass, so the figures show steady-state conversion rather than module loading.
await measureCorpus(CORPUS);
const result = await measureCorpus(CORPUS);

console.log("page".padEnd(32), "sentences kept".padEnd(20), "boilerplate leaked".padEnd(20), "ms");
for (const page of result.perPage) {
  console.log(
    page.file.padEnd(32),
    `${page.sentencesKept}/${page.sentencesTotal} ${
      percent(page.sentencesKept, page.sentencesTotal)
    }`
      .padEnd(20),
    `${page.boilerplateLeaked}/${page.boilerplateTotal} ${
      percent(page.boilerplateLeaked, page.boilerplateTotal)
    }`.padEnd(20),
    page.milliseconds.toFixed(1),
    page.hasReplacementCharacter ? "  U+FFFD in output!" : "",
  );
  for (const sentence of page.missingSentences) console.log(`    missing: ${sentence}`);
  for (const phrase of page.leakedBoilerplate) console.log(`    leaked:  ${phrase}`);
}
const times = result.perPage.map((page) => page.milliseconds);
console.log();
console.log(
  `${result.pages} pages: sentences kept ${result.sentencesKept}/${result.sentencesTotal} ` +
    `(${percent(result.sentencesKept, result.sentencesTotal)}), boilerplate leaked ` +
    `${result.boilerplateLeaked}/${result.boilerplateTotal} ` +
    `(${percent(result.boilerplateLeaked, result.boilerplateTotal)}); conversion per page ` +
    `median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
);
