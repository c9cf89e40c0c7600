// The editor in real headless Chromium, two people in two browser contexts on one diagram, against
// a real diagram service and a real collab server on loopback: drawing, text, reload, each other's
// shapes and pointers, concurrent edits, an agent's update through MCP, collab killed and started
// again, and the gallery's thumbnail. Every scenario checks that its browsers asked nothing but
// 127.0.0.1 and logged no errors; a failed one leaves a screenshot in tests/.failures/.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import { launchChromium } from "./helpers/browser.ts";
import {
  type CollabInstance,
  EMAIL,
  eventually,
  joinRoom,
  PASSWORD,
  startCollab,
  startDiagramForBrowsers,
} from "./helpers/collab_instance.ts";
import {
  drawShape,
  openEditor,
  pointerLayer,
  sceneSize,
  shapeCount,
  showStats,
  statusText,
  waitForShapes,
  waitForStatus,
  writeText,
} from "./helpers/editor_browser.ts";
import { runScenario, type Scenario } from "./helpers/gallery_browser.ts";
import { connectClient } from "./helpers/mcp_client.ts";
import { pngSize } from "./helpers/png.ts";
import { ELEMENT_DEFAULTS } from "./helpers/scene_fixture.ts";

// The page's DOM, loosely typed (see diagram_gallery_browser_test.ts).
// deno-lint-ignore no-explicit-any
declare const document: any;
// deno-lint-ignore no-explicit-any
declare const DataTransfer: any;

const ACCOUNT = { email: EMAIL, password: PASSWORD };
/** Collab saves rooms this often here (10 s in production), so storage is checked sooner. */
const FLUSH_MS = 1_000;
/** Chromium's own line when a WebSocket cannot connect: expected while collab is down. */
const COLLAB_DOWN_ERROR = /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/.*' failed/;

interface StoredElement {
  id: string;
  type: string;
  x: number;
  text?: string;
  fileId?: string | null;
  isDeleted?: boolean;
}

function rectangle(id: string, x: number, y: number, index: string) {
  return {
    ...ELEMENT_DEFAULTS,
    id,
    type: "rectangle",
    x,
    y,
    width: 160,
    height: 90,
    index,
    boundElements: null,
    seed: 7,
  };
}

/** An 8×8 red PNG. */
const RED_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAEklEQVR4nGP4z8DwHx9mGBkKAMLXf4EvceABAAAAAElFTkSuQmCC",
  "base64",
);

/** The zoom Excalidraw shows in its footer, in percent. */
async function zoomPercent(page: Page): Promise<number> {
  return Number((await page.locator(".reset-zoom-button").textContent())?.replace("%", ""));
}

function live(elements: StoredElement[]): StoredElement[] {
  return elements.filter((element) => !element.isDeleted);
}

Deno.test("the editor in two browsers", async (t) => {
  await using setup = await startDiagramForBrowsers();
  const collabDir = await Deno.makeTempDir({ prefix: "collab-editor-test-" });
  const collabEnv = { COLLAB_PORT: String(setup.collabPort), COLLAB_FLUSH_MS: String(FLUSH_MS) };
  let collab: CollabInstance = await startCollab(setup.diagram, collabEnv, collabDir);
  const browser = await launchChromium();
  const { base } = setup;

  /** The stored diagram's elements, not deleted, once `done` holds for them. */
  async function storedWhen(
    id: string,
    done: (elements: StoredElement[]) => boolean,
    what: string,
  ): Promise<StoredElement[]> {
    return await eventually(
      async () => {
        const elements = live((await setup.storedElements(id)).elements as StoredElement[]);
        return done(elements) ? elements : undefined;
      },
      15_000,
      what,
    );
  }

  /** The room's elements as a y-websocket client of the test sees them. */
  async function roomElements(id: string): Promise<StoredElement[]> {
    using client = joinRoom(collab, id, await setup.token(id));
    await client.synced();
    return live([...client.elements.values()].map((text) => JSON.parse(text as string)));
  }

  const cookie = await setup.diagram.login(EMAIL, PASSWORD);
  /** The gallery's thumbnail of `id`. */
  async function thumbnail(id: string): Promise<string> {
    const response = await fetch(new URL(`/api/diagrams/${id}/thumbnail.svg`, base), {
      headers: { cookie },
    });
    assert.equal(response.status, 200);
    return await response.text();
  }

  const scenarios: [string, (scenario: Scenario) => Promise<void>][] = [
    [
      "a shape drawn in one browser shows in the other within 2 s with its pointer, text survives a reload, and the thumbnail follows",
      async (scenario) => {
        const id = await setup.newDiagram([rectangle("seed", 100, 100, "a0")]);
        const thumbnailBefore = await thumbnail(id);
        const first = await openEditor(scenario, id, ACCOUNT);
        const second = await openEditor(scenario, id, ACCOUNT);
        assert.match(await statusText(first.page), /^Live/);
        assert.equal(await shapeCount(second.page), 1);

        await drawShape(first.page, "r", { x: 420, y: 260 }, { x: 560, y: 340 });
        await waitForShapes(second.page, 2, 2_000);

        // The other person's pointer is drawn on the second browser's top layer as it moves.
        await second.page.mouse.move(5, 895);
        const still = await pointerLayer(second.page);
        await first.page.mouse.move(700, 500, { steps: 4 });
        await eventually(
          async () => Buffer.compare(await pointerLayer(second.page), still) !== 0 || undefined,
          2_000,
          "the first browser's pointer in the second",
        );

        await writeText(first.page, { x: 420, y: 620 }, "hello from the first");
        await waitForShapes(second.page, 3);
        const texts = await storedWhen(
          id,
          (elements) => elements.some((element) => element.text === "hello from the first"),
          "the text stored by collab's flush",
        );
        assert.deepEqual(texts.map((element) => element.type).sort(), [
          "rectangle",
          "rectangle",
          "text",
        ]);

        // Renamed in place: the editor stays (no page load), the title and storage follow.
        await first.page.evaluate(() => Object.assign(globalThis, { samePage: true }));
        await first.page.getByLabel("Name").fill("Renamed while drawing");
        await first.page.getByLabel("Name").press("Enter");
        await first.page.waitForFunction(() => document.title.startsWith("Renamed while drawing"));
        assert.equal(await first.page.evaluate(() => "samePage" in globalThis), true);
        assert.equal(
          (await setup.api("GET", `/api/diagrams/${id}`)).json.name,
          "Renamed while drawing",
        );

        await first.page.reload();
        await waitForStatus(first.page, "live");
        await showStats(first.page);
        await waitForShapes(first.page, 3);
        assert.notEqual(await thumbnail(id), thumbnailBefore, "the gallery's thumbnail changed");
        assert.match(await thumbnail(id), /hello from the first/);
      },
    ],
    [
      "a diagram larger than the window opens fitted to it; a view the person moved is kept on reload",
      async (scenario) => {
        // An agent's diagram: 4 × 3 boxes over 3,000 × 2,000 px, far larger than the window.
        const boxes = Array.from(
          { length: 12 },
          (_, at) =>
            rectangle(
              `box${at}`,
              (at % 4) * 950,
              Math.floor(at / 4) * 950,
              `a${"0123456789AB"[at]}`,
            ),
        );
        const id = await setup.newDiagram(boxes);
        const person = await openEditor(scenario, id, ACCOUNT);
        // Fitted: a 10 % step at which the content's 3,010 × 1,990 px fit the window with room
        // for the editor's tool bars, and not much smaller.
        const window = person.page.viewportSize()!;
        const fits = Math.floor(Math.min(window.width / 3010, window.height / 1990) * 10) * 10;
        const fitted = await zoomPercent(person.page);
        assert.ok(
          fitted <= fits && fitted >= fits - 20,
          `opened at ${fitted} %, fits at ${fits} %`,
        );

        // The person zooms in with the keyboard; the next open of this browser keeps that view.
        await person.page.keyboard.press("Control+=");
        await person.page.keyboard.press("Control+=");
        const moved = await zoomPercent(person.page);
        assert.ok(moved > fitted, `${moved} % after zooming in from ${fitted} %`);
        await person.page.waitForTimeout(800);
        await person.page.reload();
        await waitForStatus(person.page, "live");
        assert.equal(await zoomPercent(person.page), moved);

        // Another browser has no view of its own: fitted again.
        const other = await openEditor(scenario, id, ACCOUNT);
        assert.equal(await zoomPercent(other.page), fitted);
      },
    ],
    [
      "signed out in another tab, the editor says so; signed in again, what was drawn meanwhile is saved",
      async (scenario) => {
        // Chromium logs each refused request: the token's, and a direct save's while signed out.
        scenario.expectConsoleErrors(/status of 401 \(Unauthorized\)/);
        const id = await setup.newDiagram([rectangle("seed", 100, 100, "a0")]);
        const editor = await openEditor(scenario, id, ACCOUNT);
        const other = await editor.page.context().newPage();
        await other.goto("/");
        await other.getByRole("button", { name: "Sign out" }).click();
        await other.waitForURL(/\/login/);
        // collab ends the session's connection within a flush; a new token is then refused.
        await waitForStatus(editor.page, "signed-out", 15_000);
        assert.match(await statusText(editor.page), /^Signed out: sign in again in another tab/);

        await drawShape(editor.page, "o", { x: 760, y: 560 }, { x: 880, y: 660 });
        await waitForShapes(editor.page, 2);
        await other.getByLabel("Email").fill(EMAIL);
        await other.getByLabel("Password").fill(PASSWORD);
        await other.getByRole("button", { name: "Sign in" }).click();
        await waitForStatus(editor.page, "live", 20_000);
        await storedWhen(
          id,
          (elements) => elements.some((element) => element.type === "ellipse"),
          "the ellipse drawn while signed out, saved once signed in again",
        );
      },
    ],
    [
      "concurrent edits to different elements in two browsers both survive, in both and in storage",
      async (scenario) => {
        const id = await setup.newDiagram([rectangle("seed", 100, 100, "a0")]);
        const first = await openEditor(scenario, id, ACCOUNT);
        const second = await openEditor(scenario, id, ACCOUNT);

        // Both draw at the same moment, then each moves its own new shape (still selected).
        await Promise.all([
          drawShape(first.page, "r", { x: 380, y: 250 }, { x: 500, y: 330 }),
          drawShape(second.page, "o", { x: 760, y: 560 }, { x: 880, y: 660 }),
        ]);
        await Promise.all([waitForShapes(first.page, 3), waitForShapes(second.page, 3)]);
        const drawn = await roomElements(id);
        const x = (elements: StoredElement[], type: string) =>
          elements.find((element) => element.type === type && element.id !== "seed")!.x;
        const moveRight = async (page: typeof first.page) => {
          for (let press = 0; press < 10; press++) await page.keyboard.press("ArrowRight");
        };
        await Promise.all([moveRight(first.page), moveRight(second.page)]);

        const stored = await storedWhen(
          id,
          (elements) =>
            elements.length === 3 &&
            x(elements, "rectangle") === x(drawn, "rectangle") + 10 &&
            x(elements, "ellipse") === x(drawn, "ellipse") + 10,
          "both moves stored",
        );
        assert.deepEqual(stored.map((element) => element.type).sort(), [
          "ellipse",
          "rectangle",
          "rectangle",
        ]);
        // The two browsers converge on the same scene.
        await eventually(
          async () => (await sceneSize(first.page)) === (await sceneSize(second.page)) || undefined,
          5_000,
          "both browsers showing the same scene",
        );
        assert.equal(await shapeCount(first.page), 3);
        assert.equal(await shapeCount(second.page), 3);
      },
    ],
    [
      "an agent's update_diagram while two editors are open shows in both within 15 s and is not overwritten",
      async (scenario) => {
        const id = await setup.newDiagram([rectangle("seed", 100, 100, "a0")]);
        const first = await openEditor(scenario, id, ACCOUNT);
        const second = await openEditor(scenario, id, ACCOUNT);
        await drawShape(first.page, "r", { x: 380, y: 250 }, { x: 500, y: 330 });
        await waitForShapes(second.page, 2);
        // The room's flush of the drawn box must land first: one landing while the agent's call
        // runs makes that call stale (as it should: it read a version that moved on).
        await eventually(
          async () =>
            live((await setup.storedElements(id)).elements as StoredElement[]).length === 2 ||
            undefined,
          10_000,
          "the drawn box stored by the room's flush",
        );
        // The editor may still finish the box after that flush (on a busy machine it did, and the
        // next flush landed during the agent's call): wait until a flush interval passes without
        // a save.
        let revision = (await setup.storedElements(id)).revision;
        await eventually(
          async () => {
            await new Promise((resolve) => setTimeout(resolve, FLUSH_MS * 1.5));
            const now = (await setup.storedElements(id)).revision;
            const settled = now === revision;
            revision = now;
            return settled || undefined;
          },
          15_000,
          "the room's saves settled",
        );

        const created = await setup.diagram.admin("create-token", EMAIL, "agent");
        assert.equal(created.code, 0, created.stderr);
        const token = created.stdout.trim().split("\n").at(-1)!;
        await using mcp = await connectClient(new URL("/mcp", base), {
          authorization: `Bearer ${token}`,
        });
        const updated = await mcp.call("update_diagram", {
          id,
          spec: {
            layout: "LR",
            nodes: [
              { id: "ask", label: "Ask" },
              { id: "plan", label: "Plan" },
              { id: "answer", label: "Answer" },
            ],
            edges: [{ from: "ask", to: "plan" }, { from: "plan", to: "answer" }],
          },
        });
        assert.equal(updated.isError, false, updated.text);
        const agents = live((await setup.storedElements(id)).elements as StoredElement[]);
        const agentIds = agents.map((element) => element.id).sort();

        for (const { page } of [first, second]) {
          await waitForShapes(page, agents.length, 15_000);
          await waitForStatus(page, "replaced");
          assert.equal(
            await statusText(page),
            "Live, showing a newer version: an agent changed it through MCP",
          );
        }
        // Collab flushes several times over; the agent's version stays what is stored.
        await new Promise((resolve) => setTimeout(resolve, 4 * FLUSH_MS));
        const after = live((await setup.storedElements(id)).elements as StoredElement[]);
        assert.deepEqual(after.map((element) => element.id).sort(), agentIds);
        assert.equal(await shapeCount(first.page), agents.length);
      },
    ],
    [
      "an image added in one browser is uploaded once, shows in the other, and is in the stored file",
      async (scenario) => {
        const id = await setup.newDiagram([]);
        const first = await openEditor(scenario, id, ACCOUNT);
        const second = await openEditor(scenario, id, ACCOUNT);
        const uploads: string[] = [];
        first.page.on("request", (request) => {
          if (request.method() === "PUT" && request.url().includes("/files/")) {
            uploads.push(request.url());
          }
        });
        const fetched: { status: number; type: string | undefined }[] = [];
        second.page.on("response", (response) => {
          if (response.url().includes(`/api/diagrams/${id}/files/`)) {
            fetched.push({ status: response.status(), type: response.headers()["content-type"] });
          }
        });
        // Dropped onto the canvas, as from a file manager.
        const transfer = await first.page.evaluateHandle((base64: string) => {
          const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], "red.png", { type: "image/png" }));
          return transfer;
        }, RED_PNG.toString("base64"));
        await first.page.dispatchEvent("canvas.excalidraw__canvas.interactive", "drop", {
          dataTransfer: transfer,
          clientX: 640,
          clientY: 450,
        });
        await waitForShapes(second.page, 1);
        // The second browser fetched the image's bytes from the web app, the room had its id only.
        const got = await eventually(() => fetched.find((answer) => answer.status === 200), 5_000);
        assert.equal(got.type, "image/png");

        const [image] = await storedWhen(
          id,
          // Excalidraw places the element first, then gives it the file's id.
          (elements) => elements.some((element) => element.type === "image" && element.fileId),
          "the image element stored with its file",
        );
        const fileId = image.fileId!;
        assert.deepEqual(uploads, [new URL(`/api/diagrams/${id}/files/${fileId}`, base).href]);
        const { json } = await setup.api("GET", `/api/diagrams/${id}`);
        assert.equal(json.file.files[fileId].mimeType, "image/png");
        assert.match(json.file.files[fileId].dataURL, /^data:image\/png;base64,/);
      },
    ],
    [
      "the collab server killed and started again: the editors keep drawing, reconnect, and nothing drawn is lost",
      async (scenario) => {
        scenario.expectConsoleErrors(COLLAB_DOWN_ERROR);
        // Both browsers save directly over the same revision: the second is refused (412) and
        // merges the first one's save before it saves again, as it should.
        scenario.expectConsoleErrors(/status of 412 \(Precondition Failed\)/);
        const id = await setup.newDiagram([rectangle("seed", 100, 100, "a0")]);
        const thumbnailBefore = await thumbnail(id);
        const first = await openEditor(scenario, id, ACCOUNT);
        const second = await openEditor(scenario, id, ACCOUNT);
        await drawShape(first.page, "r", { x: 380, y: 250 }, { x: 500, y: 330 });
        await waitForShapes(second.page, 2);
        await collab.stop("SIGKILL");

        for (const { page } of [first, second]) await waitForStatus(page, "reconnecting");
        await drawShape(first.page, "o", { x: 760, y: 560 }, { x: 880, y: 660 });
        await drawShape(second.page, "d", { x: 300, y: 560 }, { x: 420, y: 680 });
        // Saved straight to the web app while collab is away, both browsers' shapes merged.
        const direct = await storedWhen(
          id,
          (elements) => elements.length === 4,
          "the shapes saved directly while collab was down",
        );
        assert.deepEqual(direct.map((element) => element.type).sort(), [
          "diamond",
          "ellipse",
          "rectangle",
          "rectangle",
        ]);
        assert.notEqual(await thumbnail(id), thumbnailBefore, "the direct save's thumbnail");

        collab = await startCollab(setup.diagram, collabEnv, collabDir);
        for (const { page } of [first, second]) {
          await waitForStatus(page, "live", 15_000);
          await waitForShapes(page, 4);
        }
        assert.equal((await roomElements(id)).length, 4, "the room holds every shape");
        await drawShape(second.page, "r", { x: 600, y: 250 }, { x: 700, y: 330 });
        await waitForShapes(first.page, 5, 2_000);
        await storedWhen(id, (elements) => elements.length === 5, "the room saved again");
      },
    ],
    [
      "the Diagram menu downloads what is on screen as .svg (hand-drawn, fonts inside) and .png, and says which .svg is the server's clean one",
      async (scenario) => {
        const { json } = await setup.api("POST", "/api/diagrams", {
          name: "Order flow",
          mermaid: "flowchart LR\n  order[Order] -->|paid| ship([Ship])",
        });
        const { page } = await openEditor(scenario, json.id, ACCOUNT);
        const menu = page.locator("details.menu");
        const openMenu = () => menu.locator("summary").click();
        await openMenu();
        const onScreenSvg = menu.getByRole("button", { name: "Download .svg as on screen" });
        const onScreenPng = menu.getByRole("button", { name: "Download .png as on screen" });
        const clean = menu.getByRole("link", { name: "Download .svg clean, drawn by the server" });
        assert.equal(await clean.getAttribute("href"), `/api/diagrams/${json.id}/export.svg`);

        const [svgDownload] = await Promise.all([
          page.waitForEvent("download"),
          onScreenSvg.click(),
        ]);
        assert.equal(svgDownload.suggestedFilename(), "Order flow.svg");
        const svg = new TextDecoder().decode(await Deno.readFile(await svgDownload.path()));
        // Excalidraw's own export: its mark, its fonts inlined, its hand-drawn (roughjs) strokes
        // as curves, and the labels in Excalifont.
        assert.match(svg, /<!-- svg-source:excalidraw -->/);
        assert.match(
          svg,
          /@font-face \{ font-family: Excalifont; src: url\(data:font\/woff2;base64,/,
        );
        assert.match(svg, /<path d="M[^"]* C[^"]*"[^>]*stroke="#1e1e1e"/);
        assert.match(svg, /font-family="Excalifont[^"]*"[^>]*>Order</);
        assert.equal(await page.locator("details.menu[open]").count(), 0, "chosen, it closes");

        // The server's is the clean one: no hand-drawn curves, no fonts inside.
        const server = await fetch(new URL(`/api/diagrams/${json.id}/export.svg`, base), {
          headers: { cookie },
        }).then((response) => response.text());
        assert.doesNotMatch(server, /svg-source:excalidraw|@font-face/);
        assert.match(server, />Order</);

        await openMenu();
        const [pngDownload] = await Promise.all([
          page.waitForEvent("download"),
          onScreenPng.click(),
        ]);
        assert.equal(pngDownload.suggestedFilename(), "Order flow.png");
        const png = await Deno.readFile(await pngDownload.path());
        const { width, height } = pngSize(png);
        assert.ok(width > 200 && height > 40, `${width} × ${height}`);
      },
    ],
    [
      "the Diagram menu closes on Escape with the focus back on its button, on a press elsewhere, and when Excalidraw's menu opens (and the other way round)",
      async (scenario) => {
        const id = await setup.newDiagram([rectangle("seed", 100, 100, "a0")]);
        const { page } = await openEditor(scenario, id, ACCOUNT);
        const menu = page.locator("details.menu");
        const button = menu.locator("summary");
        const isOpen = async () => (await page.locator("details.menu[open]").count()) > 0;
        const theirs = page.locator(".main-menu-trigger");
        const theirsOpen = async () => (await page.locator(".dropdown-menu").count()) > 0;

        await button.click();
        assert.equal(await isOpen(), true);
        await page.keyboard.press("Escape");
        assert.equal(await isOpen(), false, "Escape closes it");
        assert.equal(await button.evaluate((node) => node === document.activeElement), true);
        // From the keyboard alone: the button has the focus, Enter opens, Escape closes.
        await page.keyboard.press("Enter");
        assert.equal(await isOpen(), true);
        await page.keyboard.press("Tab");
        await page.keyboard.press("Escape");
        assert.equal(await isOpen(), false);
        assert.equal(await button.evaluate((node) => node === document.activeElement), true);

        await button.click();
        await theirs.click();
        assert.equal(await theirsOpen(), true);
        assert.equal(await isOpen(), false, "Excalidraw's menu opening closed ours");
        await button.click();
        assert.equal(await isOpen(), true);
        assert.equal(await theirsOpen(), false, "ours opening closed Excalidraw's");
        // Excalidraw's menu opened from the keyboard closes ours too.
        await theirs.focus();
        await page.keyboard.press("Enter");
        await eventually(async () => (await theirsOpen()) || undefined, 2_000, "their menu");
        assert.equal(await isOpen(), false);

        await button.click();
        await page.mouse.click(640, 600);
        assert.equal(await isOpen(), false, "a press elsewhere closes it");
      },
    ],
  ];

  try {
    for (const [name, body] of scenarios) {
      await t.step(name, () => runScenario(browser, base, name, body));
    }
  } finally {
    await browser.close();
    await collab.stop();
    await Deno.remove(collabDir, { recursive: true });
  }
});
