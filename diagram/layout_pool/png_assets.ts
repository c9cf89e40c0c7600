// What the PNG renderer needs from disk: resvg's WebAssembly module (from its npm package) and
// Excalidraw's fonts as TrueType, which scripts/build_png_fonts.ts writes to build/png_fonts/ (and
// the compiled binary embeds). Read by each layout worker when it starts.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { PngFontManifest, PngFonts } from "../drawing/png/png_fonts.ts";
import { initPngRenderer, renderScenePng } from "../drawing/png/render_png.ts";
import type { PngRenderer } from "../service/draw.ts";

export const PNG_FONTS_DIR = fileURLToPath(new URL("../../build/png_fonts/", import.meta.url));
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

/** resvg compiled, for the layout pool to share with its workers; null when it cannot be. */
export async function compileResvg(): Promise<WebAssembly.Module | null> {
  try {
    return await WebAssembly.compile(await resvgWasm());
  } catch {
    return null;
  }
}

/**
 * What is drawn before the first real PNG: resvg's first render in a thread took 560 ms where the
 * next took 200 (WebAssembly compiled lazily, then optimised), so each worker pays it while it
 * warms up. A small scene of what diagrams hold (shapes, labels, an arrow with its label, a
 * frame), drawn near its own size and, with a far-away note, much smaller.
 */
const WARM_UP_SCENE: Record<string, unknown>[] = [
  { id: "f", type: "frame", x: 0, y: 0, width: 420, height: 200, name: "Warm up" },
  {
    id: "r",
    type: "rectangle",
    x: 20,
    y: 40,
    width: 120,
    height: 60,
    strokeColor: "#1971c2",
    backgroundColor: "#a5d8ff",
    boundElements: [{ id: "rt", type: "text" }],
  },
  { id: "e", type: "ellipse", x: 260, y: 40, width: 140, height: 60 },
  { id: "d", type: "diamond", x: 260, y: 120, width: 140, height: 60 },
  {
    id: "a",
    type: "arrow",
    x: 140,
    y: 70,
    points: [[0, 0], [60, 0], [60, 70], [120, 70]],
    endArrowhead: "arrow",
    boundElements: [{ id: "at", type: "text" }],
  },
  ...[["rt", "r", 40, 57, "API"], ["at", "a", 180, 95, "reads"]].map((
    [id, container, x, y, text],
  ) => ({
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
  })),
];
/** Rounds of both drawings: enough for V8 to optimise resvg's busiest code. */
const WARM_UP_ROUNDS = 3;
const FAR_AWAY = { id: "n", type: "text", x: 9000, y: 4000, width: 60, height: 25, text: "far" };

/** The renderer of one layout worker. */
export interface WorkerPngRenderer {
  render: PngRenderer;
  /**
   * resvg trapped (a WebAssembly RuntimeError): its memory may be left inconsistent, so the
   * worker should be replaced rather than draw again.
   */
  readonly broken: boolean;
}

/**
 * The renderer a layout worker uses: resvg (the pool's compiled module, else compiled here) warm,
 * the built fonts read on demand. Rejects when the fonts were never built or resvg cannot start.
 */
export async function createPngRenderer(
  { dir = PNG_FONTS_DIR, resvg }: { dir?: string; resvg?: WebAssembly.Module } = {},
): Promise<WorkerPngRenderer> {
  const fonts = pngFontsFromDisk(dir);
  await initPngRenderer(resvg ?? await resvgWasm());
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await renderScenePng(WARM_UP_SCENE, fonts);
    await renderScenePng([...WARM_UP_SCENE, FAR_AWAY], fonts);
  }
  const renderer = {
    broken: false,
    async render(elements: readonly Record<string, unknown>[]) {
      try {
        return await renderScenePng(elements, fonts);
      } catch (error) {
        if (error instanceof WebAssembly.RuntimeError) renderer.broken = true;
        throw error;
      }
    },
  };
  return renderer;
}
