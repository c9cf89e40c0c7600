// How fast the editor page becomes usable, run by hand: `npx -y deno@2.9.6 run -A bench/editor_bench.ts`
// (the editor bundle must be built: `npx -y deno@2.9.6 task build`).
// A real diagram service and a real collab server on loopback, Debian's Chromium through
// playwright-core. For an empty diagram and a 1,000-element one, ten loads each:
// - first visit: a new browser context (nothing cached), signed in beforehand;
// - next visit: the same context again (the bundle cached, as the immutable headers allow).
// Each load is timed from `page.goto` to three moments: Excalidraw's canvas in the page; the
// editor answering the keyboard (the rectangle tool chosen with "r" is shown active: the app is
// interactive); and the room live (status line "Live"). Target: interactive within 2 s.
// Then the bundle's sizes: the entry chunk raw and gzip-compressed (target ≤ 1 MB, ≤ 300 KB).
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../tests/helpers/browser.ts";
import {
  EMAIL,
  PASSWORD,
  startCollab,
  startDiagramForBrowsers,
} from "../tests/helpers/collab_instance.ts";
import { signIn } from "../tests/helpers/gallery_browser.ts";
import { ELEMENT_DEFAULTS } from "../tests/helpers/scene_fixture.ts";
import { EDITOR_BUILD_DIR, readEditorManifest } from "../diagram/editor_bundle.ts";

// deno-lint-ignore no-explicit-any
declare const document: any;

const LOADS = 10;

await using setup = await startDiagramForBrowsers();
const { base } = setup;
await using _collab = await startCollab(setup.diagram, { COLLAB_PORT: String(setup.collabPort) });

function grid(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    ...ELEMENT_DEFAULTS,
    id: `box${i}`,
    type: "rectangle",
    x: (i % 40) * 180,
    y: Math.floor(i / 40) * 120,
    width: 150,
    height: 90,
    index: `a${String(i).padStart(5, "0")}`,
    boundElements: null,
    seed: i + 1,
  }));
}

interface Load {
  canvas: number;
  interactive: number;
  live: number;
}

async function timeLoad(page: Page, id: string): Promise<Load> {
  const start = performance.now();
  await page.goto(`/d/${id}`, { waitUntil: "commit" });
  await page.locator(".excalidraw canvas").first().waitFor({ timeout: 30_000 });
  const canvas = performance.now() - start;
  // The canvas takes keys once the app has mounted: "r" picks the rectangle tool.
  await page.locator(".excalidraw").click({ position: { x: 20, y: 400 } });
  await page.keyboard.press("r");
  await page.locator('.excalidraw input[data-testid="toolbar-rectangle"]:checked').waitFor({
    timeout: 30_000,
  });
  const interactive = performance.now() - start;
  await page.waitForFunction(
    () => document.getElementById("editor-status")?.dataset.status === "live",
    null,
    { timeout: 30_000 },
  );
  return { canvas, interactive, live: performance.now() - start };
}

async function signedInContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signIn(page, EMAIL, PASSWORD);
  await page.close();
  return context;
}

function summary(name: string, loads: Load[]): string {
  const of = (key: keyof Load) => {
    const sorted = loads.map((load) => load[key]).sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)];
    return `${key} p50 ${Math.round(p50)} ms, max ${Math.round(sorted.at(-1)!)} ms`;
  };
  return `${name} (${loads.length} loads): ${of("canvas")}; ${of("interactive")} (target ≤ 2000); ${
    of("live")
  }`;
}

const browser = await launchChromium();
try {
  for (
    const [label, elements] of [["empty diagram", []], ["1,000 elements", grid(1000)]] as const
  ) {
    const id = await setup.newDiagram([...elements]);
    const first: Load[] = [];
    for (let load = 0; load < LOADS; load++) {
      const context = await signedInContext(browser);
      first.push(await timeLoad(await context.newPage(), id));
      await context.close();
    }
    console.log(summary(`${label}, first visit`, first));
    const context = await signedInContext(browser);
    const page = await context.newPage();
    await timeLoad(page, id);
    const next: Load[] = [];
    for (let load = 0; load < LOADS; load++) next.push(await timeLoad(page, id));
    await context.close();
    console.log(summary(`${label}, next visit`, next));
  }
} finally {
  await browser.close();
}

const manifest = readEditorManifest();
if (manifest) {
  const entry = await Deno.readFile(`${EDITOR_BUILD_DIR}${manifest.entry}`);
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `entry chunk ${manifest.entry}: ${kb(entry.byteLength)} (target ≤ 1024 KB), gzip ${
      kb(gzipSync(entry).byteLength)
    } (target ≤ 300 KB); ${manifest.files.length} files in all, the rest loaded when needed`,
  );
}
