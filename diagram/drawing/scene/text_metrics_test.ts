import assert from "node:assert/strict";
import metrics from "./font_metrics.json" with { type: "json" };
import {
  FONT_FAMILY,
  type FontSpec,
  lineHeightOf,
  measureLineWidth,
  measureText,
  wrapText,
} from "./text_metrics.ts";

const EXCALIFONT_20: FontSpec = { fontFamily: FONT_FAMILY.Excalifont, fontSize: 20 };
const GENERATED_FAMILIES = [1, 3, 5, 6, 7, 8, 9];

function assertClose(actual: number, expected: number, tolerance = 1e-9) {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `expected ${actual} to be within ${tolerance} of ${expected}`,
  );
}

function emWidth(text: string, fontFamily: number = FONT_FAMILY.Excalifont): number {
  return measureLineWidth(text, { fontFamily, fontSize: 1 });
}

Deno.test("font_metrics.json has an advance for every printable ASCII character in every family", () => {
  const families: Record<string, { firstCodePoint: number; advances: (number | null)[][] }> =
    metrics;
  assert.deepEqual(Object.keys(families).map(Number), GENERATED_FAMILIES);
  for (const [id, family] of Object.entries(families)) {
    const advances = family.advances.flat();
    for (let codePoint = 0x20; codePoint <= 0x7e; codePoint++) {
      const advance = advances[codePoint - family.firstCodePoint];
      assert.ok(
        typeof advance === "number" && advance > 0,
        `family ${id} lacks U+${codePoint.toString(16)}`,
      );
    }
  }
});

Deno.test("'Load Balancer' at 20 px in Excalifont measures as the editor does (136.8 px)", () => {
  assertClose(measureLineWidth("Load Balancer", EXCALIFONT_20), 136.8, 1);
});

Deno.test("each family measures with its own table", () => {
  const widths = GENERATED_FAMILIES.map((fontFamily) =>
    measureLineWidth("Load Balancer", { fontFamily, fontSize: 20 })
  );
  assert.equal(new Set(widths.map((width) => width.toFixed(2))).size, GENERATED_FAMILIES.length);
});

Deno.test("ALL-CAPS text is wider than lowercase in proportional families, equal in monospace", () => {
  const monospace: number[] = [FONT_FAMILY.Cascadia, FONT_FAMILY.ComicShanns];
  for (const fontFamily of GENERATED_FAMILIES) {
    const caps = emWidth("LOAD BALANCER", fontFamily);
    const lower = emWidth("load balancer", fontFamily);
    if (monospace.includes(fontFamily)) assertClose(caps, lower);
    else assert.ok(caps > lower, `family ${fontFamily}: ${caps} <= ${lower}`);
  }
});

Deno.test("width grows linearly with the font size", () => {
  const at10 = measureLineWidth("Queue (SQS)", { fontFamily: FONT_FAMILY.Nunito, fontSize: 10 });
  const at36 = measureLineWidth("Queue (SQS)", { fontFamily: FONT_FAMILY.Nunito, fontSize: 36 });
  assert.ok(at10 > 0);
  assertClose(at36, at10 * 3.6);
});

Deno.test("lineHeightOf answers Excalidraw's line heights", () => {
  assert.equal(lineHeightOf(FONT_FAMILY.Excalifont), 1.25);
  assert.equal(lineHeightOf(FONT_FAMILY.Nunito), 1.35);
  assert.equal(lineHeightOf(FONT_FAMILY.Cascadia), 1.2);
  assert.equal(lineHeightOf(FONT_FAMILY.LiberationSans), 1.15);
});

Deno.test("Helvetica measures with Liberation Sans, whose metrics it shares", () => {
  const helvetica = { fontFamily: FONT_FAMILY.Helvetica, fontSize: 20 };
  const liberation = { fontFamily: FONT_FAMILY.LiberationSans, fontSize: 20 };
  assert.equal(
    measureLineWidth("Load Balancer", helvetica),
    measureLineWidth("Load Balancer", liberation),
  );
  assert.equal(lineHeightOf(FONT_FAMILY.Helvetica), 1.15);
});

Deno.test("an unknown font family measures as Excalifont", () => {
  assert.equal(
    measureLineWidth("Load Balancer", { fontFamily: 4, fontSize: 20 }),
    measureLineWidth("Load Balancer", EXCALIFONT_20),
  );
  assert.equal(lineHeightOf(4), 1.25);
});

Deno.test("a block is as wide as its widest line and as tall as lines × fontSize × lineHeight", () => {
  const block = measureText("API\nLoad Balancer\nDB", EXCALIFONT_20);
  assert.equal(block.lineCount, 3);
  assert.equal(block.width, measureLineWidth("Load Balancer", EXCALIFONT_20));
  assertClose(block.height, 3 * 20 * 1.25);
});

Deno.test("empty text is one empty line", () => {
  assert.deepEqual(measureText("", EXCALIFONT_20), { width: 0, height: 25, lineCount: 1 });
});

Deno.test("CRLF and a lone CR each break one line", () => {
  assert.equal(measureText("a\r\nb\rc", EXCALIFONT_20).lineCount, 3);
});

Deno.test("a tab is as wide as eight spaces", () => {
  assertClose(emWidth("a\tb"), emWidth("a        b"));
  assertClose(
    measureText("\tx", EXCALIFONT_20).width,
    measureLineWidth("        x", EXCALIFONT_20),
  );
});

Deno.test("CJK, fullwidth characters and emoji are 1 em wide, a surrogate pair counting once", () => {
  assertClose(emWidth("漢字"), 2);
  assertClose(emWidth("한"), 1);
  assertClose(emWidth("Ａ"), 1);
  assertClose(emWidth("🚀"), 1);
  assertClose(emWidth("𠀋"), 1);
});

Deno.test("combining marks and zero-width characters add no width", () => {
  assertClose(emWidth("e\u0301"), emWidth("e"));
  assertClose(emWidth("a\u200bb\u200d\ufeff"), emWidth("ab"));
});

Deno.test("characters outside the tables count 0.6 em, inside them the font's advance", () => {
  assertClose(emWidth("α"), 0.6);
  assertClose(emWidth("Ж"), 0.6);
  assert.notEqual(emWidth("é"), 0.6);
});

Deno.test("wrapText keeps a line that fits as it is", () => {
  assert.equal(wrapText("  Load Balancer  ", 1000, EXCALIFONT_20), "  Load Balancer  ");
});

Deno.test("wrapText breaks between words and drops the spaces at the break", () => {
  const width = measureLineWidth("Load Balancer", EXCALIFONT_20);
  assert.equal(
    wrapText("Load Balancer   and Cache", width, EXCALIFONT_20),
    "Load Balancer\nand Cache",
  );
});

Deno.test("wrapText keeps explicit newlines and wraps each line on its own", () => {
  const width = measureLineWidth("Balancer", EXCALIFONT_20);
  assert.equal(
    wrapText("API\nLoad Balancer\n\nDB", width, EXCALIFONT_20),
    "API\nLoad\nBalancer\n\nDB",
  );
});

Deno.test("wrapText breaks a word longer than the width between characters", () => {
  const width = measureLineWidth("abcd", EXCALIFONT_20);
  assert.equal(wrapText("abcdefghij", width + 0.01, EXCALIFONT_20), "abcd\nefgh\nij");
});

Deno.test("wrapText puts a character wider than the width on a line of its own", () => {
  assert.equal(wrapText("ab", 1, EXCALIFONT_20), "a\nb");
});

Deno.test("wrapText keeps a combining mark with its letter when breaking a word", () => {
  assert.equal(wrapText("e\u0301e\u0301", 1, EXCALIFONT_20), "e\u0301\ne\u0301");
});

Deno.test("wrapText expands tabs and normalizes line breaks as Excalidraw stores text", () => {
  assert.equal(wrapText("a\tb\r\nc", 1000, EXCALIFONT_20), "a        b\nc");
});

Deno.test("wrapText leaves the lines unwrapped when maxWidth is not a usable width", () => {
  for (const maxWidth of [Infinity, NaN, -1]) {
    assert.equal(wrapText("Load Balancer", maxWidth, EXCALIFONT_20), "Load Balancer");
  }
});

const WRAP_CORPUS = [
  "The quick brown fox jumps over the lazy dog",
  "  indented   with  runs of spaces and a trailing one ",
  "Supercalifragilisticexpialidocious and antidisestablishmentarianism",
  "HTTP/2 → gRPC gateway (us-east-1)\nsecond line\n\nafter a blank line",
  "mixed 漢字かな混じり文 and emoji 🚀🚀🚀 with café and e\u0301te\u0301",
  "\ttabbed\tcolumns\there",
];

/** Characters that have width; a line holding only one of them may exceed maxWidth. */
function visibleCharacters(line: string, font: FontSpec): string[] {
  return [...line].filter((character) => measureLineWidth(character, font) > 0);
}

Deno.test("wrapText never yields a line wider than maxWidth unless it is a single character", () => {
  for (const fontFamily of GENERATED_FAMILIES) {
    const font = { fontFamily, fontSize: 20 };
    for (const text of WRAP_CORPUS) {
      for (let maxWidth = 0; maxWidth <= 400; maxWidth += 7) {
        for (const line of wrapText(text, maxWidth, font).split("\n")) {
          assert.ok(
            measureLineWidth(line, font) <= maxWidth || visibleCharacters(line, font).length === 1,
            `${JSON.stringify(line)} is wider than ${maxWidth} in family ${fontFamily}`,
          );
        }
      }
    }
  }
});

Deno.test("wrapText keeps every non-space character in order and ends no new line with a space", () => {
  const withoutSpaces = (text: string) => text.replace(/[ \t\r\n]/g, "");
  for (const text of WRAP_CORPUS) {
    const inputLines = new Set(text.replace(/\t/g, "        ").split("\n"));
    for (let maxWidth = 0; maxWidth <= 400; maxWidth += 7) {
      const wrapped = wrapText(text, maxWidth, EXCALIFONT_20);
      assert.equal(withoutSpaces(wrapped), withoutSpaces(text));
      for (const line of wrapped.split("\n")) {
        if (!inputLines.has(line)) assert.ok(!line.endsWith(" "), JSON.stringify(line));
      }
    }
  }
});

Deno.test("wrapText wraps a line ending in a long run of spaces in one pass", () => {
  const started = performance.now();
  assert.equal(wrapText(`a b${" ".repeat(100_000)}`, 10, EXCALIFONT_20), "a\nb");
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 1000, `${Math.round(elapsed)} ms`);
});
