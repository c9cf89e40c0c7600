// Files compressed once, when they are built (the editor's bundle): `x.js.br` (brotli at its
// highest quality, too slow per request) and `x.js.gz` (gzip at level 9) beside each text file,
// served instead of it to a client that accepts them, so no request spends time compressing.
import { readFile, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Encoding } from "./compression.ts";

/** The file beside `file` that holds it in `encoding`. */
export const SUFFIXES: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/** Text files worth compressing; fonts (woff2) and images are compressed already. */
const TEXT_EXTENSIONS = new Set([".js", ".css", ".html", ".json", ".svg"]);

export function isPrecompressed(file: string): boolean {
  return TEXT_EXTENSIONS.has(extname(file));
}

/** Writes the `.br` and `.gz` of every text file of `files` (relative to `dir`). */
export async function precompress(dir: string, files: readonly string[]): Promise<void> {
  for (const file of files.filter(isPrecompressed)) {
    const bytes = await readFile(join(dir, file));
    await writeFile(
      join(dir, file + SUFFIXES.br),
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      }),
    );
    await writeFile(join(dir, file + SUFFIXES.gzip), gzipSync(bytes, { level: 9 }));
  }
}

/** Whether every text file of `files` has its `.br` and `.gz` (a build that lacks one is stale). */
export async function allPrecompressed(dir: string, files: readonly string[]): Promise<boolean> {
  for (const file of files.filter(isPrecompressed)) {
    for (const suffix of Object.values(SUFFIXES)) {
      const found = await Deno.stat(join(dir, file + suffix)).then(() => true, () => false);
      if (!found) return false;
    }
  }
  return true;
}
