// Sharing from the gallery in real headless Chromium: the card's Actions menu, Share…, a view link
// made and copied to the clipboard, once with the mouse and once from the keyboard alone (every
// stop on the way showing its focus). The link's own pages are tested with the visitor's side.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { EMAIL, PASSWORD } from "./helpers/collab_instance.ts";
import { navigates, pageScenariosWithoutCollab, signIn } from "./helpers/gallery_browser.ts";

// The page's DOM, loosely typed: the functions below run in Chromium, and `deno check` must not
// load the DOM library for the whole program.
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare const navigator: Dom;
declare const getComputedStyle: Dom;

const LINK = /^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{43}$/;

interface Stop {
  text: string;
  tag: string;
  type: string | null;
  visible: boolean;
}

/** The focused element: its words, and whether its focus shows (an outline, :focus-visible). */
function focused(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const element = document.activeElement;
    const style = getComputedStyle(element);
    return {
      text: (element.textContent ?? "").trim().replace(/\s+/g, " "),
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute("type"),
      visible: element.matches(":focus-visible") && style.outlineStyle !== "none" &&
        parseFloat(style.outlineWidth) > 0,
    };
  });
}

/** Presses Tab until `until` holds, every stop on the way showing its focus. */
async function tabTo(page: Page, until: (stop: Stop) => boolean): Promise<void> {
  const seen: string[] = [];
  for (let press = 0; press < 60; press++) {
    await page.keyboard.press("Tab");
    const stop = await focused(page);
    assert.ok(stop.visible, `the focus on <${stop.tag}> “${stop.text}” does not show`);
    if (until(stop)) return;
    seen.push(stop.text);
  }
  throw new Error(`Tab never got there: ${seen.join(" | ")}`);
}

/** What the clipboard holds now. */
function clipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

Deno.test("sharing a diagram from its gallery card: a view link made and copied", async (t) => {
  await using pages = await pageScenariosWithoutCollab(t);
  const { instance, scenario } = pages;
  assert.equal((await instance.admin("reset-password", EMAIL, PASSWORD)).code, 0);
  const cookie = await instance.login(EMAIL, PASSWORD);
  const made = await fetch(new URL("/api/diagrams", instance.url), {
    method: "POST",
    headers: { cookie, origin: instance.origin, "content-type": "application/json" },
    body: JSON.stringify({ name: "Network map" }),
  });
  const { id } = await made.json();

  await scenario("with the mouse: Actions, Share…, Create link, Copy link", async (s) => {
    const { page, context } = await s.open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, EMAIL, PASSWORD);
    const card = page.locator(`li.card[data-diagram-id="${id}"]`);
    await card.getByText("Actions").click();
    const share = await navigates(page, () => card.getByRole("link", { name: "Share…" }).click());
    assert.equal(share, `/d/${id}/share?back=%2F`);
    assert.equal(await page.getByLabel("View it, and watch it change").isChecked(), true);
    await page.getByLabel("Label").fill("for the wiki");
    await navigates(page, () => page.getByRole("button", { name: "Create link" }).click());
    const url = (await page.locator("#share-url").textContent())!;
    assert.match(url, LINK);
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByRole("button", { name: "Copied" }).waitFor();
    assert.equal(await clipboard(page), url);
    await page.getByRole("button", { name: "Copy Markdown" }).click();
    assert.equal(await clipboard(page), `![Network map](${url}/image.svg)`);
    // The new link is listed below, by its label; back leads to the gallery.
    await page.getByRole("row", { name: /for the wiki/ }).waitFor();
    assert.equal(
      await navigates(page, () => page.getByRole("link", { name: "← Back" }).click()),
      "/",
    );
  });

  await scenario("from the keyboard alone, every stop showing its focus", async (s) => {
    const { page, context } = await s.open();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, EMAIL, PASSWORD);
    await tabTo(page, (stop) => stop.tag === "summary" && stop.text.startsWith("Actions"));
    await page.keyboard.press("Enter");
    await tabTo(page, (stop) => stop.text === "Share…");
    const share = await navigates(page, () => page.keyboard.press("Enter"));
    assert.equal(share, `/d/${id}/share?back=%2F`);

    // View is chosen already; the label is typed; Enter on Create link makes it.
    await tabTo(page, (stop) => stop.tag === "input" && stop.type === "text");
    await page.keyboard.type("for the slides");
    await tabTo(page, (stop) => stop.text === "Create link");
    await navigates(page, () => page.keyboard.press("Enter"));
    const url = (await page.locator("#share-url").textContent())!;
    assert.match(url, LINK);
    await tabTo(page, (stop) => stop.text === "Copy link");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Copied" }).waitFor();
    assert.equal(await clipboard(page), url);
    const access = await page.getByRole("row", { name: /for the slides/ }).textContent();
    assert.match(access!, /view only/);
  });
});
