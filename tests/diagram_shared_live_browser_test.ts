// A share link's live view in Chromium, against a real diagram service and a real collab server
// on loopback: the owner edits in the editor (one browser context) while a visitor with no cookies
// follows the link (another): the edit shows within 2 s; revoking the link ends the view with a
// message and makes a reload the 404. An edit link's guest draws, named, and the owner sees it,
// saved as the guest's revision.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { launchChromium } from "./helpers/browser.ts";
import {
  EMAIL,
  eventually,
  joinRoom,
  PASSWORD,
  rectangle,
  startCollab,
  startDiagramForBrowsers,
} from "./helpers/collab_instance.ts";
import { drawShape, openEditor, waitForShapes } from "./helpers/editor_browser.ts";
import { runScenario, type Scenario } from "./helpers/gallery_browser.ts";

const ACCOUNT = { email: EMAIL, password: PASSWORD };
/** Collab saves rooms (and ends links' connections) this often here; 10 s in production. */
const FLUSH_MS = 500;
/** The visitor's console, once the link has ended: its next ticket and the page are the 404. */
const LINK_ENDED_ERROR = /status of 404/;

/** Tall enough for the live view's box (85 % of it for a guest) below the page's heading. */
const TALL = { width: 1280, height: 1200 };

/** Resolves once the live view has replaced the picture and says it is live. */
async function waitUntilLive(page: Page) {
  await page.locator('#shared-live-status[data-status="live"]').waitFor();
  await page.locator("#shared-drawing .shared-canvas:not(.pending) canvas.static").waitFor();
}

/** What the live view draws (Excalidraw's static layer: the scene, no pointers). */
function drawing(page: Page): Promise<Buffer> {
  return page.locator("#shared-drawing canvas.static").screenshot();
}

Deno.test("a share link's live view", async (t) => {
  await using setup = await startDiagramForBrowsers();
  await using collab = await startCollab(setup.diagram, {
    COLLAB_PORT: String(setup.collabPort),
    COLLAB_FLUSH_MS: String(FLUSH_MS),
  });
  const browser = await launchChromium();
  const { base } = setup;

  /** A new link to `id`: its address on the service and its id. */
  async function share(id: string, options: { access?: "view" | "edit"; label?: string } = {}) {
    const made = await setup.api("POST", `/api/diagrams/${id}/shares`, options);
    assert.equal(made.status, 201);
    return { address: new URL(made.json.url).pathname, linkId: made.json.id as string };
  }

  const scenarios: [string, (scenario: Scenario) => Promise<void>][] = [
    [
      "a visitor with no cookies sees the owner's edit within 2 s; revoked, the view says the link ended and a reload is the 404",
      async (scenario) => {
        scenario.expectConsoleErrors(LINK_ENDED_ERROR);
        const id = await setup.newDiagram([rectangle("seed", "a0")]);
        const link = await share(id);
        const owner = await openEditor(scenario, id, ACCOUNT);

        const visitor = await scenario.open();
        await visitor.page.setViewportSize(TALL);
        assert.deepEqual(await visitor.context.cookies(), []);
        assert.equal((await visitor.page.goto(link.address))?.status(), 200);
        await waitUntilLive(visitor.page);
        // Excalidraw's view mode: nothing to draw with.
        assert.equal(await visitor.page.locator(".App-toolbar-container").count(), 0);
        // Settled (fonts in, fitted): from here the drawing changes only with the scene.
        await visitor.page.waitForTimeout(500);
        const before = await drawing(visitor.page);

        // Drawn over the middle of the owner's view, where the visitor's fitted view has it too.
        await drawShape(owner.page, "r", { x: 560, y: 430 }, { x: 720, y: 520 });
        const drawnAt = performance.now();
        await eventually(
          async () => Buffer.compare(await drawing(visitor.page), before) !== 0 || undefined,
          2_000,
          "the owner's rectangle in the visitor's view",
        );
        console.log(`owner's edit seen by the visitor after ${performance.now() - drawnAt} ms`);
        await waitForShapes(owner.page, 2);

        assert.equal((await setup.api("DELETE", `/api/shares/${link.linkId}`)).status, 204);
        const revokedAt = performance.now();
        const ended = visitor.page.locator("#shared-drawing[data-ended] [role=alert]");
        await ended.waitFor({ timeout: 5_000 });
        console.log(`the visitor's view ended ${performance.now() - revokedAt} ms after revoke`);
        assert.match(await ended.textContent() ?? "", /This link no longer works/);
        assert.equal(await visitor.page.locator("#shared-drawing canvas").count(), 0);
        assert.equal(await visitor.page.locator(".shared-downloads").count(), 0);
        assert.equal((await visitor.page.reload())?.status(), 404);
      },
    ],
    [
      "an edit link's guest draws under the name they typed; the owner sees it, saved as the guest's revision",
      async (scenario) => {
        const id = await setup.newDiagram([rectangle("seed", "a0")]);
        const link = await share(id, { access: "edit", label: "design review" });
        const owner = await openEditor(scenario, id, ACCOUNT);
        const guest = await scenario.open();
        await guest.page.setViewportSize(TALL);
        await guest.page.goto(link.address);
        await waitUntilLive(guest.page);
        assert.equal(await guest.page.locator(".App-toolbar-container").count(), 1);

        await guest.page.getByLabel("Your name, shown to the others editing").fill("Grace");
        await guest.page.getByRole("button", { name: "Use this name" }).click();
        using watcher = joinRoom(collab, id, await setup.token(id));
        await watcher.synced();
        await eventually(
          () =>
            [...watcher.provider.awareness.getStates().values()]
              .some((state) => state.user?.name === "Grace") || undefined,
          5_000,
          "the guest named Grace in the room's presence",
        );

        const box = (await guest.page.locator("#shared-drawing .shared-canvas").boundingBox())!;
        const at = (x: number, y: number) => ({
          x: box.x + box.width * x,
          y: box.y + box.height * y,
        });
        // The canvas takes the keyboard once clicked (on nothing: the seed is in the middle).
        await guest.page.mouse.click(at(0.75, 0.7).x, at(0.75, 0.7).y);
        await drawShape(guest.page, "o", at(0.65, 0.6), at(0.8, 0.75));
        await waitForShapes(owner.page, 2, 2_000);

        const history = await eventually(
          async () => {
            const { json } = await setup.api("GET", `/api/diagrams/${id}/revisions`);
            return json.changedVia === "guest" ? json : undefined;
          },
          10_000,
          "the guest's revision saved",
        );
        assert.equal(history.changedWithToken, "design review");
        const stored = (await setup.storedElements(id)).elements as { id: string; type?: string }[];
        assert.ok(stored.some((element) => element.type === "ellipse"), "the guest's ellipse");
      },
    ],
  ];

  try {
    for (const [name, body] of scenarios) {
      await t.step(name, () => runScenario(browser, base, name, body));
    }
  } finally {
    await browser.close();
  }
});
