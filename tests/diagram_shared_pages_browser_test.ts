// A share link in Chromium, as a visitor opens it: a fresh context with no cookies sees the
// drawing, fitted and zoomable with scripts, as a plain image without them; and the link's SVG
// shows in a page of another origin, one that lets in only what says it may be embedded.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchChromium } from "./helpers/browser.ts";
import { startDiagramWithAccount } from "./helpers/collab_instance.ts";

// Functions Playwright runs in the page: the DOM's types are not this file's.
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;

const SPEC = {
  layout: "LR",
  nodes: [
    { id: "a", label: "Browser" },
    { id: "b", label: "Diagram service" },
    { id: "c", label: "Database" },
    { id: "d", label: "Collab server" },
  ],
  edges: [
    { from: "a", to: "b", label: "GET /s/…" },
    { from: "b", to: "c" },
    { from: "a", to: "d", label: "live" },
  ],
};

/** Whether the figure's <img> has loaded a picture. */
const IMAGE_LOADED = () => {
  const image: Dom = document.querySelector("#shared-drawing img");
  return image !== null && image.complete && image.naturalWidth > 0;
};

/** The figure's image width, its frame's, the scale shown and whether the frame scrolls. */
function drawingShown(page: Page) {
  return page.evaluate((): {
    image: number;
    frame: number;
    scale: number;
    status: string;
    scrolls: boolean;
  } => {
    const image: Dom = document.querySelector("#shared-drawing img");
    const frame = image.parentElement;
    return {
      image: image.width,
      frame: frame.clientWidth,
      scale: image.width / Number(image.dataset.width),
      status: document.querySelector("[data-zoom-status]").textContent,
      scrolls: frame.scrollWidth > frame.clientWidth,
    };
  });
}

Deno.test("a visitor with no cookies sees the shared drawing fitted where it stays readable, zoomable, and as an image without JavaScript; its SVG embeds in another origin's page", async () => {
  await using setup = await startDiagramWithAccount();
  const made = await setup.api("POST", "/api/diagrams", { name: "Request flow", spec: SPEC });
  const shared = await setup.api("POST", `/api/diagrams/${made.json.id}/shares`, {});
  const address = new URL(new URL(shared.json.url).pathname, setup.diagram.url).href;

  // Another origin's page that loads a cross-origin image only when the image's answer allows it.
  const embedding = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () =>
      new Response(`<!doctype html><img id="embed" src="${address}/image.svg" alt="A diagram">`, {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "cross-origin-embedder-policy": "require-corp",
        },
      }),
  );
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    assert.deepEqual(await context.cookies(), []);
    const page = await context.newPage();
    const answer = await page.goto(address);
    assert.equal(answer?.status(), 200);
    await page.waitForFunction(IMAGE_LOADED);
    // On a wide screen the drawing opens whole, larger than the 70 % it is served at.
    const wide = await drawingShown(page);
    assert.ok(wide.image <= wide.frame, `fitted: ${wide.image} ≤ ${wide.frame}`);
    assert.ok(wide.scale > 0.7, `fitted above the readable scale: ${wide.status}`);

    // On a phone fitting would shrink its labels past reading: it opens at 70 % and scrolls.
    await page.setViewportSize({ width: 420, height: 800 });
    await page.reload();
    await page.waitForFunction(IMAGE_LOADED);
    const narrow = await drawingShown(page);
    assert.equal(narrow.status, "70 %");
    assert.ok(narrow.scrolls, "the frame scrolls over the rest");
    await page.getByRole("button", { name: "Fit" }).click();
    const fitted = await drawingShown(page);
    assert.ok(fitted.image <= fitted.frame, `Fit: ${fitted.image} ≤ ${fitted.frame}`);
    await page.getByRole("button", { name: "Zoom in" }).click();
    const zoomed = await drawingShown(page);
    assert.ok(zoomed.image > fitted.image, `zoomed in: ${zoomed.image} > ${fitted.image}`);
    assert.equal(await page.title(), "Request flow · Diagrams");

    const plain = await browser.newContext({ javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto(address);
    const image = plainPage.locator("#shared-drawing img");
    await image.waitFor();
    assert.ok((await image.boundingBox())!.width > 100, "the picture shows without a script");
    assert.equal(await plainPage.locator("[data-zoom-controls]").isVisible(), false);
    await plain.close();

    const embed = await context.newPage();
    await embed.goto(`http://127.0.0.1:${embedding.addr.port}/`);
    await embed.waitForFunction(() => document.querySelector("#embed")!.complete);
    const width = await embed.evaluate(() => document.querySelector("#embed")!.naturalWidth);
    assert.ok(width > 0, "the embedded SVG loaded");
    await context.close();
  } finally {
    await browser.close();
    await embedding.shutdown();
  }
});
