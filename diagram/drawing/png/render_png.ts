// A PNG of one of our SVGs (render_svg.ts), drawn by resvg compiled to WebAssembly with
// Excalidraw's own fonts: no browser, no native binary, nothing fetched. What an agent sees of
// its diagram in an MCP client that shows tool images.
//
// Decisions:
// - Size: the long side is the drawing's own size, brought into [minLongSide, maxLongSide]
//   (600 to 1,600 px): a one-node diagram is drawn larger, a wide one smaller, so a client's
//   thumbnail of it is neither a dot nor a megapixel upload. A PNG over maxBytes (300 KB) is drawn
//   again smaller, down to the minimum, and then with fewer colours.
// - White background, always: a transparent PNG turns black lines invisible on a dark client.
// - A scene is drawn from our full-size SVG with label gaps cut rather than masked; when it is
//   drawn smaller than its natural size, text that would come out under MIN_TEXT_PX is drawn as
//   bars and lines thinner than a pixel a pixel wide and crisp (render_svg.ts says why: each of
//   the three made a 1000-node diagram take hundreds of milliseconds or seconds more).
// - The caller hands over resvg's WebAssembly module (bytes, or compiled) and the fonts (this
//   module reads no file): the drawing workers do it once each at start (drawing_pool/png_assets.ts)
//   with the module the service compiled once for all of them.
// - A time budget is a deadline for resvg itself: a drawing still running then is stopped where
//   it is (time_limit.ts), since the cost of one cannot be told well enough from its SVG (300
//   semi-transparent shapes covering the drawing took resvg 27 s, each a layer of its own).
// - Every failure is said in our words (png_error.ts), never resvg's.
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { isRecord } from "../../../shared/is_record.ts";
import { renderFullSize } from "../svg/render_svg.ts";
import { encodePng } from "./encode_png.ts";
import { PngError, previewTimeoutMessage } from "./png_error.ts";
import { TimeLimitError, withinTime } from "./time_limit.ts";
import {
  fontFilesFor,
  genericFontNames,
  type PngFonts,
  withFontNames,
  withoutUndrawable,
} from "./png_fonts.ts";

export interface PngLimits {
  minLongSide: number;
  maxLongSide: number;
  maxBytes: number;
}

export const PNG_LIMITS: PngLimits = { minLongSide: 600, maxLongSide: 1600, maxBytes: 300_000 };

/** When drawing must have stopped (a Date.now() time), and the budget that is, for the words. */
export interface PngBudget {
  deadline: number;
  budgetMs: number;
}

export interface PngImage {
  png: Uint8Array;
  width: number;
  height: number;
}

const BACKGROUND = "#ffffff";
/** What renderFullSize leaves around a drawing. */
const SCENE_MARGIN = 10;
/** Text drawn smaller than this many pixels is drawn as bars: nobody could read it. */
const MIN_TEXT_PX = 4;
/** The channel bits tried, in order, once the image is as small as it may be. */
const FEWER_COLOURS = [8, 5, 4, 3];

let initialised: Promise<void> | undefined;

/**
 * Instantiates resvg once per thread (later calls wait for the first); `wasm` is index_bg.wasm,
 * as bytes or compiled.
 */
export function initPngRenderer(wasm: BufferSource | WebAssembly.Module): Promise<void> {
  initialised ??= initWasm(wasm);
  return initialised;
}

/**
 * `svg` drawn as a PNG within `limits`, and by `budget`'s deadline when given. Throws when resvg
 * is not initialised; a PngError when the SVG has no size, is too thin to draw, no allowed size
 * and colour depth fits in maxBytes, the deadline passed, or resvg failed.
 */
export async function renderPng(
  svg: string,
  fonts: PngFonts,
  limits: PngLimits = PNG_LIMITS,
  budget?: PngBudget,
): Promise<PngImage> {
  if (initialised === undefined) throw new Error("the PNG renderer is not initialised");
  await initialised;
  const natural = svgSize(svg);
  const drawable = withoutUndrawable(svg, fonts.families);
  const prepared = withFontNames(drawable, fonts.families);
  const fontBuffers = fontFilesFor(drawable, fonts.families).map(({ file }) => fonts.read(file));
  const generic = genericFontNames(fonts.families);
  let target = longSideFor(natural, limits);
  for (;;) {
    assertDrawable(natural, target);
    const image = rasterise(prepared, fontBuffers, generic, {
      mode: natural.width >= natural.height ? "width" : "height",
      value: target,
    }, budget);
    let png: Uint8Array = new Uint8Array(0);
    for (const channelBits of target > limits.minLongSide ? [8] : FEWER_COLOURS) {
      png = await encodePng(image.pixels, image.width, image.height, { channelBits });
      if (png.length <= limits.maxBytes) return { png, width: image.width, height: image.height };
    }
    if (target <= limits.minLongSide) {
      throw new PngError(
        `the preview image stays over ${limits.maxBytes} bytes (${png.length}) at its smallest`,
      );
    }
    // Bytes shrink roughly with the area: aim a little under the limit.
    const shrink = Math.sqrt(limits.maxBytes / png.length) * 0.9;
    target = Math.max(limits.minLongSide, Math.floor(target * shrink));
  }
}

/**
 * A stored scene's elements drawn as a PNG within `limits`: our full-size SVG of them, made for
 * the purpose (label gaps cut, unreadably small text as bars), through renderPng. Image elements
 * show their pictures from `files` where those hold the bytes (render_svg.ts).
 */
export function renderScenePng(
  elements: readonly Record<string, unknown>[],
  fonts: PngFonts,
  limits: PngLimits = PNG_LIMITS,
  budget?: PngBudget,
  files: Readonly<Record<string, unknown>> = {},
): Promise<PngImage> {
  const extent = sceneExtent(elements);
  const scale = longSideFor(extent, limits) / Math.max(extent.width, extent.height);
  const drawable = { cutLabelGaps: true, files: decodableFiles(files) };
  const svg = renderFullSize(
    elements,
    scale >= 1 ? drawable : {
      ...drawable,
      textBarsBelow: MIN_TEXT_PX / scale,
      crispLinesBelow: 1 / scale,
    },
  );
  return renderPng(svg, fonts, limits, budget);
}

/**
 * The files resvg can draw: it decodes PNG, JPEG and GIF but not WebP, whose images would come
 * out as nothing at all; left out, they are drawn as placeholders (the SVG shows them).
 */
function decodableFiles(files: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(files).filter(([, entry]) =>
      !(isRecord(entry) && typeof entry.dataURL === "string" &&
        /^data:image\/webp[;,]/i.test(entry.dataURL))
    ),
  );
}

/**
 * About the size renderFullSize draws `elements` at: their boxes and points. Enough to know how
 * small text and lines will come out before drawing the SVG once (its exact size decides the
 * PNG's): drawing it twice cost 50 ms at 1,000 nodes.
 */
export function sceneExtent(
  elements: readonly Record<string, unknown>[],
): { width: number; height: number } {
  const bounds = sceneBounds(elements);
  if (bounds === null) return { width: 1, height: 1 };
  return { width: bounds.width + 2 * SCENE_MARGIN, height: bounds.height + 2 * SCENE_MARGIN };
}

/** The box around the live elements' boxes and points; null when nothing is drawn. */
export function sceneBounds(
  elements: readonly Record<string, unknown>[],
): { x: number; y: number; width: number; height: number } | null {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const take = (x: number, y: number) => {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    [minX, minY, maxX, maxY] = [
      Math.min(minX, x),
      Math.min(minY, y),
      Math.max(maxX, x),
      Math.max(maxY, y),
    ];
  };
  for (const element of elements) {
    const { x, y, width, height, points } = element;
    if (element.isDeleted === true || typeof x !== "number" || typeof y !== "number") continue;
    if (Array.isArray(points)) {
      for (const point of points) {
        if (Array.isArray(point)) take(x + Number(point[0]), y + Number(point[1]));
      }
    } else {
      take(x, y);
      take(x + Number(width), y + Number(height));
    }
  }
  if (minX > maxX) return null;
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** The long side a drawing of this natural size is drawn at: its own, within the limits. */
function longSideFor(natural: { width: number; height: number }, limits: PngLimits): number {
  const longSide = Math.round(Math.max(natural.width, natural.height));
  return Math.min(limits.maxLongSide, Math.max(limits.minLongSide, longSide));
}

/** The root's width and height: the drawing's size at scale 1. */
export function svgSize(svg: string): { width: number; height: number } {
  const root = /^\s*<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const width = Number(/\swidth="([0-9.]+)"/.exec(root)?.[1]);
  const height = Number(/\sheight="([0-9.]+)"/.exec(root)?.[1]);
  if (!(width > 0 && height > 0)) throw new PngError("the SVG root has no width and height");
  return { width, height };
}

/** A drawing whose short side would come out under a pixel has no picture (resvg refuses it). */
function assertDrawable(natural: { width: number; height: number }, longSide: number): void {
  const [long, short] = [
    Math.max(natural.width, natural.height),
    Math.min(natural.width, natural.height),
  ];
  if (short * longSide / long >= 1) return;
  throw new PngError(
    `the drawing is ${Math.round(natural.width)} × ${Math.round(natural.height)} px, too long ` +
      `and thin for a picture: drawn ${longSide} px long, it would be less than a pixel across`,
  );
}

function rasterise(
  svg: string,
  fontBuffers: Uint8Array[],
  generic: Record<string, string>,
  fitTo: { mode: "width" | "height"; value: number },
  budget: PngBudget | undefined,
): { pixels: Uint8Array; width: number; height: number } {
  const draw = () => {
    const resvg = new Resvg(svg, {
      font: {
        fontBuffers,
        defaultFontFamily: generic["sans-serif"],
        sansSerifFamily: generic["sans-serif"],
        monospaceFamily: generic.monospace,
      },
      fitTo,
      background: BACKGROUND,
    });
    try {
      const rendered = resvg.render();
      try {
        return { pixels: rendered.pixels, width: rendered.width, height: rendered.height };
      } finally {
        rendered.free();
      }
    } finally {
      resvg.free();
    }
  };
  const left = budget === undefined ? Infinity : budget.deadline - Date.now();
  if (budget !== undefined && left <= 0) {
    throw new PngError(previewTimeoutMessage(budget.budgetMs));
  }
  try {
    return budget === undefined ? draw() : withinTime(left, draw);
  } catch (error) {
    if (error instanceof TimeLimitError) {
      throw new PngError(previewTimeoutMessage(budget!.budgetMs), true);
    }
    if (error instanceof WebAssembly.RuntimeError) {
      throw new PngError("the PNG renderer crashed while drawing it", true);
    }
    // resvg's own messages speak of options nobody here set.
    throw new PngError("the PNG renderer could not draw it");
  }
}
