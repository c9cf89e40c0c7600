// What the PNG renderer needs from disk: resvg's WebAssembly module (from its npm package) and
// Excalidraw's fonts as TrueType, which scripts/build_png_fonts.ts writes to build/png_fonts/ (and
// the compiled binary embeds). Read by each drawing worker when it starts.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PngFontManifest, PngFonts } from "../drawing/png/png_fonts.ts";
import { PngError } from "../drawing/png/png_error.ts";
import {
  initPngRenderer,
  PNG_LIMITS,
  type PngBudget,
  type PngImage,
  renderScenePng,
} from "../drawing/png/render_png.ts";

/** Where `deno task build` puts the TrueType fonts the PNGs are drawn with. */
export const PNG_FONTS_DIR = fileURLToPath(new URL("../../build/png_fonts/", import.meta.url));
/** Which font file draws which of Excalidraw's font families. */
export const PNG_FONTS_MANIFEST = join(PNG_FONTS_DIR, "fonts.json");

/** The manifest, or null when the fonts were never built here. */
export function readPngFontManifest(dir = PNG_FONTS_DIR): PngFontManifest | null {
  try {
    return JSON.parse(Deno.readTextFileSync(join(dir, "fonts.json")));
  } catch {
    return null;
  }
}

/**
 * The built fonts, each file read when a drawing needs it (the OS keeps them cached; the CJK
 * subsets alone are 22 MB, too much to hold in every worker). Throws when they were never built.
 */
export function pngFontsFromDisk(dir = PNG_FONTS_DIR): PngFonts {
  const manifest = readPngFontManifest(dir);
  if (manifest === null) {
    throw new Error(
      `the PNG fonts are missing (${join(dir, "fonts.json")}): run \`deno task prepare\``,
    );
  }
  return { families: manifest.families, read: (file) => Deno.readFileSync(join(dir, file)) };
}

/** resvg's WebAssembly module, from the installed package. */
export function resvgWasm(): Promise<Uint8Array<ArrayBuffer>> {
  return Deno.readFile(new URL(import.meta.resolve("@resvg/resvg-wasm/index_bg.wasm")));
}

/** resvg compiled, for the drawing pool to share with its workers; null when it cannot be. */
export async function compileResvg(): Promise<WebAssembly.Module | null> {
  try {
    return await WebAssembly.compile(await resvgWasm());
  } catch {
    return null;
  }
}

/**
 * What a worker draws before its first real PNG: resvg's first drawing in a thread took 560 ms
 * where the next took 200, and a 1000-node diagram's preview in a fresh worker (as every one is:
 * the worker that drew the last one was replaced for its memory) 450 to 850 ms where a warm one
 * took 300, the code compiled lazily, then optimised (our own code as much as resvg's). So each
 * worker draws a scene of what diagrams hold while it warms up: a grid of labelled shapes
 * joined by labelled arrows in a frame, near its own size and, spread out, much smaller (text as
 * bars, crisp lines).
 */
function warmUpScene(columns: number, rows: number, spacing: number): Record<string, unknown>[] {
  const shapes = ["rectangle", "ellipse", "diamond"];
  const label = (id: string, container: string, x: number, y: number, text: string) => ({
    id,
    type: "text",
    x,
    y,
    width: 80,
    height: 25,
    text,
    fontSize: 20,
    fontFamily: 5,
    textAlign: "center",
    lineHeight: 1.25,
    containerId: container,
  });
  const elements: Record<string, unknown>[] = [{
    id: "frame",
    type: "frame",
    x: -20,
    y: -20,
    width: columns * spacing,
    height: rows * spacing,
    name: "Warm up",
  }];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const [id, x, y] = [`n${row}-${column}`, column * spacing, row * spacing];
      elements.push({
        id,
        type: shapes[(row + column) % shapes.length],
        x,
        y,
        width: 120,
        height: 60,
        strokeColor: "#1971c2",
        backgroundColor: column % 2 === 0 ? "#a5d8ff" : "transparent",
        boundElements: [{ id: `${id}-t`, type: "text" }],
      }, label(`${id}-t`, id, x + 20, y + 17, `Node ${row} ${column}`));
      if (column + 1 === columns) continue;
      elements.push({
        id: `${id}-a`,
        type: "arrow",
        x: x + 120,
        y: y + 30,
        points: [[0, 0], [(spacing - 120) / 2, 0], [(spacing - 120) / 2, 10], [spacing - 120, 10]],
        endArrowhead: "arrow",
        boundElements: [{ id: `${id}-l`, type: "text" }],
      }, label(`${id}-l`, `${id}-a`, x + spacing / 2 - 40, y + 28, "calls"));
    }
  }
  return elements;
}

/**
 * Drawn at about its own size (580 × 420) and at a twentieth of it, no larger than 800 px: resvg's
 * memory grows to the largest image it drew and stays, and a warm-up at 1,600 px had left 24 MB.
 */
const WARM_UP_SCENES = [warmUpScene(3, 3, 200), warmUpScene(12, 10, 1500)];
const WARM_UP_LIMITS = { ...PNG_LIMITS, maxLongSide: 800 };
/** Rounds of both drawings: enough for V8 to optimise the busiest code. */
const WARM_UP_ROUNDS = 2;

/** The renderer of one drawing worker. */
export interface WorkerPngRenderer {
  /** A scene's PNG (its images from `files`), stopped at `budget`'s deadline when given. */
  render(
    elements: readonly Record<string, unknown>[],
    budget?: PngBudget,
    files?: Readonly<Record<string, unknown>>,
  ): Promise<PngImage>;
  /**
   * resvg trapped or was stopped part-way: its memory may be left inconsistent, so the worker
   * should be replaced rather than draw again.
   */
  readonly broken: boolean;
}

/**
 * The renderer a drawing worker uses: resvg (the pool's compiled module, else compiled here) warm,
 * the built fonts read on demand. Rejects when the fonts were never built or resvg cannot start.
 */
export async function createPngRenderer(
  { dir = PNG_FONTS_DIR, resvg }: { dir?: string; resvg?: WebAssembly.Module } = {},
): Promise<WorkerPngRenderer> {
  const fonts = pngFontsFromDisk(dir);
  await initPngRenderer(resvg ?? await resvgWasm());
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const scene of WARM_UP_SCENES) await renderScenePng(scene, fonts, WARM_UP_LIMITS);
  }
  const renderer = {
    broken: false,
    async render(
      elements: readonly Record<string, unknown>[],
      budget?: PngBudget,
      files?: Readonly<Record<string, unknown>>,
    ) {
      try {
        return await renderScenePng(elements, fonts, PNG_LIMITS, budget, files);
      } catch (error) {
        if (error instanceof PngError && error.rendererBroken) renderer.broken = true;
        throw error;
      }
    },
  };
  return renderer;
}
