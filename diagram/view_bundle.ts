// The chat client's diagram view (diagram/view/), built by scripts/build_view.ts into build/view/
// (and embedded in the compiled binary): one HTML document with its script and stylesheet inline,
// which the MCP endpoint serves as the resource ui://diagram/view.html.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const VIEW_BUILD_DIR = fileURLToPath(new URL("../build/view/", import.meta.url));

export interface ViewManifest {
  /** Hash of what the view was built from: a different one means it is stale. */
  key: string;
  /** The document, relative to VIEW_BUILD_DIR. */
  html: string;
}

/** The built view's document, or null when there is none (never built). */
export function readViewDocument(dir = VIEW_BUILD_DIR): string | null {
  try {
    const manifest: ViewManifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
    return readFileSync(join(dir, manifest.html), "utf8");
  } catch {
    return null;
  }
}
