// The images tab in real headless Chromium, with the keyboard alone, at 420 px: type a query on the
// start page, choose the Images tab, reach the first image, see where focus is, open the image's
// page link and the full image. The browser asks nothing but 127.0.0.1 and the CSP refuses nothing.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchChromium } from "./helpers/browser.ts";
import { startKindSearch } from "./helpers/kind_search.ts";

// The page's DOM, loosely typed: these functions run in Chromium (see the diagram browser tests).
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare const getComputedStyle: Dom;

/** What has the keyboard focus: its tag, class, href, text and whether a focus ring shows. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    const style = getComputedStyle(element);
    return {
      tag: element.tagName.toLowerCase(),
      inImageFrame: element.closest(".image-frame") !== null,
      inHeading: element.closest("h3") !== null,
      href: element.getAttribute("href") ?? "",
      text: element.textContent.trim(),
      current: element.getAttribute("aria-current"),
      ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
    };
  });
}

/** Presses Tab until `found` says yes, at most `limit` times; the focused element then. */
async function tabUntil(
  page: Page,
  found: (focus: Awaited<ReturnType<typeof focused>>) => boolean,
  limit = 40,
) {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    const focus = await focused(page);
    if (found(focus)) return focus;
  }
  throw new Error(`not reached with ${limit} presses of Tab`);
}

Deno.test("the images tab works with the keyboard alone at 420 px: tab, grid, page link and full image", async () => {
  await using search = await startKindSearch({ server: "  image_proxy: true" });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 420, height: 900 } });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    const refused: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).hostname !== "127.0.0.1") elsewhere.push(request.url());
    });
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });

    await page.goto(search.url.href);
    // The query box has the focus from the start.
    assert.equal((await focused(page)).tag, "input");
    await page.keyboard.type("crab");
    const imagesTab = await tabUntil(page, (focus) => focus.text === "Images");
    assert.ok(imagesTab.ring, "the focused tab shows a focus ring");
    await Promise.all([page.waitForURL(/categories=images/), page.keyboard.press("Enter")]);
    assert.equal(
      await page.locator("nav.categories [aria-current=page]").textContent(),
      "Images",
    );
    assert.equal(await page.locator("#q").inputValue(), "crab");
    assert.equal(await page.locator("ul.image-grid > li").count(), 6);

    // The grid fits the narrow screen: two columns, nothing wider than the page.
    // Each thumbnail sits in a frame of the same height, loaded or not.
    const layout = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      columns: getComputedStyle(document.querySelector(".image-grid")).gridTemplateColumns
        .split(" ").length,
      frames: [...document.querySelectorAll(".image-frame a")].map((frame: Dom) =>
        Math.round(frame.getBoundingClientRect().height)
      ),
    }));
    assert.equal(layout.page, 420);
    assert.equal(layout.columns, 2);
    assert.deepEqual(layout.frames, Array(6).fill(144));

    // The first image: its thumbnail link opens the full image, the title after it the page.
    const image = await tabUntil(page, (focus) => focus.inImageFrame);
    assert.match(image.href, /\/pictures\/full-0\.png$/);
    assert.ok(image.ring, "the focused image shows a focus ring");
    const title = await tabUntil(page, (focus) => focus.inHeading, 1);
    assert.equal(title.text, "Ferris the crab, Rust's unofficial mascot");
    assert.equal(title.href, "https://rustacean.net/crab/0");
    await page.keyboard.press("Shift+Tab");
    assert.ok((await focused(page)).inImageFrame);
    await Promise.all([page.waitForURL(/\/pictures\/full-0\.png$/), page.keyboard.press("Enter")]);

    // Every picture the results page showed came through the image proxy.
    assert.deepEqual(elsewhere, []);
    assert.deepEqual(refused, []);
    await context.close();
  } finally {
    await browser.close();
  }
});
