// Opening, looking, zooming, selecting and leaving never write, in real Chromium against a real
// diagram service, with the collab server running and with it down (when the editor saves
// straight to the service). Diagrams made each way a person or an agent makes them: over MCP
// (create_diagram), over REST (POST with a file), by the import page and from a Mermaid chart.
// Each is opened and left at once (Back within 0.2 s of the editor starting), and looked around
// in for a while; its revision, its time and its history stay as they were, and the page asked to
// write nothing.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchChromium } from "./helpers/browser.ts";
import {
  type CollabInstance,
  EMAIL,
  excalidrawFile,
  PASSWORD,
  startCollab,
  startDiagramForBrowsers,
} from "./helpers/collab_instance.ts";
import { recordedWrites, recordWrites, waitForStatus } from "./helpers/editor_browser.ts";
import { runScenario, signIn } from "./helpers/gallery_browser.ts";
import { connectClient } from "./helpers/mcp_client.ts";
import { BOUND_TEXT_DEFAULTS, ELEMENT_DEFAULTS, fileWithNote } from "./helpers/scene_fixture.ts";

// The page's DOM, loosely typed (see diagram_gallery_browser_test.ts).
// deno-lint-ignore no-explicit-any
declare const document: any;

/** Collab saves rooms this often here (10 s in production), so a save would show sooner. */
const FLUSH_MS = 1_000;
/** Chromium's own line when a WebSocket cannot connect: expected while collab is down. */
const COLLAB_DOWN_ERROR = /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/.*' failed/;
/** How long the first diagram is looked around in; the others, a shorter while. */
const LONG_LOOK_MS = 20_000;
const SHORT_LOOK_MS = 6_000;

/** A box with a label and an arrow out of it, as a script writes them: null where nothing is. */
function restFile() {
  const box = {
    ...ELEMENT_DEFAULTS,
    id: "box",
    type: "rectangle",
    x: 0,
    y: 0,
    width: 200,
    height: 80,
    index: "a0",
    boundElements: [{ id: "label", type: "text" }, { id: "arrow", type: "arrow" }],
  };
  const label = {
    ...ELEMENT_DEFAULTS,
    ...BOUND_TEXT_DEFAULTS,
    id: "label",
    type: "text",
    x: 50,
    y: 27.5,
    width: 100,
    height: 25,
    index: "a1",
    boundElements: null,
    text: "Warehouse",
    originalText: "Warehouse",
    containerId: "box",
  };
  const arrow = {
    ...ELEMENT_DEFAULTS,
    id: "arrow",
    type: "arrow",
    x: 200,
    y: 40,
    width: 160,
    height: 0,
    index: "a2",
    boundElements: null,
    points: [[0, 0], [160, 0]],
    startBinding: { elementId: "box", focus: 0, gap: 1 },
    endBinding: null,
    startArrowhead: null,
    endArrowhead: "arrow",
    lastCommittedPoint: null,
    elbowed: false,
  };
  return excalidrawFile([box, label, arrow]);
}

/** Zooms, pans and selects with the mouse and keyboard for `ms`, never moving or editing. */
async function lookAround(page: Page, ms: number) {
  const { width, height } = page.viewportSize()!;
  const centre = { x: width / 2, y: height / 2 };
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Zoomed out first, so that the corners of the canvas are empty to drag a selection from.
    await page.keyboard.press("Control+-");
    await page.keyboard.press("Control+-");
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, 120);
    await page.mouse.wheel(120, 0);
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Escape");
    await page.mouse.click(centre.x, centre.y);
    await page.keyboard.down("Shift");
    await page.mouse.click(centre.x + 40, centre.y + 10);
    await page.keyboard.up("Shift");
    await page.keyboard.press("Escape");
    await page.mouse.move(40, 200);
    await page.mouse.down();
    await page.mouse.move(width - 40, height - 100, { steps: 5 });
    await page.mouse.up();
    await page.keyboard.press("Escape");
    await page.keyboard.press("Shift+1");
    await page.keyboard.press("Control+=");
    await page.waitForTimeout(400);
  }
}

Deno.test("opening, looking and leaving the editor writes nothing", async (t) => {
  await using setup = await startDiagramForBrowsers();
  const { base } = setup;
  const collabDir = await Deno.makeTempDir({ prefix: "collab-idle-test-" });
  const collabEnv = { COLLAB_PORT: String(setup.collabPort), COLLAB_FLUSH_MS: String(FLUSH_MS) };
  let collab: CollabInstance | null = null;
  const browser = await launchChromium();
  const created = await setup.diagram.admin("create-token", EMAIL, "agent");
  assert.equal(created.code, 0, created.stderr);
  await using mcp = await connectClient(new URL("/mcp", base), {
    authorization: `Bearer ${created.stdout.trim().split("\n").at(-1)}`,
  });
  const cookie = await setup.diagram.login(EMAIL, PASSWORD);

  /** One diagram of each kind, by the door it came through. */
  async function diagramsOfEveryKind(): Promise<[string, string][]> {
    const agents = await mcp.call("create_diagram", {
      name: "Agent's flow",
      spec: {
        layout: "LR",
        nodes: [
          { id: "ask", label: "Ask" },
          { id: "plan", label: "Plan", shape: "diamond" },
          { id: "answer", label: "Answer" },
        ],
        edges: [{ from: "ask", to: "plan", label: "then" }, { from: "plan", to: "answer" }],
      },
    });
    assert.equal(agents.isError, false, agents.text);
    const rest = await setup.api("POST", "/api/diagrams", { name: "Script's", file: restFile() });
    assert.equal(rest.status, 201);
    const form = new FormData();
    const imported = JSON.stringify(fileWithNote("Imported note"), null, 2);
    form.append("files", new File([imported], "Imported.excalidraw"));
    const page = await fetch(new URL("/import", base), {
      method: "POST",
      headers: { cookie, origin: base },
      body: form,
    }).then((response) => response.text());
    const importedId = /href="\/d\/([\w-]+)"/.exec(page)?.[1];
    assert.ok(importedId, page);
    const chart = await setup.api("POST", "/api/diagrams", {
      name: "Chart",
      mermaid: "flowchart LR\n  order[Order] -->|paid| ship{Ship?}\n  ship --> done((Done))",
    });
    assert.equal(chart.status, 201);
    return [
      ["MCP", agents.structured!.id],
      ["REST", rest.json.id],
      ["import", importedId],
      ["Mermaid", chart.json.id],
    ];
  }

  /** What must not change: the revision, its time, who made it, and the history. */
  async function standing(id: string) {
    const { json } = await setup.api("GET", `/api/diagrams/${id}/revisions`);
    return {
      revision: json.revision,
      changedVia: json.changedVia,
      savedAt: json.savedAt,
      updatedAt: (await setup.api("GET", `/api/diagrams/${id}`)).json.updatedAt,
      kept: json.revisions.length,
    };
  }

  /** Every diagram opened and left at once, then each looked around in; nothing written. */
  async function openLookAndLeave(collabRunning: boolean) {
    const diagrams = await diagramsOfEveryKind();
    const before = await Promise.all(diagrams.map(([, id]) => standing(id)));
    let writes: string[] = [];
    await runScenario(browser, base, "open, look, leave", async (scenario) => {
      if (!collabRunning) scenario.expectConsoleErrors(COLLAB_DOWN_ERROR);
      const { page, context } = await scenario.open();
      await recordWrites(context);
      await signIn(page, EMAIL, PASSWORD);
      for (const [, id] of diagrams) {
        await page.goto(`/d/${id}`);
        // The editor has started (its status line speaks); Back within 0.2 s.
        await page.waitForFunction(() => document.getElementById("editor-status")?.dataset.status);
        await page.waitForTimeout(100);
        await page.goBack();
      }
      for (const [at, [, id]] of diagrams.entries()) {
        await page.goto(`/d/${id}`);
        await waitForStatus(page, collabRunning ? "live" : "connecting");
        await lookAround(page, at === 0 ? LONG_LOOK_MS : SHORT_LOOK_MS);
        await page.goBack();
      }
      // A save sent as the page was left, or a room's flush, would have landed by now.
      await page.waitForTimeout(3 * FLUSH_MS);
      writes = await recordedWrites(page);
    });
    const after = await Promise.all(diagrams.map(([, id]) => standing(id)));
    for (const [at, [kind]] of diagrams.entries()) {
      assert.deepEqual(after[at], before[at], `the diagram made by ${kind} is unchanged`);
    }
    assert.deepEqual(writes, [], "the pages asked to write nothing");
  }

  try {
    collab = await startCollab(setup.diagram, collabEnv, collabDir);
    await t.step("with the collab server running", () => openLookAndLeave(true));
    await collab.stop();
    collab = null;
    await t.step("with the collab server down", () => openLookAndLeave(false));
  } finally {
    await browser.close();
    await collab?.stop();
    await Deno.remove(collabDir, { recursive: true });
  }
});
