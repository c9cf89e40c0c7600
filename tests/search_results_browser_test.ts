// The general results page in real headless Chromium, against the fake providers (the real
// engine modules reading their fixtures; Wikipedia's gives an infobox about the article that is
// also the second result, and DuckDuckGo an answer quoting the same summary): at 420 × 900 the
// header is small and the first result is in the first screen, the infobox and the suggestions
// come before the pager; at 1280 the article's summary shows once; the filters are one line on a
// narrow screen and open with the keyboard.
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchChromium, openLoopbackPage } from "./helpers/browser.ts";
import { startSearch } from "./helpers/search_instance.ts";

// The page's DOM, loosely typed: these functions run in Chromium (see the diagram browser tests).
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare const getComputedStyle: Dom;

/** The first sentence of the article's summary, as Wikipedia, DuckDuckGo and the others give it. */
const SUMMARY =
  "Rust is a general-purpose programming language emphasizing performance, type safety, and concurrency";

/** The results for "rust" at this window size, asking nothing but loopback, noting CSP refusals. */
function openResults(browser: Browser, origin: URL, width: number) {
  return openLoopbackPage(browser, new URL("/search?q=rust", origin), {
    viewport: { width, height: 900 },
  });
}

/** Top and bottom of the first element `selector` finds, in window pixels; null without one. */
function box(page: Page, selector: string) {
  return page.evaluate((selector: string) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const { top, bottom } = element.getBoundingClientRect();
    return { top: Math.round(top), bottom: Math.round(bottom) };
  }, selector);
}

/** The visible elements whose own text holds `text`: one per place a reader sees it. */
function placesShowing(page: Page, text: string, firstScreenOnly: boolean) {
  return page.evaluate(
    ({ text, firstScreenOnly }: { text: string; firstScreenOnly: boolean }) =>
      [...document.querySelectorAll("p, dd, li")]
        .filter((element: Dom) => element.innerText.includes(text))
        .filter((element: Dom) => {
          const rect = element.getBoundingClientRect();
          return rect.height > 0 && (!firstScreenOnly || rect.top < innerHeight);
        })
        .map((element: Dom) => element.closest("[class]").className),
    { text, firstScreenOnly },
  );
}

declare const innerHeight: number;

async function withResults(width: number, check: (page: Page) => Promise<void>) {
  await using search = await startSearch();
  const browser = await launchChromium();
  try {
    await using opened = await openResults(browser, search.url, width);
    await check(opened.page);
    assert.deepEqual(opened.refused, []);
  } finally {
    await browser.close();
  }
}

Deno.test("at 420 × 900 the header is compact, the first result is in the first screen, the infobox and suggestions come before the pager", async () => {
  await withResults(420, async (page) => {
    const header = (await box(page, ".site-header"))!;
    assert.ok(header.bottom <= 200, `the header takes ${header.bottom} of 900 px`);
    const first = (await box(page, "#urls > .result"))!;
    assert.ok(first.top < 900, `the first result starts at ${first.top} px`);
    // The tabs keep to one line (scrolling sideways when they must); nothing widens the page.
    const layout = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      tabRows: new Set(
        [...document.querySelectorAll(".categories li")].map((tab: Dom) =>
          Math.round(tab.getBoundingClientRect().top)
        ),
      ).size,
    }));
    assert.deepEqual(layout, { width: 420, tabRows: 1 });
    const pager = (await box(page, ".pagination"))!;
    for (const part of [".infobox", ".suggestions"]) {
      const found = (await box(page, part))!;
      assert.ok(
        found.bottom < pager.top,
        `${part} ends at ${found.bottom}, the pager at ${pager.top}`,
      );
    }
    // The article's summary is the second result's snippet up here; the infobox is further down.
    assert.deepEqual(await placesShowing(page, SUMMARY, true), ["content in-infobox"]);
  });
});

Deno.test("at 1280 the Wikipedia article's summary shows once, in its infobox beside the results", async () => {
  await withResults(1280, async (page) => {
    assert.deepEqual(await placesShowing(page, SUMMARY, false), ["infobox"]);
    // The article is still a result, linked, without its snippet.
    const article = page.locator("#urls article", {
      hasText: "Rust (programming language) - Wikipedia",
    });
    assert.equal(await article.count(), 1);
    assert.equal(await article.locator(".content").isVisible(), false);
    const infobox = (await box(page, ".infobox"))!;
    assert.ok(infobox.top < 900, `the infobox starts at ${infobox.top} px`);
    // Where there is room the filters are open, without a summary line to open them.
    assert.equal(await page.locator("#time_range").isVisible(), true);
    assert.equal(await page.locator(".filters > summary").isVisible(), false);
  });
});

Deno.test("at 420 the filters are one line saying what is chosen, and open with the keyboard", async () => {
  await withResults(420, async (page) => {
    const summary = page.locator(".filters > summary");
    assert.match(await summary.innerText(), /^Filters\s+Auto-detect.*Any time · Safe search: Off$/);
    assert.equal(await page.locator("#time_range").isVisible(), false);
    await summary.focus();
    const ring = await summary.evaluate((element: Dom) => {
      const style = getComputedStyle(element);
      return style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    });
    assert.ok(ring, "the focused summary shows a focus ring");
    await page.keyboard.press("Enter");
    assert.equal(await page.locator("#time_range").isVisible(), true);
    // A choice made there is sent with the search.
    await page.locator("#time_range").selectOption("week");
    await Promise.all([page.waitForURL(/time_range=week/), page.locator("#q").press("Enter")]);
    assert.match(await summary.innerText(), /Past week/);
  });
});
