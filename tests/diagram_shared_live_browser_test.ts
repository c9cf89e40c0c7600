// A share link's live view in Chromium, against a real diagram service and a real collab server
// on loopback: the owner edits in the editor (one browser context) while a visitor with no cookies
// follows the link (another): the edit shows within 2 s; revoking the link ends the view with a
// message and makes a reload the 404. An edit link's guest draws, named, and the owner sees it,
// saved as the guest's revision. A collection link's diagram page is live too, and the view shows
// the diagram's uploaded images, fetched through the link.
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
import { decodePng, pixelsNear, solidPng } from "./helpers/png.ts";
import { imageElement } from "./helpers/scene_fixture.ts";

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

  /** A new link to `id` (a diagram, or under `kind` a collection): its address and its id. */
  async function share(
    id: string,
    options: { access?: "view" | "edit"; label?: string } = {},
    kind: "diagrams" | "collections" = "diagrams",
  ) {
    const made = await setup.api("POST", `/api/${kind}/${id}/shares`, options);
    assert.equal(made.status, 201);
    return { address: new URL(made.json.url).pathname, linkId: made.json.id as string };
  }

  /**
   * Opens `address` in a context with no cookies, waits until its view is live and settled, then
   * has the owner (in the editor on `id`) draw a rectangle: it shows in the view within 2 s.
   */
  async function ownersEditSeen(scenario: Scenario, id: string, address: string) {
    const owner = await openEditor(scenario, id, ACCOUNT);
    const visitor = await scenario.open();
    await visitor.page.setViewportSize(TALL);
    assert.deepEqual(await visitor.context.cookies(), []);
    assert.equal((await visitor.page.goto(address))?.status(), 200);
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
    return visitor;
  }

  const scenarios: [string, (scenario: Scenario) => Promise<void>][] = [
    [
      "a visitor with no cookies sees the owner's edit within 2 s; revoked, the view says the link ended and a reload is the 404",
      async (scenario) => {
        scenario.expectConsoleErrors(LINK_ENDED_ERROR);
        const id = await setup.newDiagram([rectangle("seed", "a0")]);
        const link = await share(id);
        const visitor = await ownersEditSeen(scenario, id, link.address);

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
    [
      "a collection link's diagram page is live too: the owner's edit shows within 2 s",
      async (scenario) => {
        const folder = (await setup.api("POST", "/api/collections", { name: "Team" })).json.id;
        const id = await setup.newDiagram([rectangle("seed", "a0")]);
        const moved = await setup.api("PATCH", `/api/diagrams/${id}`, { collectionId: folder });
        assert.equal(moved.status, 200);
        const link = await share(folder, {}, "collections");
        await ownersEditSeen(scenario, id, `${link.address}/d/${id}`);
      },
    ],
    [
      "the live view shows the diagram's uploaded image, fetched through the link",
      async (scenario) => {
        const red = [230, 20, 20] as const;
        const fileId = "aa11bb22cc33dd44ee55ff66aa11bb22cc33dd44";
        const picture = { ...imageElement("picture", fileId), width: 400, height: 300 };
        const id = await setup.newDiagram([picture]);
        assert.equal(await setup.uploadImage(id, fileId, await solidPng(red)), 201);
        const link = await share(id);

        const visitor = await scenario.open();
        await visitor.page.setViewportSize(TALL);
        const fetched = visitor.page.waitForResponse((response) =>
          new URL(response.url()).pathname === `${link.address}/files/${fileId}`
        );
        await visitor.page.goto(link.address);
        await waitUntilLive(visitor.page);
        assert.equal((await fetched).status(), 200);
        // Drawn in the view: most of the canvas is the image's red, not a placeholder.
        await eventually(
          async () => {
            const shown = await decodePng(await drawing(visitor.page));
            return pixelsNear(shown, red) > shown.width * shown.height * 0.05 || undefined;
          },
          5_000,
          "the image's red in the visitor's view",
        );
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
