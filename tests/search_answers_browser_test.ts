// The answers above the results in real headless Chromium, against the fake providers: the
// calculator's answer comes first, its Copy button appears where the script runs and copies the
// answer from the keyboard, the page breaks no CSP rule; without JavaScript there is no button,
// only text to select.
import assert from "node:assert/strict";
import type { Browser, BrowserContextOptions } from "playwright-core";
import { launchChromium, openLoopbackPage } from "./helpers/browser.ts";
import { startSearch } from "./helpers/search_instance.ts";

// The page's DOM, loosely typed: these functions run in Chromium.
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare const navigator: Dom;
declare const getComputedStyle: Dom;

/** The page at `url` in a 1280-px window, asking nothing but loopback, noting CSP refusals. */
function openAnswer(browser: Browser, url: URL, options: BrowserContextOptions = {}) {
  return openLoopbackPage(browser, url, { viewport: { width: 1280, height: 900 }, ...options });
}

Deno.test("the answer leads the page, and its Copy button copies it from the keyboard", async () => {
  await using search = await startSearch();
  const browser = await launchChromium();
  try {
    await using opened = await openAnswer(browser, new URL("/search?q=2%2B2", search.url));
    const { context, page, refused } = opened;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: search.url.origin,
    });
    const answers = await page.locator(".answers .answer-text").allTextContents();
    assert.equal(answers[0], "2+2 = 4");
    assert.ok((await page.locator("#urls article").count()) > 0, "the results are still there");
    const order = await page.evaluate(() => {
      const main = document.querySelector("main");
      return [main.querySelector(".answers"), main.querySelector("#urls")].map((element) =>
        element.getBoundingClientRect().top
      );
    });
    assert.ok(order[0] < order[1], "the answers stand above the results");
    const copy = page.locator(".answer button[data-copy]").first();
    await copy.waitFor({ state: "visible" });
    // From the search box, Tab leads to the Copy button (no mouse).
    await page.focus("#q");
    let focused = "";
    for (let step = 0; step < 30 && focused !== "answer-0"; step++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.dataset?.copy ?? "");
    }
    assert.equal(focused, "answer-0", "the Copy button is reachable with Tab");
    await page.keyboard.press("Enter");
    await page.locator(".answer .copy-status").first().filter({ hasText: "Copied" }).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), "2+2 = 4");
    assert.deepEqual(refused, []);
  } finally {
    await browser.close();
  }
});

Deno.test("without JavaScript the answer is text to select and no button stands idle", async () => {
  await using search = await startSearch();
  const browser = await launchChromium();
  try {
    await using opened = await openAnswer(
      browser,
      new URL("/search?q=10+km+to+miles", search.url),
      { javaScriptEnabled: false },
    );
    const { page } = opened;
    assert.equal(await page.locator(".answer-text").first().textContent(), "6.21371192237 mi");
    assert.equal(await page.locator(".answer button").first().isVisible(), false);
    const selectable = await page.evaluate(() =>
      getComputedStyle(document.querySelector(".answer-text")).userSelect
    );
    assert.notEqual(selectable, "none");
  } finally {
    await browser.close();
  }
});
