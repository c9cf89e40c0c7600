// The editor's browser bundle, built by scripts/build_editor.ts into build/editor/ (and embedded in
// the compiled binary): where it is, what its manifest says, and reading it at startup.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const EDITOR_BUILD_DIR = fileURLToPath(new URL("../build/editor/", import.meta.url));

export interface EditorManifest {
  /** Hash of what the bundle was built from: a different one means it is stale. */
  key: string;
  /** The entry script, relative to EDITOR_BUILD_DIR. */
  entry: string;
  css: string | null;
  /**
   * Full-screen editing in a chat client's diagram view (diagram/editor/app_editor.tsx), relative
   * to EDITOR_BUILD_DIR; absent from a bundle built before it existed.
   */
  appEditor?: {
    entry: string;
    css: string | null;
    /** The fonts the view's SVG names, for the view to draw its labels in. */
    fontFaces?: ViewFontFace[];
  };
  /**
   * A share link's live view (diagram/editor/shared_main.tsx), relative to EDITOR_BUILD_DIR; absent
   * from a bundle built before it existed, whose share pages then show the picture only.
   */
  shared?: { entry: string; css: string | null };
  /** Every file of the build (fonts included): the only ones served. */
  files: string[];
}

/** One face of a font: its file (relative to EDITOR_BUILD_DIR) and the characters it has. */
export interface ViewFontFace {
  family: string;
  file: string;
  unicodeRange?: string;
}

/** The built bundle's manifest, or null when there is none (never built, or built elsewhere). */
export function readEditorManifest(dir = EDITOR_BUILD_DIR): EditorManifest | null {
  try {
    return JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  } catch {
    return null;
  }
}
