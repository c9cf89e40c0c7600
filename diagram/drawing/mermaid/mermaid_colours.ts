// Node colours between Mermaid's CSS (`fill:#f9f`, `stroke:red`) and the spec's palette names and
// `#rrggbb`. A fill that is a palette's background reads back as the palette's name, and a stroke
// that is the one the fill picks anyway is left out, so spec → Mermaid → spec gives the same spec.
import { PALETTE, type SpecNode } from "../spec.ts";
import { paletteNameOf, resolveColours } from "../scene/palette.ts";

type PaletteName = typeof PALETTE[number];

/**
 * CSS colour names charts commonly use. The hues the palette has are its names (drawn in the
 * palette's light fill and strong outline); the rest are their CSS values.
 */
export const CSS_COLOUR_NAMES: Readonly<Record<string, PaletteName | `#${string}`>> = {
  red: "red",
  pink: "pink",
  purple: "grape",
  violet: "violet",
  blue: "blue",
  cyan: "cyan",
  teal: "teal",
  green: "green",
  yellow: "yellow",
  orange: "orange",
  brown: "bronze",
  gray: "gray",
  grey: "gray",
  white: "#ffffff",
  black: "#000000",
  silver: "#c0c0c0",
  lightgray: "#d3d3d3",
  lightgrey: "#d3d3d3",
  darkgray: "#a9a9a9",
  darkgrey: "#a9a9a9",
  whitesmoke: "#f5f5f5",
  gainsboro: "#dcdcdc",
  navy: "#000080",
  darkblue: "#00008b",
  lightblue: "#add8e6",
  skyblue: "#87ceeb",
  steelblue: "#4682b4",
  aliceblue: "#f0f8ff",
  azure: "#f0ffff",
  aqua: "#00ffff",
  lightcyan: "#e0ffff",
  turquoise: "#40e0d0",
  darkgreen: "#006400",
  lightgreen: "#90ee90",
  palegreen: "#98fb98",
  lime: "#00ff00",
  olive: "#808000",
  honeydew: "#f0fff0",
  mintcream: "#f5fffa",
  gold: "#ffd700",
  khaki: "#f0e68c",
  lightyellow: "#ffffe0",
  beige: "#f5f5dc",
  ivory: "#fffff0",
  wheat: "#f5deb3",
  tan: "#d2b48c",
  darkorange: "#ff8c00",
  coral: "#ff7f50",
  tomato: "#ff6347",
  salmon: "#fa8072",
  lightsalmon: "#ffa07a",
  peachpuff: "#ffdab9",
  darkred: "#8b0000",
  maroon: "#800000",
  crimson: "#dc143c",
  lightcoral: "#f08080",
  lightpink: "#ffb6c1",
  mistyrose: "#ffe4e1",
  magenta: "#ff00ff",
  fuchsia: "#ff00ff",
  plum: "#dda0dd",
  orchid: "#da70d6",
  lavender: "#e6e6fa",
  indigo: "#4b0082",
  linen: "#faf0e6",
  snow: "#fffafa",
};

/** A CSS colour as the spec takes it: a palette name or `#rrggbb`; "none" for no paint. */
export type ReadColour =
  | { kind: "colour"; colour: PaletteName | string; alphaDropped: boolean }
  | { kind: "none" }
  | { kind: "unknown" };

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, a CSS name, `rgb()`/`rgba()`, `none`/`transparent`. */
export function readCssColour(value: string): ReadColour {
  const text = value.trim().toLowerCase();
  if (text === "none" || text === "transparent") return { kind: "none" };
  if (text.startsWith("#")) return readHex(text.slice(1));
  if (Object.hasOwn(CSS_COLOUR_NAMES, text)) {
    return { kind: "colour", colour: CSS_COLOUR_NAMES[text], alphaDropped: false };
  }
  const rgb = readRgbFunction(text);
  if (rgb === null) return { kind: "unknown" };
  return { kind: "colour", colour: rgb.hex, alphaDropped: rgb.alpha };
}

function readHex(digits: string): ReadColour {
  for (const digit of digits) {
    if (!/^[0-9a-f]$/.test(digit)) return { kind: "unknown" };
  }
  if (digits.length === 3 || digits.length === 4) {
    const [r, g, b] = digits;
    return {
      kind: "colour",
      colour: `#${r}${r}${g}${g}${b}${b}`,
      alphaDropped: digits.length === 4,
    };
  }
  if (digits.length === 6 || digits.length === 8) {
    return { kind: "colour", colour: `#${digits.slice(0, 6)}`, alphaDropped: digits.length === 8 };
  }
  return { kind: "unknown" };
}

/**
 * `rgb(r, g, b)` / `rgba(r, g, b, a)`, commas or spaces (with `/ a`), channels as 0–255 or
 * percentages. Null for anything else.
 */
export function readRgbFunction(text: string): { hex: string; alpha: boolean } | null {
  const lower = text.trim().toLowerCase();
  const name = lower.startsWith("rgba(") ? "rgba(" : lower.startsWith("rgb(") ? "rgb(" : null;
  if (name === null || !lower.endsWith(")")) return null;
  const parts = lower.slice(name.length, -1).replaceAll(",", " ").replaceAll("/", " ").split(" ")
    .filter((part) => part !== "");
  if (parts.length !== 3 && parts.length !== 4) return null;
  const channels: number[] = [];
  for (const part of parts.slice(0, 3)) {
    const percent = part.endsWith("%");
    const number = Number(percent ? part.slice(0, -1) : part);
    if (part === "%" || !Number.isFinite(number)) return null;
    const scaled = percent ? number * 2.55 : number;
    channels.push(Math.min(255, Math.max(0, Math.round(scaled))));
  }
  if (parts.length === 4 && !Number.isFinite(Number(parts[3].replace(/%$/, "")))) return null;
  const hex = channels.map((channel) => channel.toString(16).padStart(2, "0")).join("");
  return { hex: `#${hex}`, alpha: parts.length === 4 };
}

/** Longer than any rgb()/rgba() a chart writes; longer candidates are not read. */
const MAX_RGB_LENGTH = 64;

/**
 * Mermaid's parser takes no parentheses in style statements, so `rgb(…)` in a `style`, `classDef`
 * or `linkStyle` line is rewritten as `#rrggbb` before parsing (an `rgba(…)`'s alpha is dropped;
 * `alphaDropped` says so). Other lines are left alone. Only a syntax error on a rewritten line
 * could show it, its column counted in the rewritten line.
 */
export function rewriteRgbInStyles(text: string): { text: string; alphaDropped: boolean } {
  if (!/rgb/i.test(text)) return { text, alphaDropped: false };
  let alphaDropped = false;
  const lines = text.split("\n").map((line) => {
    const start = line.trimStart();
    const isStyle = start.startsWith("style ") || start.startsWith("classDef ") ||
      start.startsWith("linkStyle ");
    if (!isStyle || !/rgb/i.test(line)) return line;
    let out = "";
    let at = 0;
    const lower = line.toLowerCase();
    // The ")" after the scan, looked up again only once the scan passes it: linear.
    let close = -2;
    for (let found = lower.indexOf("rgb"); found !== -1; found = lower.indexOf("rgb", at)) {
      if (close !== -1 && close < found) close = lower.indexOf(")", found);
      if (close === -1) break;
      const rgb = close - found < MAX_RGB_LENGTH
        ? readRgbFunction(lower.slice(found, close + 1))
        : null;
      if (rgb === null) {
        out += line.slice(at, found + 3);
        at = found + 3;
        continue;
      }
      alphaDropped ||= rgb.alpha;
      out += line.slice(at, found) + rgb.hex;
      at = close + 1;
    }
    return out + line.slice(at);
  });
  return { text: lines.join("\n"), alphaDropped };
}

const PALETTE_BY_STROKE = new Map<string, PaletteName>(
  PALETTE.map((name) => [resolveColours(name).stroke, name]),
);

/** The hex a palette name or `#rrggbb` stands for as a fill. */
function fillHex(colour: string): string {
  return resolveColours(colour).background;
}

/** The hex a palette name (its strong shade) or `#rrggbb` stands for as an outline. */
function strokeHex(colour: string): string {
  return (PALETTE as readonly string[]).includes(colour)
    ? resolveColours(colour).stroke
    : colour.toLowerCase();
}

/**
 * The spec's `color` and `stroke` for a node Mermaid paints with `fill` and `stroke` (each a
 * palette name or `#rrggbb`, or absent): a fill that is a palette's background is that palette's
 * name; a stroke the fill would pick anyway is left out, and one that is a palette's strong shade
 * is that palette's name.
 */
export function specColours(
  fill: string | undefined,
  stroke: string | undefined,
): Pick<SpecNode, "color" | "stroke"> {
  const color = fill === undefined
    ? undefined
    : (PALETTE as readonly string[]).includes(fill)
    ? fill as PaletteName
    : paletteNameOf(fill) ?? fill.toLowerCase();
  const result: Pick<SpecNode, "color" | "stroke"> = color === undefined ? {} : { color };
  if (stroke === undefined) return result;
  const outline = strokeHex(stroke);
  if (outline === resolveColours(color).stroke) return result;
  return { ...result, stroke: PALETTE_BY_STROKE.get(outline) ?? outline };
}

/** A spec node's paint as Mermaid CSS: the fill's hex and the outline it is drawn with. */
export function cssColours(node: Pick<SpecNode, "color" | "stroke">): {
  fill?: string;
  stroke?: string;
} {
  if (node.color === undefined && node.stroke === undefined) return {};
  const stroke = node.stroke === undefined
    ? resolveColours(node.color).stroke
    : strokeHex(node.stroke);
  return node.color === undefined ? { stroke } : { fill: fillHex(node.color), stroke };
}
