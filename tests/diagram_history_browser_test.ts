// History and trash in real headless Chromium against a real diagram service on loopback, as a
// person uses them: an agent's change undone from the history page (the preview says what the
// restore brings back, the gallery's thumbnail shows the old drawing again), a diagram deleted
// from its card waiting in the trash and coming back to its collection, one deleted for good, and
// a restore with the keyboard alone.
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { DiagramInstance } from "./helpers/diagram_instance.ts";
import {
  navigates,
  pageScenariosWithoutCollab,
  pathOf,
  signIn,
} from "./helpers/gallery_browser.ts";
import { connectClient } from "./helpers/mcp_client.ts";
import { fileWithNote } from "./helpers/scene_fixture.ts";

const PASSWORD = "correct horse battery";

interface Person {
  email: string;
  api(method: string, path: string, body?: unknown): Promise<Response>;
  token(): Promise<string>;
}

let people = 0;

async function newPerson(instance: DiagramInstance): Promise<Person> {
  const email = `historian${++people}@example.com`;
  const reset = await instance.admin("reset-password", email, PASSWORD, "--new-account");
  assert.equal(reset.code, 0, reset.stderr);
  const cookie = await instance.login(email, PASSWORD);
  return {
    email,
    api: (method, path, body) =>
      fetch(new URL(path, instance.origin), {
        method,
        headers: { cookie, origin: instance.origin, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    async token() {
      const created = await instance.admin("create-token", email, "agent");
      assert.equal(created.code, 0, created.stderr);
      return created.stdout.trim().split("\n").at(-1)!;
    },
  };
}

async function json(response: Promise<Response>): Promise<Record<string, string>> {
  const answer = await response;
  assert.ok(answer.ok, `${answer.status} ${await answer.clone().text()}`);
  return await answer.json();
}

/** The gallery card's thumbnail as the browser loads it: its SVG text, once it has drawn. */
async function cardThumbnail(page: Page, diagramId: string): Promise<string> {
  const image = page.locator(`li.card[data-diagram-id="${diagramId}"] img`);
  await image.scrollIntoViewIfNeeded();
  // deno-lint-ignore no-explicit-any
  await image.evaluate((img: any) => img.decode());
  const response = await page.request.get(await image.getAttribute("src") ?? "");
  assert.equal(response.status(), 200);
  return await response.text();
}

Deno.test("history and trash in headless Chromium", async (t) => {
  await using pages = await pageScenariosWithoutCollab(t);
  const { instance, base, scenario } = pages;

  await scenario(
    "an agent's change is undone from the history page, and the gallery shows the old drawing again",
    async (s) => {
      const person = await newPerson(instance);
      // Drawn in the editor: a new diagram, then the editor's save.
      const diagram = await json(person.api("POST", "/api/diagrams", { name: "Launch plan" }));
      await json(person.api("PUT", `/api/diagrams/${diagram.id}`, {
        file: fileWithNote("Hand-drawn launch plan"),
      }));
      const original = await json(person.api("GET", `/api/diagrams/${diagram.id}`));
      await using mcp = await connectClient(new URL("/mcp", base), {
        authorization: `Bearer ${await person.token()}`,
      });
      const update = await mcp.call("update_diagram", {
        id: diagram.id,
        spec: { layout: "LR", nodes: [{ id: "x", label: "Agent box" }], edges: [] },
      });
      assert.equal(update.isError, false, update.text);
      const { page } = await s.open();
      await signIn(page, person.email, PASSWORD);
      assert.match(await cardThumbnail(page, diagram.id), /Agent box/);

      const menu = page.locator(`li.card[data-diagram-id="${diagram.id}"] details.menu`);
      await menu.locator("summary").click();
      assert.equal(
        await navigates(page, () => menu.getByRole("link", { name: "History" }).click()),
        `/d/${diagram.id}/history`,
      );
      const rows = page.locator("ol.revisions > li");
      assert.deepEqual(await rows.locator("h2").allInnerTexts(), [
        "Current · revision 3",
        "Revision 2",
        "Revision 1",
      ]);
      assert.match(await rows.nth(0).innerText(), /By an agent through MCP/);
      assert.match(await rows.nth(1).innerText(), /By a person in the editor, .* · 1 element/);
      assert.match(await rows.nth(2).innerText(), /By a person in the editor, .* · 0 elements/);

      assert.equal(
        await navigates(page, () => page.getByRole("link", { name: "Preview revision 2" }).click()),
        `/d/${diagram.id}/history/2`,
      );
      const changes = await page.locator("ul.changes").innerText();
      assert.match(changes, /remove \d+ elements?:[\s\S]*“Agent box”/);
      const previews = page.locator(".compare img");
      assert.equal(await previews.count(), 2);
      for (const preview of await previews.all()) {
        // deno-lint-ignore no-explicit-any
        assert.ok(await preview.evaluate((img: any) => img.decode().then(() => img.naturalWidth)));
      }

      const restore = page.getByRole("button", { name: "Restore revision 2" });
      assert.equal(
        await navigates(page, () => restore.click()),
        `/d/${diagram.id}/history?restored=2&replaced=3`,
      );
      assert.match(
        await page.getByRole("status").innerText(),
        /Revision 2 is current again\. What it replaced is kept as revision 3: restore that to undo\./,
      );
      assert.match(
        await rows.nth(0).innerText(),
        /Current · revision 4\s+By a restore from history/,
      );

      await page.goto("/");
      const thumbnail = await cardThumbnail(page, diagram.id);
      assert.match(thumbnail, /Hand-drawn launch plan/);
      assert.doesNotMatch(thumbnail, /Agent box/);
      const stored = await json(person.api("GET", `/api/diagrams/${diagram.id}`));
      assert.deepEqual(stored.file, original.file);
    },
  );

  await scenario(
    "a diagram deleted from its card waits in the trash and comes back to its collection; one deleted for good is gone",
    async (s) => {
      const person = await newPerson(instance);
      const folder = await json(person.api("POST", "/api/collections", { name: "Projects" }));
      const kept = await json(person.api("POST", "/api/diagrams", {
        name: "Roadmap",
        collectionId: folder.id,
      }));
      const doomed = await json(person.api("POST", "/api/diagrams", { name: "Scratch" }));
      const { page } = await s.open();
      await signIn(page, person.email, PASSWORD);
      await page.goto(`/c/${folder.id}`);

      const menu = page.locator(`li.card[data-diagram-id="${kept.id}"] details.menu`);
      await menu.locator("summary").click();
      await navigates(page, () => menu.getByRole("link", { name: "Delete…" }).click());
      assert.match(await page.locator("main").innerText(), /moves to the trash/);
      assert.equal(
        await navigates(page, () => page.getByRole("button", { name: "Delete" }).click()),
        `/c/${folder.id}?deleted=${kept.id}`,
      );
      assert.equal(await page.locator("li.card").count(), 0);

      await navigates(page, () => page.getByRole("link", { name: "Trash" }).click());
      assert.equal(pathOf(page), "/trash");
      const trashed = page.locator("li.card");
      assert.equal(await trashed.count(), 1);
      assert.match(await trashed.innerText(), /Roadmap\s+from Projects\s+deleted just now/);
      assert.equal(
        await navigates(page, () => page.getByRole("button", { name: "Restore Roadmap" }).click()),
        `/trash?restored=${kept.id}`,
      );
      assert.match(
        await page.getByRole("status").innerText(),
        /“Roadmap” is back in its collection/,
      );
      assert.match(await page.locator("p.empty").innerText(), /The trash is empty/);
      await page.goto(`/c/${folder.id}`);
      assert.equal(await page.locator(`li.card[data-diagram-id="${kept.id}"]`).count(), 1);

      assert.equal((await person.api("DELETE", `/api/diagrams/${doomed.id}`)).status, 204);
      await page.goto("/trash");
      await navigates(
        page,
        () => page.getByRole("link", { name: "Delete for good… Scratch" }).click(),
      );
      assert.match(await page.locator("h1").innerText(), /Delete “Scratch” for good\?/);
      assert.equal(
        await navigates(page, () => page.getByRole("button", { name: "Delete for good" }).click()),
        "/trash?deleted=Scratch",
      );
      assert.match(await page.getByRole("status").innerText(), /“Scratch” was deleted for good/);
      assert.equal((await person.api("GET", `/api/diagrams/${doomed.id}`)).status, 404);
      assert.equal((await person.api("POST", `/api/trash/${doomed.id}/restore`)).status, 404);
    },
  );

  await scenario("a revision is restored with the keyboard alone", async (s) => {
    const person = await newPerson(instance);
    const diagram = await json(person.api("POST", "/api/diagrams", {
      name: "Keys",
      file: fileWithNote("first words"),
    }));
    const saved = await person.api("PUT", `/api/diagrams/${diagram.id}`, {
      file: fileWithNote("second words"),
    });
    assert.equal(saved.status, 200);
    const { page } = await s.open();
    await signIn(page, person.email, PASSWORD);
    await page.goto(`/d/${diagram.id}/history`);
    for (let presses = 0; presses < 20; presses++) {
      await page.keyboard.press("Tab");
      // deno-lint-ignore no-explicit-any
      const label = await page.evaluate(() => (globalThis as any).document.activeElement.innerText);
      if (/^Restore/.test(label ?? "")) break;
    }
    assert.equal(
      await navigates(page, () => page.keyboard.press("Enter")),
      `/d/${diagram.id}/history?restored=1&replaced=2`,
    );
    const stored = await json(person.api("GET", `/api/diagrams/${diagram.id}`));
    assert.equal(
      (stored.file as unknown as { elements: { text: string }[] }).elements[0].text,
      "first words",
    );
  });
});
