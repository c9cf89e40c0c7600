// Run by hand: `deno run -A scripts/generate_font_metrics.ts`. Reads the woff2 subsets that
// @excalidraw/excalidraw ships and writes diagram/drawing/scene/font_metrics.json, the advance
// widths that diagram/drawing/scene/text_metrics.ts measures labels with (its header documents the
// file's shape).
// Prints one line per family so a reader can check which files were used.
import * as fontkit from "fontkit";

/** The part of fontkit's Font this script uses (the package ships no types). */
interface FontFile {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
}

interface FamilySource {
  id: number;
  name: string;
  folder: string;
  /** Excalidraw's FONT_METADATA lineHeight; not stored in the font files. */
  lineHeight: number;
}

const FAMILIES: FamilySource[] = [
  { id: 1, name: "Virgil", folder: "Virgil", lineHeight: 1.25 },
  { id: 3, name: "Cascadia", folder: "Cascadia", lineHeight: 1.2 },
  { id: 5, name: "Excalifont", folder: "Excalifont", lineHeight: 1.25 },
  { id: 6, name: "Nunito", folder: "Nunito", lineHeight: 1.35 },
  { id: 7, name: "Lilita One", folder: "Lilita", lineHeight: 1.15 },
  { id: 8, name: "Comic Shanns", folder: "ComicShanns", lineHeight: 1.25 },
  { id: 9, name: "Liberation Sans", folder: "Liberation", lineHeight: 1.15 },
];

/** Printable ASCII, Latin-1 Supplement and Latin Extended-A; the gap U+007F–U+009F stays null. */
const FIRST_CODE_POINT = 0x20;
const LAST_CODE_POINT = 0x17f;
const RECORDED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x100, 0x17f],
];
/** Eight per row keeps every row under the formatter's line width, so `deno fmt` leaves it be. */
const CODE_POINTS_PER_ROW = 8;

const FONTS_DIR = new URL(
  "../node_modules/@excalidraw/excalidraw/dist/prod/fonts/",
  import.meta.url,
);
const OUTPUT = new URL("../diagram/drawing/scene/font_metrics.json", import.meta.url);

function isRecorded(codePoint: number): boolean {
  return RECORDED_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last);
}

function roundTo4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

function sortedWoff2Names(folder: URL): string[] {
  return [...Deno.readDirSync(folder)]
    .filter((entry) => entry.isFile && entry.name.endsWith(".woff2"))
    .map((entry) => entry.name)
    .sort();
}

function readFamily(source: FamilySource) {
  const folder = new URL(`${source.folder}/`, FONTS_DIR);
  const fileNames = sortedWoff2Names(folder);
  const advances = new Map<number, number>();
  const usedFiles: string[] = [];
  let header: Pick<FontFile, "unitsPerEm" | "ascent" | "descent"> | undefined;
  for (const fileName of fileNames) {
    const font = fontkit.create(Deno.readFileSync(new URL(fileName, folder))) as FontFile;
    header ??= font;
    if (font.unitsPerEm !== header.unitsPerEm) {
      throw new Error(`${source.name}: ${fileName} has a different unitsPerEm`);
    }
    let used = false;
    for (let codePoint = FIRST_CODE_POINT; codePoint <= LAST_CODE_POINT; codePoint++) {
      if (!isRecorded(codePoint) || !font.hasGlyphForCodePoint(codePoint)) continue;
      const advance = roundTo4(font.glyphForCodePoint(codePoint).advanceWidth / font.unitsPerEm);
      const known = advances.get(codePoint);
      // Subsets of one font should agree; a disagreement means the folder is not what we think.
      if (known !== undefined && known !== advance) {
        throw new Error(`${source.name}: U+${codePoint.toString(16)} differs in ${fileName}`);
      }
      advances.set(codePoint, advance);
      used = true;
    }
    if (used) usedFiles.push(fileName);
  }
  if (header === undefined) throw new Error(`${source.name}: no woff2 files in ${folder}`);

  const dense = Array.from(
    { length: LAST_CODE_POINT - FIRST_CODE_POINT + 1 },
    (_, index) => advances.get(FIRST_CODE_POINT + index) ?? null,
  );
  const rows = Array.from(
    { length: Math.ceil(dense.length / CODE_POINTS_PER_ROW) },
    (_, row) => dense.slice(row * CODE_POINTS_PER_ROW, (row + 1) * CODE_POINTS_PER_ROW),
  );
  console.log(
    `${source.id} ${source.name}: ${advances.size} characters from ${usedFiles.length} of ` +
      `${fileNames.length} files (${usedFiles.join(", ")})`,
  );
  return {
    name: source.name,
    lineHeight: source.lineHeight,
    unitsPerEm: header.unitsPerEm,
    ascender: header.ascent,
    descender: header.descent,
    firstCodePoint: FIRST_CODE_POINT,
    advances: rows,
  };
}

/**
 * JSON with sorted keys in the layout `deno fmt` produces: arrays of plain values on one line,
 * objects and arrays of arrays one entry per line.
 */
function formatJson(value: unknown, indent = ""): string {
  if (Array.isArray(value) && !value.some(Array.isArray)) {
    return `[${value.map((item) => JSON.stringify(item)).join(", ")}]`;
  }
  const inner = indent + "  ";
  if (Array.isArray(value)) {
    return `[\n${value.map((item) => inner + formatJson(item, inner)).join(",\n")}\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const lines = entries.map(([key, item]) =>
      `${inner}${JSON.stringify(key)}: ${formatJson(item, inner)}`
    );
    return `{\n${lines.join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

const table = Object.fromEntries(FAMILIES.map((source) => [source.id, readFamily(source)]));
Deno.writeTextFileSync(OUTPUT, formatJson(table) + "\n");
