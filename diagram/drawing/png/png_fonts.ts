// Which of Excalidraw's fonts a PNG of one of our SVGs needs, and how resvg finds them by the names
// the SVG uses. The fonts are Excalidraw's own woff2 files decoded to TrueType once, at build time
// (scripts/build_png_fonts.ts), one file per unicode-range subset as Excalidraw splits them;
// build/png_fonts/fonts.json lists them as a PngFontManifest.
//
// Decisions:
// - A family is loaded only when the SVG names it, and of its subsets only those holding a
//   character of the SVG's text: Latin text needs one Excalifont subset of seven, and the CJK
//   font (Xiaolai, 209 subsets, 22 MB) costs nothing until a label is written in it.
// - Subsets of one family are loaded Latin first: resvg takes the first face of a family as the
//   font of a text and looks for a missing character in the other faces in load order, so
//   Cyrillic in an Excalifont label comes from Excalifont's Cyrillic subset, CJK from Xiaolai.
// - A few files carry a family name other than the one Excalidraw (and so our SVG) uses: "Comic
//   Shanns Regular", "Nunito ExtraLight", "Cascadia Code", "Xiaolai SC". The fonts stay as
//   shipped; the SVG's font lists gain those names right after Excalidraw's, unquoted (see
//   listedFamily).
// - The generic families of our stacks resolve to fonts we have: sans-serif to Liberation Sans
//   (metric-compatible with Arial, Excalidraw's Helvetica stand-in on most systems), monospace to
//   Cascadia.
// - No font here has emoji. Characters that no file holds are taken out of the text before resvg
//   sees it: resvg shapes a text again with a fallback font and gives up on it when the two
//   shapings differ in length, which an emoji's variation selector (U+FE0F) caused, and the whole
//   label "データベース 🗄️" vanished. Without them the rest of the label is drawn, centred as it is.

/** One font file: one subset of a family, and the code points it has glyphs for. */
export interface PngFontFile {
  /** The file, relative to the folder of the manifest. */
  file: string;
  /** Inclusive code point ranges, ascending and apart. */
  ranges: [number, number][];
  bytes: number;
}

export interface PngFontFamily {
  /** The name our SVG writes (Excalidraw's). */
  family: string;
  /** The family names the files carry, which resvg matches against. */
  names: string[];
  /** Latin subset first. */
  files: PngFontFile[];
}

export interface PngFontManifest {
  /** What the files were made from: a different one means they are stale. */
  key: string;
  /** In the order resvg looks for a character a text's own font lacks. */
  families: PngFontFamily[];
}

/** The fonts a renderer can draw with: the manifest's families and a reader for their files. */
export interface PngFonts {
  families: readonly PngFontFamily[];
  /** The bytes of one file the families list (TrueType). */
  read(file: string): Uint8Array;
}

/** What our stacks' generic families are drawn with, by the name the SVG uses. */
export const GENERIC_FAMILIES: Readonly<Record<string, string>> = {
  "sans-serif": "Liberation Sans",
  monospace: "Cascadia",
};

const FONT_FAMILY_ATTRIBUTE = /font-family="([^"]*)"/g;
const TEXT_CONTENT = />([^<]+)</g;

/** Every family name the SVG's font-family attributes list, unquoted, generics included. */
export function namedFamilies(svg: string): Set<string> {
  const names = new Set<string>();
  for (const [, value] of svg.matchAll(FONT_FAMILY_ATTRIBUTE)) {
    for (const { name } of familyList(value)) names.add(name);
  }
  return names;
}

/** The code points of the SVG's text (markup aside). */
export function textCodePoints(svg: string): Set<number> {
  const points = new Set<number>();
  for (const [, text] of svg.matchAll(TEXT_CONTENT)) {
    for (const character of text) points.add(character.codePointAt(0)!);
  }
  return points;
}

/**
 * The files to load for `svg`, in load order: of each family the SVG names (directly or through a
 * generic family), the subsets that hold at least one character of its text.
 */
export function fontFilesFor(svg: string, families: readonly PngFontFamily[]): PngFontFile[] {
  const named = namedFamilies(svg);
  for (const [generic, family] of Object.entries(GENERIC_FAMILIES)) {
    if (named.has(generic)) named.add(family);
  }
  const points = [...textCodePoints(svg)];
  return families
    .filter((family) => named.has(family.family))
    .flatMap((family) =>
      family.files.filter((file) => points.some((point) => covers(file.ranges, point)))
    );
}

/** The font-family names to give resvg for the generic families, as the files name them. */
export function genericFontNames(families: readonly PngFontFamily[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const [generic, name] of Object.entries(GENERIC_FAMILIES)) {
    const family = families.find((candidate) => candidate.family === name);
    if (family !== undefined) names[generic] = family.names[0] ?? family.family;
  }
  return names;
}

/**
 * The SVG with every font list naming, after each of Excalidraw's family names, the names that
 * family's files carry where they differ ("Nunito" → "Nunito, 'Nunito ExtraLight'").
 */
export function withFontNames(svg: string, families: readonly PngFontFamily[]): string {
  const aliases = new Map(families.map((family) => [family.family, family.names]));
  return svg.replace(FONT_FAMILY_ATTRIBUTE, (_, value: string) => {
    const names = familyList(value).flatMap(({ name, quoted }) => [
      listedFamily(name, !quoted),
      ...(aliases.get(name) ?? []).filter((alias) => alias !== name)
        .map((alias) => listedFamily(alias, false)),
    ]);
    return `font-family="${[...new Set(names)].join(", ")}"`;
  });
}

/**
 * The SVG with every character of its text that no file of `families` holds taken out (spaces and
 * the rest of ASCII stay, markup and entities included).
 */
export function withoutUndrawable(svg: string, families: readonly PngFontFamily[]): string {
  const drawable = coverage(families);
  return svg.replace(TEXT_CONTENT, (match, text: string) => {
    let kept = "";
    for (const character of text) {
      const point = character.codePointAt(0)!;
      if (point < 0x80 || covers(drawable, point)) kept += character;
    }
    return kept === text ? match : `>${kept}<`;
  });
}

const coverages = new WeakMap<readonly PngFontFamily[], [number, number][]>();

/** Every code point some file of `families` holds, as ranges (worked out once per list). */
function coverage(families: readonly PngFontFamily[]): [number, number][] {
  let ranges = coverages.get(families);
  if (ranges === undefined) {
    const all = families.flatMap((family) => family.files.flatMap((file) => file.ranges))
      .sort((a, b) => a[0] - b[0]);
    ranges = [];
    for (const [first, last] of all) {
      const previous = ranges.at(-1);
      if (previous !== undefined && first <= previous[1] + 1) {
        previous[1] = Math.max(previous[1], last);
      } else ranges.push([first, last]);
    }
    coverages.set(families, ranges);
  }
  return ranges;
}

/** Whether `point` falls in one of the ascending `ranges`. */
export function covers(ranges: readonly (readonly [number, number])[], point: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [first, last] = ranges[middle];
    if (point < first) high = middle - 1;
    else if (point > last) low = middle + 1;
    else return true;
  }
  return false;
}

/** Ascending code points as inclusive ranges of consecutive ones. */
export function codePointRanges(points: Iterable<number>): [number, number][] {
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const point of sorted) {
    const last = ranges.at(-1);
    if (last !== undefined && point === last[1] + 1) last[1] = point;
    else ranges.push([point, point]);
  }
  return ranges;
}

/** An attribute's font list as names: entities decoded, quotes and spaces taken off. */
function familyList(attribute: string): { name: string; quoted: boolean }[] {
  const value = attribute.replaceAll("&apos;", "'").replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
  return value.split(",").map((entry) => {
    const trimmed = entry.trim();
    const quoted = /^(['"]).*\1$/.test(trimmed);
    return { name: (quoted ? trimmed.slice(1, -1) : trimmed).trim(), quoted };
  }).filter(({ name }) => name !== "");
}

const GENERIC_KEYWORDS = new Set(["serif", "sans-serif", "monospace", "cursive", "fantasy"]);

/**
 * A name as a font list in an attribute writes it for resvg: unquoted when its words are CSS
 * identifiers (resvg matched no quoted name after the first of a list: "Foo, 'Cascadia Code'"
 * fell back to the default font, "Foo, Cascadia Code" drew Cascadia), quoted (as &apos;)
 * otherwise, and when it would read as a generic family.
 */
function listedFamily(name: string, generic: boolean): string {
  const words = name.split(/\s+/);
  const plain = words.every((word) => /^[A-Za-z_][A-Za-z0-9_-]*$/.test(word)) &&
    (generic || !GENERIC_KEYWORDS.has(name));
  return plain
    ? words.join(" ")
    : `&apos;${name.replaceAll("&", "&amp;").replaceAll("'", "")}&apos;`;
}
