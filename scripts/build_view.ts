// Part of `deno task build`: bundles the chat client's diagram view (diagram/view/, ext-apps' App
// and our code) with esbuild into ONE HTML document, build/view/view.html, its script and
// stylesheet inline, which the diagram service serves as the MCP App resource
// ui://diagram/view.html (diagram/mcp/view_resource.ts writes BASE_URL's editor into it). The
// stylesheet, diagram/view/view.css, is minified into the template beside the script.
// `--if-stale` builds only when a file the view is made from, the lock file or this script
// changed since the last build, as build_editor.ts does.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import * as esbuild from "esbuild";
import { VIEW_BUILD_DIR, type ViewManifest } from "../diagram/view_bundle.ts";
import { VIEW_CONFIG_PLACEHOLDER } from "../diagram/view/view_config.ts";
import { keyOf, sourcesOf } from "./build_editor.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const ENTRY = "diagram/view/main.ts";
const TEMPLATE = "diagram/view/view.html";
const STYLESHEET = "diagram/view/view.css";
const MANIFEST = join(VIEW_BUILD_DIR, "manifest.json");
const DOCUMENT = "view.html";

const RESOLVING = {
  bundle: true,
  format: "esm",
  platform: "browser",
  conditions: ["production"],
} satisfies esbuild.BuildOptions;

/** Hosts the view must never name: it loads nothing but BASE_URL's editor. */
const CDNS = /esm\.sh|unpkg\.com|jsdelivr\.net|cdnjs\./;

/**
 * zod (which ext-apps' protocol layer validates messages with) exports every locale's messages
 * from its index; the view speaks English only, so that index becomes English alone: 260 KB
 * less in a document every chat shows. The build fails if zod stops importing it that way.
 */
function englishZod(): { plugin: esbuild.Plugin; replaced: () => number } {
  let replaced = 0;
  const plugin: esbuild.Plugin = {
    name: "english-zod",
    setup(build) {
      build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
        if (!/[/]zod[/]v4[/]/.test(args.importer)) return undefined;
        replaced++;
        return { path: join(dirname(args.importer), "../locales/index.js"), namespace: "zod-en" };
      });
      build.onLoad({ filter: /.*/, namespace: "zod-en" }, (args) => ({
        contents: 'export { default as en } from "./en.js";\n',
        resolveDir: dirname(args.path),
        loader: "js",
      }));
    },
  };
  return { plugin, replaced: () => replaced };
}

/** What the view is made from: its modules, template, stylesheet, the lock file and this script. */
export async function viewKey(root = ROOT): Promise<string> {
  const sources = await sourcesOf([ENTRY], root, RESOLVING);
  return keyOf([...sources, TEMPLATE, STYLESHEET, "deno.lock", "scripts/build_view.ts"], root);
}

async function currentKey(): Promise<string | null> {
  try {
    return (JSON.parse(await readFile(MANIFEST, "utf8")) as ViewManifest).key;
  } catch {
    return null;
  }
}

/** The document: the template with the stylesheet and the script written in. */
export async function buildView(): Promise<string> {
  const zod = englishZod();
  try {
    const result = await esbuild.build({
      ...RESOLVING,
      plugins: [zod.plugin],
      entryPoints: [join(ROOT, ENTRY)],
      write: false,
      target: "es2022",
      minify: true,
      charset: "utf8",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "error",
    });
    if (zod.replaced() === 0) {
      throw new Error("zod no longer imports ../locales/index.js: update englishZod()");
    }
    const script = result.outputFiles[0]?.text ?? "";
    const { code: style } = await esbuild.transform(
      await readFile(join(ROOT, STYLESHEET), "utf8"),
      { loader: "css", minify: true, target: "chrome110" },
    );
    if (script === "") throw new Error("esbuild wrote no script for the view");
    // Inline, the text must not end its element early nor open a comment-like state inside it.
    if (/<\/script|<!--/i.test(script) || /<\/style/i.test(style)) {
      throw new Error("the view's script or stylesheet holds a sequence that ends it in HTML");
    }
    if (CDNS.test(script)) throw new Error("the view names a CDN: it must load only from us");
    const template = await readFile(join(ROOT, TEMPLATE), "utf8");
    if (!template.includes(VIEW_CONFIG_PLACEHOLDER)) {
      throw new Error(`${TEMPLATE} lost its ${VIEW_CONFIG_PLACEHOLDER}`);
    }
    return template
      .replace("<!-- view:style -->", () => `<style>${style}</style>`)
      .replace("<!-- view:script -->", () => `<script type="module">${script}</script>`);
  } finally {
    await esbuild.stop();
  }
}

if (import.meta.main) {
  const key = await viewKey();
  if (Deno.args.includes("--if-stale") && await currentKey() === key) Deno.exit(0);
  const started = performance.now();
  const document = await buildView();
  await rm(VIEW_BUILD_DIR, { recursive: true, force: true });
  await mkdir(VIEW_BUILD_DIR, { recursive: true });
  await writeFile(join(VIEW_BUILD_DIR, DOCUMENT), document);
  const manifest: ViewManifest = { key, html: DOCUMENT };
  await writeFile(MANIFEST, JSON.stringify(manifest, null, 2) + "\n");
  console.error(
    `MCP App view built in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `build/view/${DOCUMENT} (${Math.round(document.length / 1024)} KB)`,
  );
}
