// The MCP App view with a real host in Chromium: a chat page built on ext-apps' AppBridge gets
// ui://diagram/view.html from the real diagram service over MCP, loads it in a sandbox proxy on
// another origin under the CSP the spec prescribes for its declared domains, and forwards the
// view's tool calls to the service with a real access token. Every scenario fails on a request
// off loopback, a CSP refusal or a script error (gallery_browser.ts's Scenario).
import assert from "node:assert/strict";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { Frame } from "playwright-core";
import { pageScenariosWithoutCollab } from "./helpers/gallery_browser.ts";
import { connectClient, type Json, type McpTestClient } from "./helpers/mcp_client.ts";
import {
  type AppHost,
  openAppHost,
  startHostServers,
  STATELESS_GET_REFUSED,
  type ViewResource,
} from "./helpers/mcp_app_host.ts";

// The view's DOM, loosely typed (see diagram_gallery_browser_test.ts).
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare function getComputedStyle(element: Dom): Dom;

const EMAIL = "chatter@example.com";
const PASSWORD = "correct horse battery";
const VIEW_URI = "ui://diagram/view.html";

/** A 100-node service map: every label short enough to stay on one line. */
function hundredNodes() {
  const nodes = Array.from({ length: 100 }, (_, i) => ({ id: `s${i}`, label: `Service ${i}` }));
  const edges = nodes.slice(1).map((node, i) => ({ from: `s${Math.floor(i / 3)}`, to: node.id }));
  return { layout: "TB", nodes, edges };
}

const SMALL = {
  layout: "LR",
  nodes: [
    { id: "web", label: "Web app" },
    { id: "api", label: "Orders API", shape: "rounded" },
    { id: "db", label: "Orders DB", shape: "cylinder" },
  ],
  edges: [{ from: "web", to: "api", label: "HTTPS" }, { from: "api", to: "db" }],
};

async function call(mcp: McpTestClient, name: string, args: Record<string, unknown>) {
  const result = await mcp.client.callTool({ name, arguments: args }) as CallToolResult;
  assert.notEqual(result.isError, true, JSON.stringify(result.content));
  return result;
}

/** The text the view's drawing shows, label by label. */
function drawnTexts(view: Frame): Promise<string[]> {
  return view.locator("#drawing svg text").evaluateAll((texts: Dom[]) =>
    texts.map((text) => (text.textContent ?? "").trim())
  );
}

async function waitForRevision(view: Frame, revision: number) {
  await view.locator(`html[data-revision="${revision}"][data-shown-at]`).waitFor();
}

/** Writes `text` with Excalidraw's text tool at a point of the page, then leaves the text box. */
async function writeText(host: AppHost, at: { x: number; y: number }, text: string) {
  const { page, view } = host;
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press("t");
  await page.mouse.click(at.x, at.y);
  await view.locator("textarea.excalidraw-wysiwyg").waitFor();
  await page.keyboard.type(text);
  await page.keyboard.press("Escape");
}

Deno.test("the diagram view in a real MCP Apps host", async (t) => {
  await using pages = await pageScenariosWithoutCollab(t);
  const { instance } = pages;
  assert.equal((await instance.admin("reset-password", EMAIL, PASSWORD)).code, 0);
  const token = (await instance.admin("create-token", EMAIL, "chat")).stdout.trim().split("\n")
    .at(-1)!;
  const access = { mcpUrl: new URL("/mcp", pages.base), token };
  await using mcp = await connectClient(access.mcpUrl, { authorization: `Bearer ${token}` });
  await using servers = await startHostServers();
  const read = await mcp.client.readResource({ uri: VIEW_URI });
  const content = read.contents[0] as Json;
  const resource: ViewResource = { html: content.text, csp: content._meta.ui.csp };
  assert.deepEqual(resource.csp.resourceDomains, [pages.base]);

  await pages.scenario(
    "the view draws every label of a 100-node diagram within 1 s of the tool result",
    async (scenario) => {
      const spec = hundredNodes();
      const input = { name: "Hundred services", spec };
      const result = await call(mcp, "create_diagram", input);
      scenario.expectConsoleErrors(STATELESS_GET_REFUSED);
      const session = await scenario.open();
      const host = await openAppHost(session.page, servers, access, resource);
      const sent = await host.showToolResult(input, result);
      await waitForRevision(host.view, 1);
      const shownAt = Number(await host.view.locator("html").getAttribute("data-shown-at"));
      const elapsed = shownAt - sent;
      console.log(`the view showed 100 nodes ${elapsed.toFixed(0)} ms after the tool result`);
      assert.ok(elapsed < 1000, `shown after ${elapsed} ms`);
      const texts = await drawnTexts(host.view);
      for (const node of spec.nodes) assert.ok(texts.includes(node.label), node.label);
      // In Excalidraw's own hand-drawn font, from our origin, as the editor draws them.
      await host.view.waitForFunction(() =>
        [...document.fonts].some((face: Dom) =>
          face.family === "Excalifont" && face.status === "loaded"
        )
      );
      assert.equal(await host.view.locator("#name").textContent(), "Hundred services");
      assert.equal(await host.view.locator("#revision").textContent(), "revision 1");
      // The view read the diagram through the host with the app-only tool, nothing else.
      const calls = (await host.events("tools/call")).map((event) => (event.params as Json).name);
      assert.deepEqual(calls, ["app_read_diagram"]);
    },
  );

  await pages.scenario(
    "Open in the gallery reaches the host as ui/open-link with the diagram's URL",
    async (scenario) => {
      const result = await call(mcp, "create_diagram", { name: "Linked", spec: SMALL });
      const { id, url } = result.structuredContent as Json;
      assert.equal(url, `${pages.base}/d/${id}`);
      scenario.expectConsoleErrors(STATELESS_GET_REFUSED);
      const session = await scenario.open();
      const host = await openAppHost(session.page, servers, access, resource);
      await host.showToolResult({ name: "Linked", spec: SMALL }, result);
      await waitForRevision(host.view, 1);
      await host.view.getByRole("button", { name: "Open in the gallery" }).click();
      const opened = await host.waitForEvent("ui/open-link");
      assert.deepEqual(opened.params, { url });
    },
  );

  await pages.scenario(
    "a full-screen edit saved through the app-only tool raises the revision, reaches get_diagram and the history page, and tells the model",
    async (scenario) => {
      const result = await call(mcp, "create_diagram", { name: "Edited in chat", spec: SMALL });
      const { id } = result.structuredContent as Json;
      scenario.expectConsoleErrors(STATELESS_GET_REFUSED);
      const session = await scenario.open();
      const host = await openAppHost(session.page, servers, access, resource);
      await host.showToolResult({ name: "Edited in chat", spec: SMALL }, result);
      await waitForRevision(host.view, 1);

      await host.view.getByRole("button", { name: "Edit" }).click();
      const asked = await host.waitForEvent("ui/request-display-mode");
      assert.deepEqual(asked.params, { mode: "fullscreen" });
      assert.equal(await host.displayMode(), "fullscreen");
      await host.view.locator(".excalidraw canvas.interactive").waitFor();
      await host.view.locator("#editing-status", { hasText: "Editing revision 1" }).waitFor();
      // Excalidraw drew the stored file: its three labels are in the scene.
      await writeText(host, { x: 160, y: 640 }, "Added in chat");
      const save = host.view.getByRole("button", { name: "Save" });
      assert.equal(await save.isEnabled(), true);
      await save.click();
      await host.view.locator("#editing-status", { hasText: "Saved as revision 2" }).waitFor();

      const told = await host.waitForEvent("ui/update-model-context");
      const context = told.params as Json;
      assert.match(context.content[0].text, /saved it as revision 2 \(it was revision 1\)/);
      assert.match(context.content[0].text, /get_diagram \{"id": "[^"]+"\}/);
      assert.deepEqual(context.structuredContent, {
        id,
        revision: 2,
        replacedRevision: 1,
        url: `${pages.base}/d/${id}`,
      });

      const read = await call(mcp, "get_diagram", { id });
      const readBack = read.structuredContent as Json;
      assert.equal(readBack.revision, 2);
      assert.deepEqual(readBack.notExpressed, ["1 free text element(s)"]);
      const stored = (await call(mcp, "app_read_diagram", { id })).structuredContent as Json;
      assert.ok(stored.file.elements.some((element: Json) => element.text === "Added in chat"));
      const cookie = await instance.login(EMAIL, PASSWORD);
      const history = await (await fetch(new URL(`/d/${id}/history`, instance.url), {
        headers: { cookie },
      })).text();
      assert.match(
        history,
        /class="made-by source-app">By the diagram view in a chat client, with token chat</,
      );

      await host.view.getByRole("button", { name: "Close" }).click();
      await waitForRevision(host.view, 2);
      assert.equal(await host.displayMode(), "inline");
      assert.ok((await drawnTexts(host.view)).includes("Added in chat"));
    },
  );

  for (const sdk of ["1.x", "2.x"] as const) {
    await pages.scenario(
      `a save over a revision changed meanwhile is refused, reported in the view of an SDK ${sdk} host, and saves nothing`,
      async (scenario) => {
        const result = await call(mcp, "create_diagram", { name: "Raced", spec: SMALL });
        const { id } = result.structuredContent as Json;
        scenario.expectConsoleErrors(STATELESS_GET_REFUSED);
        const session = await scenario.open();
        const host = await openAppHost(session.page, servers, access, resource, { sdk });
        await host.showToolResult({ name: "Raced", spec: SMALL }, result);
        await waitForRevision(host.view, 1);
        await host.view.getByRole("button", { name: "Edit" }).click();
        await host.view.locator("#editing-status", { hasText: "Editing revision 1" }).waitFor();
        // The agent changes the diagram while the person edits revision 1.
        await call(mcp, "update_diagram", {
          id,
          patch: { updateNodes: [{ id: "db", label: "PG" }] },
        });
        await writeText(host, { x: 160, y: 640 }, "Too late");
        await host.view.getByRole("button", { name: "Save" }).click();
        const status = host.view.locator("#editing-status.problem");
        await status.waitFor();
        assert.match(await status.textContent() ?? "", /changed since you opened it .*revision 2/);
        assert.equal(await host.view.getByRole("button", { name: "Reload" }).isVisible(), true);
        assert.deepEqual(await host.events("ui/update-model-context"), []);
        const after = (await call(mcp, "get_diagram", { id })).structuredContent as Json;
        assert.equal(after.revision, 2);
        assert.ok(!JSON.stringify(after).includes("Too late"));

        // Reload brings revision 2 into the editor; the edit made over revision 1 is gone.
        await host.view.getByRole("button", { name: "Reload" }).click();
        await host.view.locator("#editing-status", { hasText: "Revision 2, reloaded" }).waitFor();
      },
    );
  }

  await pages.scenario(
    "a host without full screen: Edit opens the editor inline, as tall as the host allows",
    async (scenario) => {
      const result = await call(mcp, "create_diagram", { name: "Inline edit", spec: SMALL });
      scenario.expectConsoleErrors(STATELESS_GET_REFUSED);
      const session = await scenario.open();
      const host = await openAppHost(session.page, servers, access, resource, {
        fullscreen: false,
      });
      await host.showToolResult({ name: "Inline edit", spec: SMALL }, result);
      await waitForRevision(host.view, 1);
      await host.view.getByRole("button", { name: "Edit" }).click();
      await host.view.locator("#editing-status", { hasText: "Editing revision 1" }).waitFor();
      assert.deepEqual(await host.events("ui/request-display-mode"), []);
      assert.equal(await host.displayMode(), "inline");
      // The view asked for the host's 600 px, and the editor has them.
      await host.page.waitForFunction(() =>
        document.getElementById("view").getBoundingClientRect().height >= 590
      );
      const canvas = await host.view.locator(".excalidraw canvas.interactive").boundingBox();
      assert.ok(canvas!.height > 450, `the editor is ${canvas!.height} px tall`);
      await host.view.getByRole("button", { name: "Close" }).click();
      await host.view.locator("#inline").waitFor();
    },
  );

  await pages.scenario(
    "the view follows the host's light and dark theme, and changes when it changes",
    async (scenario) => {
      const result = await call(mcp, "create_diagram", { name: "Themed", spec: SMALL });
      scenario.expectConsoleErrors(STATELESS_GET_REFUSED);
      const session = await scenario.open();
      const host = await openAppHost(session.page, servers, access, resource, { theme: "dark" });
      await host.showToolResult({ name: "Themed", spec: SMALL }, result);
      await waitForRevision(host.view, 1);
      const theme = () => host.view.locator("html").getAttribute("data-theme");
      const stage = () =>
        host.view.locator("#stage").evaluate((element: Dom) =>
          getComputedStyle(element).backgroundColor
        );
      assert.equal(await theme(), "dark");
      assert.equal(await stage(), "rgb(18, 18, 18)");
      await host.setTheme("light");
      await host.view.locator('html[data-theme="light"]').waitFor();
      assert.equal(await stage(), "rgb(255, 255, 255)");
    },
  );

  await pages.scenario(
    "the keyboard reaches the zoom controls, Open in the gallery and Edit, with a visible focus, and moves the drawing",
    async (scenario) => {
      const result = await call(mcp, "create_diagram", { name: "Keyed", spec: SMALL });
      scenario.expectConsoleErrors(STATELESS_GET_REFUSED);
      const session = await scenario.open();
      const host = await openAppHost(session.page, servers, access, resource);
      await host.showToolResult({ name: "Keyed", spec: SMALL }, result);
      await waitForRevision(host.view, 1);
      await host.view.locator("body").focus();
      const reached: string[] = [];
      for (let press = 0; press < 6; press++) {
        await host.page.keyboard.press("Tab");
        const focused = await host.view.evaluate(() => {
          const element = document.activeElement;
          return {
            id: element.id,
            outline: getComputedStyle(element).outlineStyle,
            width: getComputedStyle(element).outlineWidth,
          };
        });
        assert.equal(focused.outline, "solid", `${focused.id} shows its focus`);
        assert.notEqual(focused.width, "0px", `${focused.id} shows its focus`);
        reached.push(focused.id);
      }
      assert.deepEqual(reached, ["zoom-out", "zoom-fit", "zoom-in", "open", "edit", "stage"]);

      const transform = () =>
        host.view.locator("#drawing").evaluate((element: Dom) => element.style.transform);
      const fitted = await transform();
      await host.page.keyboard.press("+");
      const zoomed = await transform();
      assert.notEqual(zoomed, fitted);
      await host.page.keyboard.press("ArrowLeft");
      assert.notEqual(await transform(), zoomed);
      await host.page.keyboard.press("0");
      assert.equal(await transform(), fitted);
      // The pointer too: a drag moves it, the wheel zooms.
      const box = (await host.view.locator("#stage").boundingBox())!;
      const page = host.page;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 20, { steps: 4 });
      await page.mouse.up();
      const dragged = await transform();
      assert.notEqual(dragged, fitted);
      await page.mouse.wheel(0, -200);
      assert.notEqual(await transform(), dragged);
    },
  );
});
