import assert from "node:assert/strict";
import { markdownToPlainText, measureCorpus } from "./corpus_testing.ts";

const CORPUS = new URL("../../tests/fixtures/read_url/corpus/", import.meta.url);

Deno.test("the corpus keeps >= 98% of main-text sentences and leaks <= 10% of boilerplate", async () => {
  const result = await measureCorpus(CORPUS);
  assert.ok(result.pages >= 14, `only ${result.pages} pages`);
  const kept = result.sentencesKept / result.sentencesTotal;
  const leaked = result.boilerplateLeaked / result.boilerplateTotal;
  const details = result.perPage.flatMap((page) => [
    ...page.missingSentences.map((sentence) => `${page.file} missing: ${sentence}`),
    ...page.leakedBoilerplate.map((phrase) => `${page.file} leaked: ${phrase}`),
  ]).join("\n");
  assert.ok(kept >= 0.98, `kept ${(kept * 100).toFixed(1)}%\n${details}`);
  assert.ok(leaked <= 0.1, `leaked ${(leaked * 100).toFixed(1)}%\n${details}`);
});

Deno.test("no corpus page decodes to text with U+FFFD", async () => {
  const result = await measureCorpus(CORPUS);
  assert.deepEqual(
    result.perPage.filter((page) => page.hasReplacementCharacter).map((page) => page.file),
    [],
  );
});

Deno.test("the comparison ignores Markdown formatting, links and escapes", () => {
  assert.equal(
    markdownToPlainText(
      "## A *b* `c`\n\n> - [link **text**](https://x.example/a_%28b%29) and ![alt](i.png)\n" +
        "1. item\n| x \\| y | z |\n1\\. escaped",
    ),
    "A b c link text and alt item x y z 1. escaped",
  );
});
