// /editor/*: the editor's bundle and Excalidraw's fonts, from build/editor/ (scripts/
// build_editor.ts). Only files the build's manifest lists are served; their names carry a content
// hash (fonts a package version), so browsers keep them for a year. They are the same public files
// for everyone, and a chat client's diagram view (diagram/view/, on the host's sandbox origin, often
// an opaque one) loads the full-screen editor from here: its module scripts and fonts are fetched
// in CORS mode, so every answer allows any origin (no credentials are involved).
// Scripts and stylesheets go out as the build compressed them (.br, .gz beside each), so no
// request spends time compressing 9 MB of JavaScript; the middleware leaves an encoded answer be.
import { readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { Hono } from "hono";
import { EDITOR_BUILD_DIR, type EditorManifest } from "../editor_bundle.ts";
import { negotiateEncoding } from "../../runtime/compression.ts";
import { isPrecompressed, SUFFIXES } from "../../runtime/compression_files.ts";
import { bodyOrNotModified } from "../../runtime/etag.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
};

/** GET /editor/*: the editor's built files, precompressed where the client accepts it. */
export function editorAssets(manifest: EditorManifest | null, dir = EDITOR_BUILD_DIR): Hono {
  const app = new Hono();
  const served = new Set(manifest?.files ?? []);
  // Every file changes only with the bundle, whose key says what it was built from.
  const version = manifest?.key.slice(0, 32) ?? "";
  app.get("/editor/*", async (c) => {
    const file = c.req.path.slice("/editor/".length);
    const type = TYPES[extname(file)];
    if (!served.has(file) || !type) return c.json({ error: "no such editor file" }, 404);
    const headers: Record<string, string> = {
      "Content-Type": type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Access-Control-Allow-Origin": "*",
    };
    if (isPrecompressed(file)) headers.Vary = "Accept-Encoding";
    const encoding = isPrecompressed(file)
      ? negotiateEncoding(c.req.header("accept-encoding"))
      : null;
    const compressed = encoding === null
      ? null
      : await readFile(join(dir, file + SUFFIXES[encoding])).catch(() => null);
    if (compressed !== null) {
      return bodyOrNotModified(
        c,
        new Uint8Array(compressed),
        { ...headers, "Content-Encoding": encoding! },
        `"${version}-${encoding}"`,
      );
    }
    return bodyOrNotModified(
      c,
      new Uint8Array(await readFile(join(dir, file))),
      headers,
      `"${version}"`,
    );
  });
  return app;
}
