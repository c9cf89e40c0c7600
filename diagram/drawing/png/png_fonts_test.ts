import assert from "node:assert/strict";
import {
  codePointRanges,
  covers,
  fontFilesFor,
  genericFontNames,
  namedFamilies,
  type PngFontFamily,
  withFontNames,
  withoutUndrawable,
} from "./png_fonts.ts";

const range = (text: string) => codePointRanges([...text].map((c) => c.codePointAt(0)!));
const ASCII = codePointRanges(Array.from({ length: 95 }, (_, index) => 0x20 + index));

/** A manifest in miniature: Excalidraw's split of Excalifont, a CJK font, Nunito's odd name. */
const FAMILIES: PngFontFamily[] = [
  {
    family: "Excalifont",
    names: ["Excalifont"],
    files: [
      { file: "Excalifont/latin.ttf", ranges: ASCII, bytes: 1 },
      { file: "Excalifont/cyrillic.ttf", ranges: [[0x400, 0x4ff]], bytes: 1 },
    ],
  },
  {
    family: "Xiaolai",
    names: ["Xiaolai SC"],
    files: [
      { file: "Xiaolai/a.ttf", ranges: range("中文"), bytes: 1 },
      { file: "Xiaolai/b.ttf", ranges: range("日本"), bytes: 1 },
    ],
  },
  {
    family: "Liberation Sans",
    names: ["Liberation Sans"],
    files: [{ file: "Liberation/x.ttf", ranges: ASCII, bytes: 1 }],
  },
  {
    family: "Nunito",
    names: ["Nunito ExtraLight"],
    files: [{ file: "Nunito/x.ttf", ranges: ASCII, bytes: 1 }],
  },
];

const svg = (fontFamily: string, text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" font-family="${fontFamily}">` +
  `<text x="0" y="5">${text}</text></svg>`;

const files = (markup: string) => fontFilesFor(markup, FAMILIES).map(({ file }) => file);

Deno.test("Latin text loads only the Latin subset of the families the SVG names", () => {
  assert.deepEqual(files(svg("Excalifont, Xiaolai, sans-serif", "API &amp; DB")), [
    "Excalifont/latin.ttf",
    "Liberation/x.ttf",
  ]);
});

Deno.test("Cyrillic adds that subset, CJK only the CJK subsets holding its characters", () => {
  assert.deepEqual(files(svg("Excalifont, Xiaolai", "Привет 中")), [
    "Excalifont/latin.ttf",
    "Excalifont/cyrillic.ttf",
    "Xiaolai/a.ttf",
  ]);
  assert.deepEqual(files(svg("Excalifont, Xiaolai", "日本")), ["Xiaolai/b.ttf"]);
});

Deno.test("a family the SVG does not name is not loaded, whatever its text", () => {
  assert.deepEqual(files(svg("Excalifont", "Nunito")), ["Excalifont/latin.ttf"]);
  assert.deepEqual(files(svg("&apos;Nunito&apos;, monospace", "x")), ["Nunito/x.ttf"]);
});

Deno.test("font lists gain the names the files carry after Excalidraw's, unquoted, generics kept", () => {
  const named = withFontNames(
    svg("Excalifont, Xiaolai, &apos;Segoe UI Emoji&apos;, sans-serif", "x") +
      '<text font-family="Nunito, &apos;Segoe UI Emoji&apos;, &apos;serif&apos;, monospace">y</text>',
    FAMILIES,
  );
  assert.match(named, /font-family="Excalifont, Xiaolai, Xiaolai SC, Segoe UI Emoji, sans-serif"/);
  // A quoted "serif" names a family of that name, not the generic one, and stays quoted.
  assert.match(
    named,
    /font-family="Nunito, Nunito ExtraLight, Segoe UI Emoji, &apos;serif&apos;, monospace"/,
  );
  assert.deepEqual(
    [...namedFamilies(named)],
    [
      ...["Excalifont", "Xiaolai", "Xiaolai SC", "Segoe UI Emoji", "sans-serif", "Nunito"],
      ...["Nunito ExtraLight", "serif", "monospace"],
    ],
  );
  assert.deepEqual(genericFontNames(FAMILIES), { "sans-serif": "Liberation Sans" });
});

Deno.test("characters no font holds are taken out of the text, the markup is left alone", () => {
  const emoji = svg("Excalifont, &apos;Segoe UI Emoji&apos;", "DB 🗄️ 中 ✅ &amp; ü");
  assert.equal(
    withoutUndrawable(emoji, FAMILIES),
    svg("Excalifont, &apos;Segoe UI Emoji&apos;", "DB  中  &amp; "),
  );
});

Deno.test("code points become ascending ranges that covers() finds", () => {
  const ranges = codePointRanges([5, 3, 4, 10, 12, 11, 3, 20]);
  assert.deepEqual(ranges, [[3, 5], [10, 12], [20, 20]]);
  assert.deepEqual([2, 3, 5, 6, 11, 19, 20, 21].map((point) => covers(ranges, point)), [
    false,
    true,
    true,
    false,
    true,
    false,
    true,
    false,
  ]);
  assert.equal(covers([], 1), false);
});
