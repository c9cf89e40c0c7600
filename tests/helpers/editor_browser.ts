// The editor page as a person uses it in Chromium: open a diagram, draw with the keyboard's tool
// keys and the mouse, write text; and what the page shows, read from Excalidraw's own Stats
// panel (Alt+/), the one place its canvas states what is drawn in text.
import type { BrowserContext, Page } from "playwright-core";
import { eventually } from "./collab_instance.ts";
import { signIn } from "./gallery_browser.ts";
import type { Scenario, Watched } from "./gallery_browser.ts";

// The page's DOM, loosely typed (see diagram_gallery_browser_test.ts).
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;

export interface Point {
  x: number;
  y: number;
}

/** A spot of the canvas with nothing on it in a fresh editor (the content is centred). */
const EMPTY_SPOT: Point = { x: 260, y: 620 };

/** A new browser context, signed in, on the editor of `diagramId`, live and with Stats open. */
export async function openEditor(
  scenario: Scenario,
  diagramId: string,
  account: { email: string; password: string },
): Promise<Watched> {
  const session = await scenario.open();
  await signIn(session.page, account.email, account.password);
  await session.page.goto(`/d/${diagramId}`);
  await waitForStatus(session.page, "live");
  await showStats(session.page);
  return session;
}

/** Opens Excalidraw's Stats panel, from the keyboard once the canvas has the focus. */
export async function showStats(page: Page) {
  await page.mouse.click(EMPTY_SPOT.x, EMPTY_SPOT.y);
  await page.keyboard.press("Alt+/");
  await page.locator(".exc-stats").waitFor();
}

/** Resolves once the status line says `status` (its data-status), or fails after `timeoutMs`. */
export async function waitForStatus(page: Page, status: string, timeoutMs = 10_000) {
  await page.waitForFunction(
    (wanted: string) => document.getElementById("editor-status")?.dataset.status === wanted,
    status,
    { timeout: timeoutMs },
  );
}

/** The status line's words. */
export async function statusText(page: Page): Promise<string> {
  return (await page.locator("#editor-status").textContent() ?? "").trim();
}

/** The values of the Stats panel's rows named `names`, in order (undefined for a missing row). */
function statsValues(page: Page, names: string[]): Promise<(string | undefined)[]> {
  return page.evaluate((names: string[]) => {
    const rows = [...document.querySelectorAll(".exc-stats__row")] as Dom[];
    return names.map((name) =>
      rows.find((row) => row.firstElementChild?.textContent === name)?.lastElementChild
        .textContent
    );
  }, names);
}

/** How many shapes the Stats panel counts in the scene (deleted ones are not shapes); -1 if none. */
export async function shapeCount(page: Page): Promise<number> {
  const [shapes] = await statsValues(page, ["Shapes"]);
  return shapes === undefined ? -1 : Number(shapes);
}

/** Resolves once the scene holds `count` shapes; fails after `timeoutMs`. */
export async function waitForShapes(page: Page, count: number, timeoutMs = 10_000) {
  await eventually(
    async () => (await shapeCount(page)) === count || undefined,
    timeoutMs,
    `${count} shapes in the Stats panel`,
  );
}

/** The scene's size as the Stats panel gives it: the same in two browsers that agree. */
export async function sceneSize(page: Page): Promise<string> {
  const [width, height] = await statsValues(page, ["Width", "Height"]);
  return `${width} × ${height}`;
}

/** Draws a shape with its tool key ("r" rectangle, "o" ellipse) from one corner to the other. */
export async function drawShape(page: Page, key: "r" | "o" | "d", from: Point, to: Point) {
  await page.keyboard.press(key);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
}

/** Writes `text` with the text tool at `at`, then leaves the text editor. */
export async function writeText(page: Page, at: Point, text: string) {
  await page.keyboard.press("t");
  await page.mouse.click(at.x, at.y);
  await page.locator("textarea.excalidraw-wysiwyg").waitFor();
  await page.keyboard.type(text);
  await page.keyboard.press("Escape");
}

/** A picture of the layer Excalidraw draws selections and other people's pointers on. */
export function pointerLayer(page: Page): Promise<Uint8Array> {
  return page.locator("canvas.excalidraw__canvas.interactive").screenshot();
}

/** Where recordWrites keeps what it saw: localStorage outlives the page that asked. */
const WRITES_KEY = "test:writes";

/**
 * From now on, every request a page of `context` makes through fetch that could write (any method
 * but GET, a room token aside) is recorded before it leaves, even one a page sends as it is left:
 * recordedWrites reads them from whichever page of the origin is open then.
 */
export async function recordWrites(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => {
    const send = globalThis.fetch;
    globalThis.fetch = (input: Dom, init?: Dom) => {
      const method = String(init?.method ?? input?.method ?? "GET").toUpperCase();
      const url = String(input?.url ?? input);
      if (method !== "GET" && !url.endsWith("/collab-token")) {
        const seen = JSON.parse(localStorage.getItem(key) ?? "[]");
        localStorage.setItem(key, JSON.stringify([...seen, `${method} ${url}`]));
      }
      return send(input, init);
    };
  }, WRITES_KEY);
}

/** The writes recordWrites has seen so far (`METHOD url`). */
export async function recordedWrites(page: Page): Promise<string[]> {
  return JSON.parse(
    await page.evaluate((key: string) => localStorage.getItem(key) ?? "[]", WRITES_KEY),
  );
}
