// `deno task build`: bundles the editor page's browser code (diagram/editor/, React and
// Excalidraw) into build/editor/, with Excalidraw's fonts beside it so the page never asks a CDN.
// `--if-stale` builds only when a file of ours the bundle is made from (wherever it lives), the
// lock file or this script changed since the last build, or a compressed copy is missing (the
// tasks that serve or test the editor run it that way; finding a bundle current costs ~50 ms).
// Output: editor-<hash>.js (the entry), chunks/ (loaded on demand), editor-<hash>.css, fonts/,
// each script and stylesheet also as .br and .gz (runtime/compression_files.ts),
// app-editor-<hash>.js and its .css (the second entry: full-screen editing in a chat client's
// diagram view, diagram/view/, sharing the chunks), shared-<hash>.js and its .css (the third: a
// share link's live view, diagram/editor/shared_main.tsx), and manifest.json naming them, which
// the diagram service reads at startup.
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import * as esbuild from "esbuild";
import { sha256Hex } from "../diagram/digest.ts";
import { allPrecompressed, precompress } from "../runtime/compression_files.ts";
import {
  EDITOR_BUILD_DIR,
  type EditorManifest,
  type ViewFontFace,
} from "../diagram/editor_bundle.ts";

const ROOT = new URL("../", import.meta.url).pathname;
/** The bundle's entry modules by output name, relative to the repository root. */
const ENTRIES = {
  editor: "diagram/editor/main.tsx",
  "app-editor": "diagram/editor/app_editor.tsx",
  shared: "diagram/editor/shared_main.tsx",
};
const FONTS = join(ROOT, "node_modules/@excalidraw/excalidraw/dist/prod/fonts");
const MANIFEST = join(EDITOR_BUILD_DIR, "manifest.json");

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** How the bundle resolves its imports, the same for the build and for finding its sources. */
const RESOLVING = {
  bundle: true,
  format: "esm",
  platform: "browser",
  jsx: "automatic",
  conditions: ["production"],
  // Excalidraw's stylesheet names its UI font as ./fonts/…, which the copied fonts/ answers.
  external: ["*.woff2"],
} satisfies esbuild.BuildOptions;

/**
 * Every file of ours the bundle is made from, relative to `root`: the modules the entries import,
 * directly or not, in whatever folder they live (the editor takes embed_links.ts from the drawing
 * engine), so that a change to any of them makes the bundle stale. esbuild follows the imports as
 * the build does, but leaves the packages out (deno.lock stands for them) and writes nothing.
 */
export function editorSources(root = ROOT): Promise<string[]> {
  // An entry missing from `root` is left out (the tests' small trees hold main.tsx only).
  const entries = Object.values(ENTRIES).filter((entry) => existsSync(join(root, entry)));
  return sourcesOf(entries, root);
}

/** The files of ours that `entries` (relative to `root`) import, as editorSources finds them. */
export async function sourcesOf(
  entries: string[],
  root = ROOT,
  resolving: esbuild.BuildOptions = RESOLVING,
): Promise<string[]> {
  try {
    const result = await esbuild.build({
      ...resolving,
      entryPoints: entries.map((entry) => join(root, entry)),
      // Nothing is written; esbuild wants a place for several entries' (or a stylesheet's) output.
      outdir: resolving.outdir ?? join(root, "build"),
      absWorkingDir: root,
      packages: "external",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    return Object.keys(result.metafile.inputs).sort();
  } finally {
    await esbuild.stop();
  }
}

/** What the bundle is made from: those sources, the lock file and this script, as one hash. */
export async function sourceKey(root = ROOT): Promise<string> {
  return keyOf([...await editorSources(root), "deno.lock", "scripts/build_editor.ts"], root);
}

/** One hash of the files `inputs` (relative to `root`), names and contents. */
export async function keyOf(inputs: string[], root = ROOT): Promise<string> {
  const parts: string[] = [];
  for (const path of inputs) parts.push(path, await readFile(join(root, path), "utf8"));
  return sha256Hex(parts.join("\0"));
}

/** Whether the bundle in place was built from `key`, its compressed copies all there. */
async function current(key: string): Promise<boolean> {
  let manifest: EditorManifest;
  try {
    manifest = JSON.parse(await readFile(MANIFEST, "utf8"));
  } catch {
    return false;
  }
  return manifest.key === key && await allPrecompressed(EDITOR_BUILD_DIR, manifest.files);
}

/**
 * Excalidraw lists a CDN (esm.sh) after EXCALIDRAW_ASSET_PATH in every font's sources, so the
 * browser would ask it whenever one of ours failed, and Chromium reports each as a CSP violation
 * even when ours load. Its fallback becomes our own address; the build fails if that line moved.
 */
const FONT_FALLBACK =
  /`https:\/\/esm\.sh\/\$\{[^`]*`[^`]*`:"@excalidraw\/excalidraw"\}\/dist\/prod\/`/;
// Said relative to the chunk Excalidraw lands in (build/editor/chunks/, checked below), not to the
// page: a chat client's diagram view runs on an opaque origin, where location.origin is "null"
// and Excalidraw's own fallback made every font's URL throw.
const OWN_FONTS = 'new URL("../", import.meta.url).href';
/** Where the chunk holding OWN_FONTS must be for "../" to be build/editor/. */
const OWN_FONTS_DIR = "chunks";
/**
 * The faces of the hand-drawn fonts our SVG names first (Excalifont, by subset, and Virgil), as
 * Excalidraw declares them (its unminified build, which the package ships too), so that the chat
 * client's diagram view draws our SVG's labels in them, as the editor does: each face's file
 * under fonts/ and its unicode-range. The build fails if Excalidraw stops declaring them so.
 */
export async function viewFontFaces(
  dist = join(ROOT, "node_modules/@excalidraw/excalidraw/dist/dev"),
): Promise<ViewFontFace[]> {
  const faces: ViewFontFace[] = [];
  for (const name of await readdir(dist)) {
    if (!name.endsWith(".js")) continue;
    const source = await readFile(join(dist, name), "utf8");
    const files = new Map(
      [...source.matchAll(/^var (\w+) = "\.\/fonts\/([\w-]+\/[\w-]+\.woff2)";$/gm)]
        .map(([, variable, file]) => [variable, file]),
    );
    for (const family of ["Excalifont", "Virgil"]) {
      const list = new RegExp(`^var ${family}FontFaces = \\[([\\s\\S]*?)^\\];`, "m").exec(source);
      if (list === null) continue;
      for (
        const [, variable, range] of list[1].matchAll(
          /uri: (\w+)(?:,\s*descriptors: \{\s*unicodeRange: "([^"]+)"\s*\})?\s*\}/g,
        )
      ) {
        const file = files.get(variable);
        if (file === undefined) throw new Error(`${family}: no file for ${variable}`);
        faces.push({ family, file: `fonts/${file}`, ...(range ? { unicodeRange: range } : {}) });
      }
    }
  }
  for (const family of ["Excalifont", "Virgil"]) {
    if (!faces.some((face) => face.family === family)) {
      throw new Error(
        `Excalidraw no longer declares ${family}'s faces as expected: update viewFontFaces`,
      );
    }
  }
  return faces;
}

/** Hosts the bundle must never name: the page loads nothing from anyone else. */
const CDNS = /esm\.sh|unpkg\.com|jsdelivr\.net|cdnjs\./;

/**
 * Excalidraw subsets every font it inlines into an SVG export with WebAssembly whose glue
 * (emscripten's embind) compiles code from strings, which the editor page's CSP refuses (no
 * 'unsafe-eval', in a worker as on the page): every export logged errors and waited a second for a
 * worker before it inlined the font's file whole after all. It inlines the file whole at once
 * instead; each face's file covers one range of characters already (Excalifont's Latin: 25 KB).
 */
const FONT_SUBSETTING =
  /=async\((\w+),\w+\)=>\{let\{Commands:\w+,subsetToBase64:\w+,toBase64:\w+\}=await \w+\(\);return [\s\S]*?"Failed to use workers for subsetting, falling back to the main thread\.",\w+\),\w+\(\w+,\w+\)\}\}\):\w+\(\w+,\w+\)\}/;
const WHOLE_FONT =
  '=async($1)=>"data:font/woff2;base64,"+btoa(Array.from(new Uint8Array($1),(b)=>String.fromCharCode(b)).join(""))';

/** Changes to Excalidraw's own code, each of which must apply exactly once. */
const PATCHES = [
  { name: "font CDN fallback", pattern: FONT_FALLBACK, replacement: OWN_FONTS },
  { name: "font subsetting", pattern: FONT_SUBSETTING, replacement: WHOLE_FONT },
];

function patchExcalidraw(): { plugin: esbuild.Plugin; check: () => void } {
  const applied = new Map(PATCHES.map((patch) => [patch, 0]));
  const plugin: esbuild.Plugin = {
    name: "patch-excalidraw",
    setup(build) {
      build.onLoad(
        { filter: /@excalidraw[/+]excalidraw.*[/]dist[/]prod[/].*\.js$/ },
        async (args) => {
          let source = await readFile(args.path, "utf8");
          const matching = PATCHES.filter((patch) => patch.pattern.test(source));
          if (matching.length === 0) return undefined;
          for (const patch of matching) {
            applied.set(patch, applied.get(patch)! + 1);
            source = source.replace(patch.pattern, patch.replacement);
          }
          return { contents: source, loader: "js" };
        },
      );
    },
  };
  const check = () => {
    for (const [patch, times] of applied) {
      if (times !== 1) throw new Error(`Excalidraw's ${patch.name} was not found: update PATCHES`);
    }
  };
  return { plugin, check };
}

async function build(key: string): Promise<EditorManifest> {
  await rm(EDITOR_BUILD_DIR, { recursive: true, force: true });
  const patches = patchExcalidraw();
  try {
    const result = await esbuild.build({
      ...RESOLVING,
      plugins: [patches.plugin],
      entryPoints: Object.fromEntries(
        Object.entries(ENTRIES).map(([name, entry]) => [name, join(ROOT, entry)]),
      ),
      splitting: true,
      target: "es2022",
      minify: true,
      define: { "process.env.NODE_ENV": '"production"' },
      entryNames: "[name]-[hash]",
      chunkNames: "chunks/[name]-[hash]",
      outdir: EDITOR_BUILD_DIR,
      metafile: true,
      logLevel: "error",
    });
    patches.check();
    for (const path of await filesUnder(EDITOR_BUILD_DIR)) {
      if (!path.endsWith(".js")) continue;
      const text = await readFile(path, "utf8");
      if (CDNS.test(text)) {
        throw new Error(`${relative(ROOT, path)} names a CDN: the editor must load only from us`);
      }
      const fallback = /new URL\("\.\.\/",\s*import\.meta\.url\)/.test(text);
      if (fallback && dirname(relative(EDITOR_BUILD_DIR, path)) !== OWN_FONTS_DIR) {
        throw new Error(`${relative(ROOT, path)} holds the font fallback outside chunks/`);
      }
    }
    const outputs = Object.entries(result.metafile.outputs);
    // Lazy chunks are entry points too (of their dynamic import): ours are the ENTRIES' own.
    const built = (module: string) => {
      const entry = outputs.find(([, output]) => output.entryPoint?.endsWith(module));
      if (!entry) throw new Error(`esbuild wrote no entry file for ${module}`);
      const css = entry[1].cssBundle;
      return {
        entry: relative(EDITOR_BUILD_DIR, entry[0]),
        css: css ? relative(EDITOR_BUILD_DIR, css) : null,
      };
    };
    await cp(FONTS, join(EDITOR_BUILD_DIR, "fonts"), { recursive: true });
    const files = (await filesUnder(EDITOR_BUILD_DIR)).map((path) =>
      relative(EDITOR_BUILD_DIR, path)
    );
    const fontFaces = await viewFontFaces();
    for (const face of fontFaces) {
      if (!files.includes(face.file)) throw new Error(`${face.file} is not in the build`);
    }
    return {
      key,
      ...built(ENTRIES.editor),
      appEditor: { ...built(ENTRIES["app-editor"]), fontFaces },
      shared: built(ENTRIES.shared),
      files,
    };
  } finally {
    // esbuild keeps its service process alive until told otherwise.
    await esbuild.stop();
  }
}

if (import.meta.main) {
  const key = await sourceKey();
  if (Deno.args.includes("--if-stale") && await current(key)) Deno.exit(0);
  const started = performance.now();
  const manifest = await build(key);
  await mkdir(EDITOR_BUILD_DIR, { recursive: true });
  // The scripts and stylesheets in brotli and gzip beside them, served as they are.
  await precompress(EDITOR_BUILD_DIR, manifest.files);
  await writeFile(MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
  console.error(
    `editor bundle built in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `build/editor/${manifest.entry}`,
  );
}
