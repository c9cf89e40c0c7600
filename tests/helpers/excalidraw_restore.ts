// Loads files through Excalidraw's real restore() in headless Chromium, and says what it changed.
// A file that restores unchanged opens in the editor exactly as we wrote it.
import { join, relative } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import type { Page } from "playwright-core";
import { listen } from "../../runtime/serve.ts";
import { launchChromium } from "./browser.ts";
import type { RestoredScene, RestorePageGlobals } from "./excalidraw_restore_page.ts";

export type { RestoredScene };

export interface RestorePage {
  restore(file: unknown): Promise<RestoredScene>;
  /** Excalidraw's exportToSvg() of the file, its fonts inlined from our loopback server. */
  exportSvg(file: unknown, exportPadding?: number): Promise<string>;
  /** The page itself, for tests that render and measure in it. */
  page: Page;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface RestoreReport {
  /** Ids of elements restore left out. */
  dropped: string[];
  /** `id.startBinding` / `id.endBinding` whose target was changed or nulled. */
  repairedBindings: string[];
  /** `id.containerId` / `id.boundElements` the container repair rewrote. */
  repairedContainers: string[];
  /** `id.field` for every other field whose value differs. */
  changedFields: string[];
}

const ENTRY = fileURLToPath(new URL("./excalidraw_restore_page.ts", import.meta.url));
/** Excalidraw's font files, which its export inlines; served at /fonts/ so nothing leaves. */
const FONTS_DIR = fileURLToPath(
  new URL("../../node_modules/@excalidraw/excalidraw/dist/prod/fonts/", import.meta.url),
);
const PAGE_HTML = `<!doctype html><meta charset="utf-8"><title>restore</title>` +
  `<script>window.EXCALIDRAW_ASSET_PATH = "/";</script>` +
  `<script type="module" src="/restore_page.js"></script>`;

let bundle: Promise<Map<string, string>> | undefined;

/** The entry and its lazy chunks by URL path, bundled once per process and kept in memory. */
function restorePageBundle(): Promise<Map<string, string>> {
  bundle ??= buildRestorePage();
  return bundle;
}

async function buildRestorePage(): Promise<Map<string, string>> {
  // Only names output paths: with write: false nothing is written there.
  const outdir = join(tmpdir(), "excalidraw-restore-page");
  try {
    const result = await esbuild.build({
      entryPoints: { restore_page: ENTRY },
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      conditions: ["production"],
      define: { "process.env.NODE_ENV": '"production"' },
      outdir,
      write: false,
      logLevel: "silent",
    });
    return new Map(
      result.outputFiles.map((file) => [`/${relative(outdir, file.path)}`, file.text]),
    );
  } finally {
    // esbuild keeps its service process alive until told otherwise, which Deno reports as a leak.
    await esbuild.stop();
  }
}

async function servePage(files: Map<string, string>, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === "/") {
    return new Response(PAGE_HTML, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
  // Font files by family and name only: nothing else under the package can be asked for.
  const font = /^\/fonts\/([A-Za-z]+)\/([A-Za-z0-9-]+\.woff2)$/.exec(path);
  if (font !== null) {
    try {
      const body = await Deno.readFile(join(FONTS_DIR, font[1], font[2]));
      return new Response(body, { headers: { "Content-Type": "font/woff2" } });
    } catch {
      return new Response("not found", { status: 404 });
    }
  }
  const body = files.get(path);
  if (body === undefined) return new Response("not found", { status: 404 });
  return new Response(body, { headers: { "Content-Type": "text/javascript; charset=utf-8" } });
}

/** Aborts every request that leaves 127.0.0.1; the returned list names them. */
async function blockAllButLoopback(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (new URL(url).hostname === "127.0.0.1") return route.continue();
    blocked.push(url);
    return route.abort("blockedbyclient");
  });
  return blocked;
}

/** One Chromium page with restore() loaded; restore as many files through it as needed. */
export async function openRestorePage(): Promise<RestorePage> {
  const files = await restorePageBundle();
  await using owned = new AsyncDisposableStack();
  const server = await listen((request) => servePage(files, request), {
    hostname: "127.0.0.1",
    port: 0,
  });
  owned.defer(() => server.stop());
  const browser = await launchChromium();
  owned.defer(() => browser.close());
  const page = await browser.newPage();
  const blocked = await blockAllButLoopback(page);
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));

  const assertOffline = () => {
    if (blocked.length > 0) {
      throw new Error(`the restore page tried to leave 127.0.0.1: ${blocked.join(", ")}`);
    }
  };
  await page.goto(server.url.href, { waitUntil: "load" });
  assertOffline();
  const ready = await page.evaluate(() =>
    typeof (globalThis as Partial<RestorePageGlobals>).restoreScene === "function"
  );
  if (!ready) {
    throw new Error(`the restore page did not load: ${pageErrors.join("; ") || "no error shown"}`);
  }

  const close = owned.move();
  return {
    page,
    async exportSvg(file, exportPadding = 10) {
      const svg = await page.evaluate(
        ([input, padding]) =>
          (globalThis as unknown as RestorePageGlobals).exportSceneSvg(input, padding),
        [file, exportPadding] as const,
      );
      assertOffline();
      return svg;
    },
    async restore(file) {
      const scene = await page.evaluate(
        (input) => (globalThis as unknown as RestorePageGlobals).restoreScene(input),
        file,
      );
      assertOffline();
      return scene;
    },
    [Symbol.asyncDispose]: () => close.disposeAsync(),
  };
}

/** Deep equality over JSON values; a key holding undefined counts as absent, as in a file. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => sameJson(left[key], right[key]));
}

function bindingTarget(binding: unknown): unknown {
  return (binding as { elementId?: unknown } | null | undefined)?.elementId ?? null;
}

/**
 * Restore's only rewrite of a complete, valid element: it writes `boundElements ?? []`, so an
 * element saved with `null` (nothing bound) comes back with `[]`, which means the same.
 */
function comparable(field: string, value: unknown): unknown {
  return field === "boundElements" && value === null ? [] : value;
}

const BINDING_FIELDS = new Set(["startBinding", "endBinding"]);
const CONTAINER_FIELDS = new Set(["containerId", "boundElements"]);

/** What restore did to each original element, matched by id. */
export function compareRestored(
  original: Record<string, unknown>[],
  restored: Record<string, unknown>[],
): RestoreReport {
  const report: RestoreReport = {
    dropped: [],
    repairedBindings: [],
    repairedContainers: [],
    changedFields: [],
  };
  const restoredById = new Map(restored.map((element) => [element.id, element]));
  for (const before of original) {
    const id = String(before.id);
    const after = restoredById.get(before.id);
    if (after === undefined) {
      report.dropped.push(id);
      continue;
    }
    const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const field of fields) {
      if (sameJson(comparable(field, before[field]), comparable(field, after[field]))) continue;
      const name = `${id}.${field}`;
      if (CONTAINER_FIELDS.has(field)) {
        report.repairedContainers.push(name);
      } else if (
        BINDING_FIELDS.has(field) && bindingTarget(before[field]) !== bindingTarget(after[field])
      ) {
        report.repairedBindings.push(name);
      } else {
        report.changedFields.push(name);
      }
    }
  }
  return report;
}
