// Spec colours → Excalidraw stroke and background. Palette names follow Excalidraw's own
// quick picks: a light fill (open-color shade 1 of the editor's palette) with a strong stroke of
// the same hue (shade 4), so generated diagrams look like hand-picked ones.
import type { PALETTE } from "../spec.ts";

export interface ShapeColours {
  stroke: string;
  background: string;
}

type PaletteName = typeof PALETTE[number];

const PALETTE_COLOURS: Record<PaletteName, ShapeColours> = {
  gray: { background: "#e9ecef", stroke: "#343a40" },
  red: { background: "#ffc9c9", stroke: "#e03131" },
  pink: { background: "#fcc2d7", stroke: "#c2255c" },
  grape: { background: "#eebefa", stroke: "#9c36b5" },
  violet: { background: "#d0bfff", stroke: "#6741d9" },
  blue: { background: "#a5d8ff", stroke: "#1971c2" },
  cyan: { background: "#99e9f2", stroke: "#0c8599" },
  teal: { background: "#96f2d7", stroke: "#099268" },
  green: { background: "#b2f2bb", stroke: "#2f9e44" },
  yellow: { background: "#ffec99", stroke: "#f08c00" },
  orange: { background: "#ffd8a8", stroke: "#e8590c" },
  bronze: { background: "#eaddd7", stroke: "#846358" },
};

/** Excalidraw's default stroke; an uncoloured node is an outline on the canvas, as in the editor. */
export const DEFAULT_COLOURS: ShapeColours = { stroke: "#1e1e1e", background: "transparent" };

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** The palette name whose fill is `background`, so a hand-coloured shape reads back by name. */
export function paletteNameOf(background: string): PaletteName | undefined {
  const fill = background.toLowerCase();
  return (Object.keys(PALETTE_COLOURS) as PaletteName[]).find((name) =>
    PALETTE_COLOURS[name].background === fill
  );
}

/**
 * A hex stroke never gets lighter than this, so it reads on white; the palette's strokes sit at
 * 35–50 % lightness.
 */
const MAX_STROKE_LIGHTNESS = 0.4;
/** A dark fill still needs a stroke that stands out from it. */
const STROKE_DARKENING = 0.6;

/**
 * A palette name or `#rrggbb` (the forms parseSpec accepts). A hex colour is the fill; its stroke
 * keeps the hue and saturation at a lightness of min(40 %, 60 % of the fill's).
 */
export function resolveColours(color?: string): ShapeColours {
  if (color === undefined) return DEFAULT_COLOURS;
  if (Object.hasOwn(PALETTE_COLOURS, color)) return PALETTE_COLOURS[color as PaletteName];
  if (!HEX_COLOUR.test(color)) throw new Error(`resolveColours: unknown colour ${color}`);
  const background = color.toLowerCase();
  const { hue, saturation, lightness } = hexToHsl(background);
  const strokeLightness = Math.min(MAX_STROKE_LIGHTNESS, lightness * STROKE_DARKENING);
  return { background, stroke: hslToHex(hue, saturation, strokeLightness) };
}

/** An outline colour: a palette name's strong shade, or `#rrggbb` as given. */
export function resolveStroke(color: string): string {
  if (Object.hasOwn(PALETTE_COLOURS, color)) return PALETTE_COLOURS[color as PaletteName].stroke;
  if (!HEX_COLOUR.test(color)) throw new Error(`resolveStroke: unknown colour ${color}`);
  return color.toLowerCase();
}

const LIGHT_TEXT = "#ffffff";

/**
 * Label colour on a fill: Excalidraw's black, or white where that contrasts better (WCAG
 * contrast ratio of relative luminances), so dark fills keep readable labels.
 */
export function readableTextColour(background: string): string {
  if (!HEX_COLOUR.test(background)) return DEFAULT_COLOURS.stroke;
  const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const fill = relativeLuminance(background);
  const dark = relativeLuminance(DEFAULT_COLOURS.stroke);
  return contrast(fill, relativeLuminance(LIGHT_TEXT)) > contrast(fill, dark)
    ? LIGHT_TEXT
    : DEFAULT_COLOURS.stroke;
}

function relativeLuminance(hex: string): number {
  const [red, green, blue] = channels(hex).map((channel) =>
    channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  );
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** Red, green and blue of `#rrggbb`, from 0 to 1. */
function channels(hex: string): number[] {
  return [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
}

interface Hsl {
  /** Degrees, 0–360. */
  hue: number;
  saturation: number;
  lightness: number;
}

function hexToHsl(hex: string): Hsl {
  const [red, green, blue] = channels(hex);
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  const chroma = max - min;
  if (chroma === 0) return { hue: 0, saturation: 0, lightness };
  const saturation = chroma / (1 - Math.abs(2 * lightness - 1));
  let sector: number;
  if (max === red) sector = ((green - blue) / chroma + 6) % 6;
  else if (max === green) sector = (blue - red) / chroma + 2;
  else sector = (red - green) / chroma + 4;
  return { hue: sector * 60, saturation, lightness };
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const second = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const match = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const [red, green, blue] = [
    [chroma, second, 0],
    [second, chroma, 0],
    [0, chroma, second],
    [0, second, chroma],
    [second, 0, chroma],
    [chroma, 0, second],
  ][sector];
  return "#" + [red, green, blue]
    .map((channel) => Math.round((channel + match) * 255).toString(16).padStart(2, "0"))
    .join("");
}
