// Bytes on the wire, run by hand: `npx -y deno@2.9.6 run -A bench/wire_bytes.ts` (the editor
// bundle must be built: `npx -y deno@2.9.6 task build`).
// Real services on loopback (diagram with a collab server, search with the test's fake providers)
// and Debian's Chromium through playwright-core, each load in a new browser context (an empty
// cache): (a) the editor's first open of a diagram, until its room is live and the network idle;
// (b) a gallery page of 60 cards (4 to 12 boxes in a row each) with a sidebar of 200 collections,
// scrolled to its end so every lazy thumbnail loads; (c) a search
// results page. Each is loaded twice: as Chromium asks (br, gzip) and with Accept-Encoding:
// identity on every request (what the services sent before they compressed). The bytes are the
// sum of Chromium's encodedDataLength over the page's responses (headers included), from CDP.
// Targets: the editor ≤ 600 KiB; the gallery and the search page ≤ a third of identity's.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../tests/helpers/browser.ts";
import {
  EMAIL,
  PASSWORD,
  startCollab,
  startDiagramForBrowsers,
} from "../tests/helpers/collab_instance.ts";
import { signIn } from "../tests/helpers/gallery_browser.ts";
import { startSearch } from "../tests/helpers/search_instance.ts";

// deno-lint-ignore no-explicit-any
declare const document: any;
// deno-lint-ignore no-explicit-any
declare const window: any;

const GALLERY_CARDS = 60;
const COLLECTIONS = 200;

interface Transfer {
  responses: number;
  bytes: number;
  encoded: number;
}

/** Runs `load` on a new page of `context`, counting what its responses cost on the wire. */
async function measure(context: BrowserContext, load: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const transfer: Transfer = { responses: 0, bytes: 0, encoded: 0 };
  const encodings = new Map<string, boolean>();
  cdp.on("Network.responseReceived", (event) => {
    const headers = event.response.headers as Record<string, string>;
    const encoding = Object.entries(headers).find(([name]) =>
      name.toLowerCase() === "content-encoding"
    );
    encodings.set(event.requestId, encoding !== undefined);
  });
  cdp.on("Network.loadingFinished", (event) => {
    transfer.responses++;
    transfer.bytes += event.encodedDataLength;
    if (encodings.get(event.requestId)) transfer.encoded++;
  });
  await load(page);
  await page.close();
  return transfer;
}

async function newContext(
  browser: Browser,
  baseURL: string,
  identity: boolean,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  if (identity) await context.setExtraHTTPHeaders({ "accept-encoding": "identity" });
  return context;
}

await using setup = await startDiagramForBrowsers();
await using _collab = await startCollab(setup.diagram, { COLLAB_PORT: String(setup.collabPort) });
await using search = await startSearch();

/** A left-to-right chain of `nodes` labelled boxes: a thumbnail of a few kilobytes. */
function chain(nodes: number, name: string) {
  return {
    layout: "LR",
    nodes: Array.from({ length: nodes }, (_, i) => ({ id: `n${i}`, label: `${name} step ${i}` })),
    edges: Array.from({ length: nodes - 1 }, (_, i) => ({ from: `n${i}`, to: `n${i + 1}` })),
  };
}

// The sidebar of the gallery measure in docs/performance.md: 200 collections, a tenth at the top.
const collections: string[] = [];
for (let i = 0; i < COLLECTIONS; i++) {
  const parentId = i < COLLECTIONS / 10 ? null : collections[i % (COLLECTIONS / 10)];
  const created = await setup.api("POST", "/api/collections", { name: `Team ${i}`, parentId });
  if (created.status !== 201) throw new Error(`creating a collection answered ${created.status}`);
  collections.push(created.json.id);
}
let editorId = "";
for (let i = 0; i < GALLERY_CARDS; i++) {
  const created = await setup.api("POST", "/api/diagrams", {
    name: `Plan ${i}`,
    spec: chain(4 + (i % 9), `Plan ${i}`),
  });
  if (created.status !== 201) throw new Error(`creating a diagram answered ${created.status}`);
  editorId = created.json.id;
}

const openEditor = async (page: Page) => {
  await page.goto(`/d/${editorId}`);
  await page.waitForFunction(
    () => document.getElementById("editor-status")?.dataset.status === "live",
    null,
    { timeout: 60_000 },
  );
  await page.waitForLoadState("networkidle");
};

const openGallery = async (page: Page) => {
  await page.goto("/");
  const cards = await page.locator("img[src$='/thumbnail.svg']").count();
  if (cards !== GALLERY_CARDS) throw new Error(`the gallery shows ${cards} cards`);
  // Lazy thumbnails load as they come into view: the whole page, down to its end.
  for (let y = 0; y < 20; y++) {
    await page.evaluate(() => window.scrollBy(0, 800));
    await page.waitForTimeout(100);
  }
  await page.waitForLoadState("networkidle");
};

const searchPage = async (page: Page) => {
  await page.goto("/search?q=rust");
  await page.waitForLoadState("networkidle");
};

const browser = await launchChromium();
const rows: string[][] = [];
const KiB = (bytes: number) => (bytes / 1024).toFixed(0);
try {
  const scenarios = [
    { name: "editor, first open", base: setup.base, signedIn: true, load: openEditor },
    {
      name: `gallery, ${GALLERY_CARDS} cards`,
      base: setup.base,
      signedIn: true,
      load: openGallery,
    },
    { name: "search results page", base: search.url.href, signedIn: false, load: searchPage },
  ];
  for (const scenario of scenarios) {
    const results: Record<string, Transfer> = {};
    for (const identity of [true, false]) {
      const context = await newContext(browser, scenario.base, identity);
      if (scenario.signedIn) {
        const page = await context.newPage();
        await signIn(page, EMAIL, PASSWORD);
        await page.close();
      }
      results[identity ? "identity" : "compressed"] = await measure(context, scenario.load);
      await context.close();
    }
    const { identity, compressed } = results;
    rows.push([
      scenario.name,
      `${identity.responses}`,
      `${KiB(identity.bytes)} KiB`,
      `${KiB(compressed.bytes)} KiB (${compressed.encoded} encoded)`,
      `${(100 * compressed.bytes / identity.bytes).toFixed(0)} %`,
    ]);
  }
} finally {
  await browser.close();
}
const header = ["load (empty cache)", "responses", "identity", "br/gzip", "of identity"];
const widths = header.map((title, i) =>
  Math.max(title.length, ...rows.map((row) => row[i].length))
);
for (const row of [header, ...rows]) {
  console.log(row.map((cell, i) => cell.padEnd(widths[i])).join("  "));
}
console.log("targets: the editor ≤ 600 KiB; the gallery and the search page ≤ 33 % of identity");
