// Part of `deno task build` and of prepare: decodes the woff2 fonts @excalidraw/excalidraw ships
// into TrueType (resvg reads TrueType and OpenType, not woff2) for the PNG previews of the MCP
// tools, into build/png_fonts/, with fonts.json listing each family, the names its files carry and
// the characters each file holds (diagram/drawing/png/png_fonts.ts reads it). Each unicode-range
// subset stays a file of its own, so a drawing loads only the ones its text needs.
// `--if-stale` decodes only when deno.lock (the package versions) or this script changed since the
// last run (finding the fonts current costs a few milliseconds; decoding all takes about 2 s).
// Prints one line: the files and bytes written.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import * as fontkit from "fontkit";
import wawoff2 from "wawoff2";
import { sha256Hex } from "../diagram/digest.ts";
import {
  codePointRanges,
  type PngFontFamily,
  type PngFontManifest,
} from "../diagram/drawing/png/png_fonts.ts";
import { PNG_FONTS_DIR, readPngFontManifest } from "../diagram/drawing_pool/png_assets.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const SOURCE = join(ROOT, "node_modules/@excalidraw/excalidraw/dist/prod/fonts");

/**
 * The families a scene can name (fontFamily 1–9 as render_svg writes them), in the order resvg
 * looks for a character a text's own font lacks: Excalifont first (labels), then the CJK font.
 * Helvetica (2) has no file: Excalidraw leaves it to the system, we to Liberation Sans.
 */
const FAMILIES: { family: string; folder: string }[] = [
  { family: "Excalifont", folder: "Excalifont" },
  { family: "Xiaolai", folder: "Xiaolai" },
  { family: "Virgil", folder: "Virgil" },
  { family: "Liberation Sans", folder: "Liberation" },
  { family: "Cascadia", folder: "Cascadia" },
  { family: "Nunito", folder: "Nunito" },
  { family: "Lilita One", folder: "Lilita" },
  { family: "Comic Shanns", folder: "ComicShanns" },
];

/** The part of fontkit's Font this script uses (the package ships no types). */
interface FontFile {
  characterSet: number[];
  name: { records: Record<string, Record<string, string> | undefined> };
}

async function sourceKey(): Promise<string> {
  const parts = await Promise.all(
    ["deno.lock", "scripts/build_png_fonts.ts"].map((path) => readFile(join(ROOT, path), "utf8")),
  );
  return sha256Hex(parts.join("\0"));
}

/** The family names resvg matches: the typographic family (name 16), else the family (name 1). */
function familyNames(font: FontFile): string[] {
  const records = font.name.records;
  const names = [records.preferredFamily, records.fontFamily]
    .flatMap((record) => Object.values(record ?? {}));
  return [...new Set(names)];
}

/** How many of the letters A–Z and a–z a file holds: the Latin subset holds all. */
function latinLetters(characters: Set<number>): number {
  let count = 0;
  for (let point = 0x41; point <= 0x7a; point++) if (characters.has(point)) count++;
  return count;
}

async function buildFamily(
  { family, folder }: { family: string; folder: string },
): Promise<PngFontFamily> {
  const names = (await readdir(join(SOURCE, folder))).filter((name) => name.endsWith(".woff2"))
    .sort();
  if (names.length === 0) throw new Error(`no woff2 files in ${join(SOURCE, folder)}`);
  await mkdir(join(PNG_FONTS_DIR, folder), { recursive: true });
  const files = [];
  const familyNamesSeen = new Set<string>();
  for (const name of names) {
    // The decoder answers with a view of its own memory, which its next call overwrites.
    const ttf = (await wawoff2.decompress(await readFile(join(SOURCE, folder, name)))).slice();
    const font = fontkit.create(ttf) as unknown as FontFile;
    for (const familyName of familyNames(font)) familyNamesSeen.add(familyName);
    const characters = new Set(font.characterSet);
    const file = join(folder, name.replace(/\.woff2$/, ".ttf"));
    await writeFile(join(PNG_FONTS_DIR, file), ttf);
    files.push({
      file,
      ranges: codePointRanges(characters),
      bytes: ttf.length,
      latin: latinLetters(characters),
    });
  }
  files.sort((a, b) => b.latin - a.latin || a.file.localeCompare(b.file));
  return {
    family,
    names: [...familyNamesSeen],
    files: files.map(({ latin: _, ...file }) => file),
  };
}

async function build(key: string): Promise<PngFontManifest> {
  await rm(PNG_FONTS_DIR, { recursive: true, force: true });
  const families = [];
  for (const family of FAMILIES) families.push(await buildFamily(family));
  return { key, families };
}

if (import.meta.main) {
  const key = await sourceKey();
  if (Deno.args.includes("--if-stale") && readPngFontManifest()?.key === key) Deno.exit(0);
  const started = performance.now();
  const manifest = await build(key);
  await writeFile(join(PNG_FONTS_DIR, "fonts.json"), JSON.stringify(manifest) + "\n");
  const files = manifest.families.flatMap((family) => family.files);
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  console.error(
    `PNG fonts decoded in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${files.length} files, ${(bytes / 1e6).toFixed(1)} MB in build/png_fonts/`,
  );
}
