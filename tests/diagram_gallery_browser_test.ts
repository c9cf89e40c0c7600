// The diagram service's pages in real headless Chromium against a real service on loopback, as a
// person uses them: sign in (and back to the page first asked for), collections, a diagram's
// actions from its page and its card, drag and drop, search, import and export, access tokens,
// changing the password, and the keyboard alone. Every scenario checks that its browser asked
// nothing but 127.0.0.1 and that the CSP refused nothing; a failed one leaves a screenshot in
// tests/.failures/.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Locator, Page } from "playwright-core";
import type { DiagramInstance } from "./helpers/diagram_instance.ts";
import {
  fillSignIn,
  navigates,
  pageScenariosWithoutCollab,
  pathOf,
  signIn,
} from "./helpers/gallery_browser.ts";
import { connectClient } from "./helpers/mcp_client.ts";
import { fileWithNote } from "./helpers/scene_fixture.ts";
import { mermaidToSpec } from "../diagram/drawing/mermaid/from_mermaid.ts";

// The page's DOM, loosely typed: the functions below run in Chromium, and `deno check` must not
// load the DOM library for the whole program (its stream types clash with Deno's own).
// deno-lint-ignore no-explicit-any
type Dom = any;
declare const document: Dom;
declare const getComputedStyle: Dom;

const PASSWORD = "correct horse battery";
const ID = "[A-Za-z0-9_-]+";

/** A person with an account of their own, so that scenarios never see each other's diagrams. */
interface Person {
  email: string;
  password: string;
  /** A REST call with this person's session cookie, from our own origin; the JSON answer. */
  api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>;
}

let people = 0;

async function newPerson(instance: DiagramInstance): Promise<Person> {
  const email = `person${++people}@example.com`;
  // The service is meant for one person; the operator command adds more on purpose.
  const reset = await instance.admin("reset-password", email, PASSWORD, "--new-account");
  assert.equal(reset.code, 0, reset.stderr);
  const cookie = await instance.login(email, PASSWORD);
  return {
    email,
    password: PASSWORD,
    async api(method, path, body) {
      const response = await fetch(new URL(path, instance.origin), {
        method,
        headers: { cookie, origin: instance.origin, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
      return text === "" ? {} : JSON.parse(text);
    },
  };
}

/** The MCP SDK's error for an HTTP 401 answer (it keeps the status, not in its message). */
function isUnauthorized(error: unknown): boolean {
  const status = (error as { data?: { status?: number } }).data?.status;
  if (status !== 401) throw error;
  return true;
}

function card(page: Page, diagramId: string): Locator {
  return page.locator(`li.card[data-diagram-id="${diagramId}"]`);
}

/** The cards whose name is exactly `name`. */
function cardsNamed(page: Page, name: string): Locator {
  return page.locator("li.card").filter({
    has: page.locator(".name").getByText(name, { exact: true }),
  });
}

async function heading(page: Page): Promise<string> {
  return (await page.getByRole("heading", { level: 1 }).innerText()).trim();
}

/** The name in the editor's bar, where it is renamed in place. */
function diagramName(page: Page): Promise<string> {
  return page.getByLabel("Name", { exact: true }).inputValue();
}

function breadcrumbs(page: Page): Promise<string[]> {
  return page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link").allInnerTexts();
}

/** Opens a card's Actions menu with the mouse. */
async function openActions(page: Page, diagramId: string): Promise<Locator> {
  const menu = card(page, diagramId).locator("details.menu");
  await menu.locator("summary").click();
  await card(page, diagramId).locator("details.menu[open]").waitFor();
  return menu;
}

/** What the focused element is, and how its focus shows. */
interface Focused {
  tag: string;
  text: string;
  isCardLink: boolean;
  diagramId: string | null;
  focusVisible: boolean;
  outlineStyle: string;
  outlineWidth: string;
  /** Wholly inside the viewport, where a person can see it. */
  onScreen: boolean;
}

function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const viewport = document.documentElement;
    const text = element.innerText || element.labels?.[0]?.innerText || "";
    return {
      tag: element.tagName.toLowerCase(),
      text: text.trim().replace(/\s+/g, " "),
      isCardLink: element.matches("li.card > a"),
      diagramId: element.closest("li.card")?.dataset.diagramId ?? null,
      focusVisible: element.matches(":focus-visible"),
      outlineStyle: style.outlineStyle,
      outlineWidth: style.outlineWidth,
      onScreen: box.width > 0 && box.height > 0 && box.top >= 0 && box.left >= 0 &&
        box.bottom <= viewport.clientHeight && box.right <= viewport.clientWidth,
    };
  });
}

/** The focus can be seen: the :focus-visible ring, a drawn outline of some width. */
function assertFocusShows(stop: Focused, where: string) {
  const label = `${where}: <${stop.tag}> “${stop.text}”`;
  assert.ok(stop.focusVisible, `${label} is not :focus-visible`);
  assert.notEqual(stop.outlineStyle, "none", `${label} has no outline`);
  assert.ok(parseFloat(stop.outlineWidth) > 0, `${label} has a ${stop.outlineWidth} outline`);
  assert.ok(stop.onScreen, `${label} is focused off screen`);
}

/** Presses Tab until `until` holds, checking every stop on the way; returns the stops. */
async function tabUntil(
  page: Page,
  until: (stop: Focused) => boolean,
  limit = 80,
): Promise<Focused[]> {
  const stops: Focused[] = [];
  for (let press = 1; press <= limit; press++) {
    await page.keyboard.press("Tab");
    const stop = await focused(page);
    assertFocusShows(stop, `Tab stop ${press}`);
    stops.push(stop);
    if (until(stop)) return stops;
  }
  throw new Error(`${limit} presses of Tab never got there: ${stops.map((s) => s.text)}`);
}

Deno.test("the diagram pages in headless Chromium", async (t) => {
  await using pages = await pageScenariosWithoutCollab(t);
  const { instance, base, scenario } = pages;

  await scenario("signing in through the login form lands on the gallery", async (s) => {
    const person = await newPerson(instance);
    const { page } = await s.open();
    await page.goto("/");
    assert.equal(pathOf(page), "/login?next=%2F");
    assert.equal(await heading(page), "Sign in");
    assert.equal(await navigates(page, () => fillSignIn(page, person.email, person.password)), "/");
    assert.equal(await heading(page), "All diagrams");
    const account = page.getByRole("navigation", { name: "Account" });
    assert.equal(await account.getByRole("link", { name: person.email }).count(), 1);
    assert.equal(await page.getByText("No diagrams yet.").count(), 1);
  });

  await scenario("a wrong password says so and keeps the email in the field", async (s) => {
    // The refused sign-in answers 401, which Chromium logs.
    s.expectConsoleErrors(/status of 401 \(Unauthorized\) \(http:\/\/127\.0\.0\.1:\d+\/login\)/);
    const person = await newPerson(instance);
    const { page } = await s.open();
    await page.goto("/login");
    const path = await navigates(page, () => fillSignIn(page, person.email, "not the password"));
    assert.equal(path, "/login");
    assert.equal(await page.getByRole("alert").innerText(), "Wrong email or password.");
    assert.equal(await page.getByLabel("Email", { exact: true }).inputValue(), person.email);
    assert.equal(await page.getByLabel("Password", { exact: true }).inputValue(), "");
    // The kept email is enough: the right password alone now signs in.
    await page.getByLabel("Password", { exact: true }).fill(person.password);
    const signedIn = await navigates(
      page,
      () => page.getByRole("button", { name: "Sign in" }).click(),
    );
    assert.equal(signedIn, "/");
  });

  await scenario(
    "a signed-out visit goes through the login form and back to the page; next= cannot leave the site",
    async (s) => {
      const person = await newPerson(instance);
      const plans = await person.api("POST", "/api/collections", { name: "Secret plans" });

      const account = (await s.open()).page;
      await account.goto("/account");
      assert.equal(pathOf(account), "/login?next=%2Faccount");
      const back = await navigates(
        account,
        () => fillSignIn(account, person.email, person.password),
      );
      assert.equal(back, "/account");
      assert.equal(await heading(account), "Account");

      const collection = (await s.open()).page;
      await collection.goto(`/c/${plans.id}`);
      assert.equal(pathOf(collection), `/login?next=${encodeURIComponent(`/c/${plans.id}`)}`);
      const there = await navigates(
        collection,
        () => fillSignIn(collection, person.email, person.password),
      );
      assert.equal(there, `/c/${plans.id}`);
      assert.equal(await heading(collection), "Secret plans");

      const offsite = (await s.open()).page;
      await offsite.goto("/login?next=https://evil.example/");
      await navigates(offsite, () => fillSignIn(offsite, person.email, person.password));
      assert.equal(offsite.url(), `${base}/`);
      assert.equal(await heading(offsite), "All diagrams");
    },
  );

  await scenario(
    "collections nest with breadcrumbs and sidebar, rename, and a non-empty one deleted into its parent keeps its diagram",
    async (s) => {
      const person = await newPerson(instance);
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      const sidebar = page.getByRole("navigation", { name: "Collections" });

      await page.getByLabel("New collection", { exact: true }).fill("Parent");
      const parentPath = await navigates(
        page,
        () => page.getByRole("button", { name: "Create" }).click(),
      );
      assert.match(parentPath, new RegExp(`^/c/${ID}$`));
      const parentId = parentPath.slice("/c/".length);
      assert.equal(await heading(page), "Parent");

      await page.getByLabel("New collection inside", { exact: true }).fill("Child");
      const childPath = await navigates(
        page,
        () => page.getByRole("button", { name: "Create" }).click(),
      );
      assert.match(childPath, new RegExp(`^/c/${ID}$`));
      assert.notEqual(childPath, parentPath);
      const childId = childPath.slice("/c/".length);
      assert.equal(await heading(page), "Child");
      assert.deepEqual(await breadcrumbs(page), ["All diagrams", "Parent", "Child"]);
      const parentItem = sidebar.getByRole("listitem").filter({
        has: page.getByRole("link", { name: /^Parent\s*\d+$/ }),
      });
      assert.equal(
        await parentItem.getByRole("list").getByRole("link", { name: /^Child\s*\d+$/ }).count(),
        1,
        "the sidebar shows Child inside Parent's item",
      );
      assert.equal(
        await sidebar.getByRole("link", { name: /^Child/ }).getAttribute("aria-current"),
        "page",
      );

      const renameForm = await navigates(
        page,
        () => page.getByRole("main").getByRole("link", { name: "Rename…" }).click(),
      );
      assert.equal(renameForm, `/c/${childId}/rename`);
      assert.equal(await page.getByLabel("Name", { exact: true }).inputValue(), "Child");
      await page.getByLabel("Name", { exact: true }).fill("Drafts");
      const renamed = await navigates(
        page,
        () => page.getByRole("button", { name: "Rename" }).click(),
      );
      assert.equal(renamed, childPath);
      assert.equal(await heading(page), "Drafts");
      assert.deepEqual(await breadcrumbs(page), ["All diagrams", "Parent", "Drafts"]);
      assert.equal(await sidebar.getByRole("link", { name: /^Drafts\s*0$/ }).count(), 1);

      // A diagram inside it, so that the delete has something to move.
      const drawn = await navigates(
        page,
        () => page.getByRole("button", { name: "New diagram" }).click(),
      );
      assert.match(drawn, new RegExp(`^/d/${ID}$`));
      const diagramId = drawn.slice("/d/".length);
      assert.deepEqual(await breadcrumbs(page), ["All diagrams", "Parent", "Drafts"]);
      assert.equal(await diagramName(page), "Untitled diagram");
      await navigates(
        page,
        () =>
          page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Drafts" })
            .click(),
      );
      assert.equal(await card(page, diagramId).count(), 1);

      const confirm = await navigates(
        page,
        () => page.getByRole("main").getByRole("link", { name: "Delete…" }).click(),
      );
      assert.equal(confirm, `/c/${childId}/delete`);
      assert.equal(await heading(page), "Delete “Drafts”?");
      assert.match(await page.getByRole("group").innerText(), /It holds 1 diagram\./);
      const intoParent = page.getByRole("radio", { name: /^Into “Parent”/ });
      await intoParent.check();
      assert.equal(await intoParent.getAttribute("value"), "parent");
      const afterDelete = await navigates(
        page,
        () => page.getByRole("button", { name: "Delete the collection" }).click(),
      );
      assert.equal(afterDelete, parentPath);
      assert.equal(await heading(page), "Parent");
      assert.equal(await card(page, diagramId).count(), 1, "its diagram is now in Parent");
      assert.equal(await card(page, diagramId).getAttribute("data-collection"), parentId);
      assert.equal(await sidebar.getByRole("link", { name: /^Drafts/ }).count(), 0);
      assert.equal(await sidebar.getByRole("link", { name: /^Parent\s*1$/ }).count(), 1);

      // Nothing was deleted: the diagram still opens, now under Parent.
      await page.goto(`/d/${diagramId}`);
      assert.equal(await heading(page), "Untitled diagram");
      assert.deepEqual(await breadcrumbs(page), ["All diagrams", "Parent"]);
    },
  );

  await scenario(
    "a new diagram is renamed on its page, then moved, duplicated and deleted from its card's Actions menu",
    async (s) => {
      const person = await newPerson(instance);
      const archive = await person.api("POST", "/api/collections", { name: "Archive" });
      const { page } = await s.open();
      await signIn(page, person.email, person.password);

      const opened = await navigates(
        page,
        () => page.getByRole("button", { name: "New diagram" }).click(),
      );
      assert.match(opened, new RegExp(`^/d/${ID}$`));
      const id = opened.slice("/d/".length);
      assert.equal(await heading(page), "Untitled diagram");
      // The editor replaces the server's placeholder once it has loaded.
      await page.locator(".excalidraw canvas").first().waitFor();
      assert.equal(await page.getByText("Nothing is drawn yet.").count(), 0);

      // Renamed in place, in the editor's bar.
      await page.getByLabel("Name", { exact: true }).fill("Quarterly plan");
      // With the editor loaded the page stays: the name is saved over the REST API.
      await page.getByRole("button", { name: "Rename" }).click();
      await page.waitForFunction(() => document.title.startsWith("Quarterly plan"));
      assert.equal(pathOf(page), `/d/${id}`);
      assert.equal(await heading(page), "Quarterly plan");
      assert.equal(await diagramName(page), "Quarterly plan");

      await navigates(page, () => page.getByRole("link", { name: "All diagrams" }).first().click());
      assert.equal(pathOf(page), "/");
      assert.equal(await card(page, id).locator(".name").innerText(), "Quarterly plan");

      let menu = await openActions(page, id);
      const moveForm = await navigates(
        page,
        () => menu.getByRole("link", { name: "Move…" }).click(),
      );
      assert.equal(moveForm, `/d/${id}/move?back=%2F`);
      await page.getByLabel("Collection", { exact: true }).selectOption({ label: "Archive" });
      const moved = await navigates(page, () => page.getByRole("button", { name: "Move" }).click());
      assert.equal(moved, "/");
      assert.equal(await card(page, id).getAttribute("data-collection"), archive.id);
      assert.match(await card(page, id).innerText(), /in Archive/);

      menu = await openActions(page, id);
      const duplicated = await navigates(
        page,
        () => menu.getByRole("button", { name: "Duplicate" }).click(),
      );
      assert.equal(duplicated, "/");
      const copies = cardsNamed(page, "Quarterly plan (copy)");
      assert.equal(await copies.count(), 1);
      const copyId = await copies.getAttribute("data-diagram-id");
      assert.ok(copyId !== null && copyId !== id);

      menu = await openActions(page, id);
      const confirm = await navigates(
        page,
        () => menu.getByRole("link", { name: "Delete…" }).click(),
      );
      assert.equal(confirm, `/d/${id}/delete?back=%2F`);
      assert.equal(await heading(page), "Delete “Quarterly plan”?");
      const deleted = await navigates(
        page,
        () => page.getByRole("button", { name: "Delete", exact: true }).click(),
      );
      assert.equal(deleted, `/?deleted=${id}`);
      assert.equal(await card(page, id).count(), 0, "the deleted diagram's card is gone");
      assert.equal(await card(page, copyId).count(), 1, "the copy stays");
      assert.equal(await cardsNamed(page, "Quarterly plan (copy)").count(), 1);
      // A deleted diagram's page answers 404, which Chromium logs.
      s.expectConsoleErrors(/status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/d\//);
      await page.goto(`/d/${id}`);
      assert.equal(await heading(page), "Diagram not found");
    },
  );

  await scenario(
    "a diagram deleted from its card is said to be in the trash, and Undo from the keyboard puts it back in its collection",
    async (s) => {
      const person = await newPerson(instance);
      const folder = await person.api("POST", "/api/collections", { name: "Projects" });
      const plan = await person.api("POST", "/api/diagrams", {
        name: "Roadmap",
        collectionId: folder.id,
      });
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      await page.goto(`/c/${folder.id}`);

      const menu = await openActions(page, plan.id as string);
      await navigates(page, () => menu.getByRole("link", { name: "Delete…" }).click());
      const deleted = await navigates(
        page,
        () => page.getByRole("button", { name: "Delete", exact: true }).click(),
      );
      assert.equal(deleted, `/c/${folder.id}?deleted=${plan.id}`);
      assert.equal(await card(page, plan.id as string).count(), 0);
      const notice = page.getByRole("status").filter({ hasText: "moved to the trash" });
      assert.equal(
        (await notice.innerText()).replace(/\s+/g, " ").trim(),
        "“Roadmap” moved to the trash. Undo",
      );
      // The focus is on the notice (a screen reader reads it), so Undo is the next Tab stop.
      assert.ok(await notice.evaluate((element: Dom) => element === document.activeElement));
      await page.keyboard.press("Tab");
      const undo = await focused(page);
      assertFocusShows(undo, "Undo");
      assert.deepEqual([undo.tag, undo.text], ["button", "Undo"]);

      const undone = await navigates(page, () => page.keyboard.press("Enter"));
      assert.equal(undone, `/c/${folder.id}?restored=${plan.id}`);
      assert.equal(await card(page, plan.id as string).count(), 1, "back in its collection");
      assert.equal(
        await page.getByRole("status").filter({ hasText: "is back" }).innerText(),
        "“Roadmap” is back in its collection.",
      );
      assert.deepEqual((await person.api("GET", "/api/trash")).diagrams, []);
      await page.goto("/trash");
      assert.match(await page.locator("p.empty").innerText(), /The trash is empty/);
    },
  );

  await scenario(
    "dragging a card onto a collection in the sidebar moves the diagram there",
    async (s) => {
      const person = await newPerson(instance);
      const inbox = await person.api("POST", "/api/collections", { name: "Inbox" });
      const diagram = await person.api("POST", "/api/diagrams", { name: "Drag me" });
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      const sidebar = page.getByRole("navigation", { name: "Collections" });
      const target = sidebar.getByRole("link", { name: /^Inbox\s*\d+$/ });
      assert.equal(await target.getAttribute("href"), `/c/${inbox.id}`);
      assert.match(await target.innerText(), /^Inbox\s*0$/);
      const status = page.locator("#moved");
      assert.equal(await status.isHidden(), true);

      await card(page, diagram.id as string).dragTo(target);
      await status.filter({ hasText: "Moved" }).waitFor();
      assert.equal(await status.innerText(), "Moved Drag me to Inbox.");
      assert.equal(await status.getAttribute("class"), "message notice");
      assert.match(await target.innerText(), /^Inbox\s*1$/);
      assert.equal(
        await card(page, diagram.id as string).getAttribute("data-collection"),
        inbox.id,
      );

      const inboxPage = await navigates(page, () => target.click());
      assert.equal(inboxPage, `/c/${inbox.id}`);
      assert.equal(await card(page, diagram.id as string).count(), 1);
      assert.equal(await card(page, diagram.id as string).locator(".name").innerText(), "Drag me");
    },
  );

  await scenario(
    "searching a prefix of a word only a node label holds finds the diagram and marks the word",
    async (s) => {
      const person = await newPerson(instance);
      const created = await instance.admin("create-token", person.email, "seed");
      assert.equal(created.code, 0, created.stderr);
      const token = created.stdout.trim().split("\n").at(-1)!;
      let diagramId: string;
      {
        await using agent = await connectClient(new URL("/mcp", base), {
          authorization: `Bearer ${token}`,
        });
        const answer = await agent.call("create_diagram", {
          name: "Trade routes",
          spec: {
            layout: "LR",
            nodes: [{ id: "port", label: "Zanzibar harbour" }, {
              id: "inland",
              label: "Warehouse",
            }],
            edges: [{ from: "port", to: "inland", label: "ships" }],
          },
        });
        assert.equal(answer.isError, false, answer.text);
        diagramId = answer.structured!.id;
      }
      const other = await person.api("POST", "/api/diagrams", { name: "Warehouse layout" });
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      assert.equal(await card(page, other.id as string).count(), 1);

      await page.getByLabel("Search diagrams").fill("zanz");
      const results = await navigates(
        page,
        () => page.getByLabel("Search diagrams").press("Enter"),
      );
      assert.equal(results, "/?q=zanz");
      const found = card(page, diagramId);
      assert.equal(await found.count(), 1);
      assert.deepEqual(await found.locator("mark").allInnerTexts(), ["Zanzibar"]);
      assert.equal(await found.locator(".name mark").count(), 0, "the name holds no such word");
      assert.equal(await card(page, other.id as string).count(), 0);
    },
  );

  await scenario(
    "an imported .excalidraw file downloads back byte for byte, and as an SVG with its text",
    async (s) => {
      const person = await newPerson(instance);
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      const note = "Crane schedule for pier 7";
      // Indented as Excalidraw saves it, with non-ASCII text: the export must hand back the
      // same bytes, not a re-serialised copy or escapes.
      const uploaded = new TextEncoder().encode(
        JSON.stringify({ ...fileWithNote(note), source: "Hafen Größe — Kai 7" }, null, 2),
      );

      await page.getByLabel("Import .excalidraw or Mermaid files").setInputFiles({
        name: "Harbour notes.excalidraw",
        mimeType: "application/json",
        buffer: Buffer.from(uploaded),
      });
      const imported = await navigates(
        page,
        () => page.getByRole("button", { name: "Import", exact: true }).click(),
      );
      assert.equal(imported, "/import");
      assert.equal(await page.getByRole("status").innerText(), "1 of 1 file(s) imported.");
      const opened = await navigates(
        page,
        () => page.getByRole("main").getByRole("link", { name: "Harbour notes" }).click(),
      );
      assert.match(opened, new RegExp(`^/d/${ID}$`));
      assert.equal(await heading(page), "Harbour notes");

      await page.getByText("Diagram", { exact: true }).click();
      const [excalidraw] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download .excalidraw" }).click(),
      ]);
      assert.equal(excalidraw.suggestedFilename(), "Harbour notes.excalidraw");
      const downloaded = await Deno.readFile(await excalidraw.path());
      assert.equal(downloaded.length, uploaded.length);
      assert.deepEqual(downloaded, uploaded, "the export is the uploaded file, byte for byte");

      const [svg] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: "Download .svg" }).click(),
      ]);
      assert.equal(svg.suggestedFilename(), "Harbour notes.svg");
      const drawing = new TextDecoder().decode(await Deno.readFile(await svg.path()));
      assert.match(drawing.trimStart(), /^(<\?xml[^>]*>\s*)?<svg[\s>]/);
      assert.match(drawing, /<\/svg>\s*$/);
      assert.ok(drawing.includes(note), "the SVG draws the note's text");
    },
  );

  await scenario(
    "the editor's Diagram menu downloads the diagram as a Mermaid flowchart",
    async (s) => {
      const person = await newPerson(instance);
      const chart = "flowchart LR\n  order[Order] -->|paid| ship([Ship])\n  ship --> done((Done))";
      const diagram = await person.api("POST", "/api/diagrams", {
        name: "Order flow",
        mermaid: chart,
      });
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      await page.goto(`/d/${diagram.id}`);
      await page.getByText("Diagram", { exact: true }).click();
      const item = page.getByRole("link", { name: "Download Mermaid (.mmd)" });
      assert.equal(await item.isVisible(), true);
      assert.equal(await item.getAttribute("href"), `/api/diagrams/${diagram.id}/export.mmd`);
      const [download] = await Promise.all([page.waitForEvent("download"), item.click()]);
      assert.equal(download.suggestedFilename(), "Order flow.mmd");
      const text = new TextDecoder().decode(await Deno.readFile(await download.path()));
      const back = mermaidToSpec(text);
      const original = mermaidToSpec(chart);
      assert.ok(back.ok && original.ok, text);
      const nodes = (spec: { nodes: { id: string; label: string; shape: string }[] }) =>
        spec.nodes.map(({ id, label, shape }) => [id, label, shape]).sort();
      assert.deepEqual(nodes(back.spec), nodes(original.spec));
      assert.deepEqual(
        back.spec.edges.map(({ from, to, label }) => [from, to, label]),
        original.spec.edges.map(({ from, to, label }) => [from, to, label]),
      );
    },
  );

  await scenario(
    "New from Mermaid with the keyboard alone: a mistake shown beside the chart, a preview, then Create opens the editor",
    async (s) => {
      // The chart with a mistake answers 400, which Chromium logs.
      s.expectConsoleErrors(
        /status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/new\/mermaid\)/,
      );
      const person = await newPerson(instance);
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      await page.goto("/");
      await tabUntil(page, (stop) => stop.text === "New from Mermaid");
      assert.equal(await navigates(page, () => page.keyboard.press("Enter")), "/new/mermaid");
      assert.equal(await heading(page), "New from Mermaid");

      const name = await tabUntil(page, (stop) => stop.tag === "input" && stop.text === "Name");
      assert.equal(name.at(-1)!.tag, "input");
      await page.keyboard.type("Release train");
      await page.keyboard.press("Tab");
      const chartField = await focused(page);
      assertFocusShows(chartField, "the chart's text area");
      assert.deepEqual([chartField.tag, chartField.text], ["textarea", "Flowchart"]);
      const mistaken = "flowchart LR\n  build[Build] --> test{Test]\n  test --> ship([Ship])";
      await page.keyboard.type(mistaken);
      await tabUntil(page, (stop) => stop.text === "Preview");
      assert.equal(await navigates(page, () => page.keyboard.press("Enter")), "/new/mermaid");

      const chart = page.getByLabel("Flowchart");
      assert.equal(await chart.inputValue(), mistaken, "the chart stays as typed");
      assert.equal(await chart.getAttribute("aria-invalid"), "true");
      const problems = page.locator("#mermaid-problems");
      assert.match(await problems.innerText(), /The chart cannot be drawn[\s\S]*line 2/);
      assert.equal(await page.getByLabel("Name").inputValue(), "Release train");
      assert.equal(await page.locator(".preview-frame img").count(), 0);

      // Fixed from the keyboard: into the text area, everything selected, typed again.
      await tabUntil(page, (stop) => stop.tag === "textarea");
      await page.keyboard.press("ControlOrMeta+A");
      const fixed = "flowchart LR\n  build[Build] --> test[Test]\n  test --> ship([Ship])";
      await page.keyboard.type(fixed);
      await tabUntil(page, (stop) => stop.text === "Preview");
      await navigates(page, () => page.keyboard.press("Enter"));
      assert.equal(await chart.inputValue(), fixed);
      assert.equal(await problems.count(), 0);
      const preview = page.getByRole("img", {
        name: /^The drawing of the chart: 3 nodes, 2 edges/,
      });
      await preview.waitFor();
      const drawn = await preview.evaluate((image: Dom) => [image.complete, image.naturalWidth]);
      assert.deepEqual([drawn[0], drawn[1] > 0], [true, true], "the preview image loads");
      assert.equal(await cardsNamed(page, "Release train").count(), 0);

      await tabUntil(page, (stop) => stop.text === "Create");
      const opened = await navigates(page, () => page.keyboard.press("Enter"));
      assert.match(opened, new RegExp(`^/d/${ID}$`));
      assert.equal(await heading(page), "Release train");
    },
  );

  await scenario(
    "the New from Mermaid preview opens at a readable size in a frame that scrolls, zooms and pans",
    async (s) => {
      const person = await newPerson(instance);
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      await page.goto("/new/mermaid");
      await page.getByLabel("Name").fill("Long flow");
      const steps = Array.from({ length: 40 }, (_, i) => `  s${i}[Step number ${i}]`);
      const links = steps.slice(1).map((_, i) => `  s${i} --> s${i + 1}`);
      await page.getByLabel("Flowchart").fill(["flowchart LR", ...steps, ...links].join("\n"));
      await navigates(page, () => page.getByRole("button", { name: "Preview" }).click());
      const image = page.locator(".preview-frame img");
      const frame = page.locator(".preview-frame");
      const status = page.locator("[data-zoom-status]");
      // The image's own size attributes, and its drawing's size; and as the page lays it out.
      const size = () =>
        image.evaluate((element: Dom) => [
          Number(element.getAttribute("width")),
          Number(element.dataset.width),
          element.getBoundingClientRect().width,
        ]);
      const [shown, natural, laidOut] = await size();
      assert.equal(shown, Math.floor(natural * 0.7), "opens at 70 % of its own size");
      assert.equal(laidOut, shown, "laid out at that size");
      assert.equal(await status.textContent(), "70 %");

      await frame.focus();
      await page.keyboard.press("+");
      assert.equal(await status.textContent(), "88 %");
      assert.ok((await size())[0] > shown, "larger");
      await page.keyboard.press("-");
      assert.equal(await status.textContent(), "70 %");

      // Larger than the frame both ways, dragging moves the view both ways.
      await page.keyboard.press("+");
      await page.keyboard.press("+");
      await frame.scrollIntoViewIfNeeded();
      const box = (await frame.boundingBox())!;
      const scroll = () =>
        frame.evaluate((element: Dom) => [element.scrollLeft, element.scrollTop]);
      const [maxLeft, maxTop] = await frame.evaluate((element: Dom) => [
        element.scrollWidth - element.clientWidth,
        element.scrollHeight - element.clientHeight,
      ]);
      const before = await scroll();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2 - 100, {
        steps: 5,
      });
      await page.mouse.up();
      const after = await scroll();
      assert.deepEqual(after, [
        Math.min(before[0] + 200, maxLeft),
        Math.min(before[1] + 100, maxTop),
      ], `scrolled from ${before}`);
      assert.ok(after[0] > before[0] && after[1] > before[1], "both ways");

      await page.getByRole("button", { name: "Fit" }).click();
      const frameWidth = await frame.evaluate((element: Dom) => element.clientWidth);
      assert.ok((await size())[0] <= frameWidth, "the whole drawing fits the frame's width");
    },
  );

  await scenario(
    "a token created on the account page is shown once and works on /mcp until revoked there",
    async (s) => {
      const person = await newPerson(instance);
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      const toAccount = await navigates(
        page,
        () =>
          page.getByRole("navigation", { name: "Account" }).getByRole("link", {
            name: person.email,
          })
            .click(),
      );
      assert.equal(toAccount, "/account");
      assert.equal(await page.getByText("No tokens yet.").count(), 1);

      await page.getByLabel("Name of a new token").fill("laptop");
      const created = await navigates(
        page,
        () => page.getByRole("button", { name: "Create token" }).click(),
      );
      assert.equal(created, "/account/tokens");
      const shown = page.getByRole("region", { name: "Token “laptop” created" });
      const token = (await shown.locator("pre#new-token").innerText()).trim();
      assert.match(token, /^\S{20,}$/);
      assert.match(
        await shown.locator("pre#mcp-config").innerText(),
        new RegExp(`Bearer ${token}`),
      );
      assert.equal(await page.getByRole("rowheader", { name: "laptop" }).count(), 1);

      await using agent = await connectClient(new URL("/mcp", base), {
        authorization: `Bearer ${token}`,
      });
      const listed = await agent.call("list_diagrams", {});
      assert.equal(listed.isError, false, listed.text);

      // Shown once: the account page no longer holds it.
      await page.goto("/account");
      assert.equal((await page.content()).includes(token), false);
      assert.equal(await page.getByRole("rowheader", { name: "laptop" }).count(), 1);

      const revoked = await navigates(
        page,
        () => page.getByRole("button", { name: "Revoke laptop" }).click(),
      );
      assert.equal(revoked, "/account?done=revoked");
      assert.equal(
        await page.getByRole("status").innerText(),
        "Token revoked: clients using it are refused from now on.",
      );
      assert.equal(await page.getByRole("rowheader", { name: "laptop" }).count(), 0);

      await assert.rejects(
        agent.call("list_diagrams", {}),
        isUnauthorized,
        "the connected client is refused",
      );
      await assert.rejects(
        connectClient(new URL("/mcp", base), { authorization: `Bearer ${token}` }),
        isUnauthorized,
        "a new connection is refused",
      );
    },
  );

  await scenario(
    "changing the password keeps this browser signed in and signs out another",
    async (s) => {
      const person = await newPerson(instance);
      const changer = (await s.open()).page;
      const other = (await s.open()).page;
      await signIn(changer, person.email, person.password);
      await signIn(other, person.email, person.password);
      assert.equal(pathOf(other), "/");

      await navigates(
        changer,
        () =>
          changer.getByRole("navigation", { name: "Account" })
            .getByRole("link", { name: person.email }).click(),
      );
      const newPassword = "a much longer new password";
      await changer.getByLabel("Current password").fill(person.password);
      await changer.getByLabel("New password").fill(newPassword);
      const changed = await navigates(
        changer,
        () => changer.getByRole("button", { name: "Change password" }).click(),
      );
      assert.equal(changed, "/account?done=password");
      assert.equal(
        await changer.getByRole("status").innerText(),
        "Password changed. Every other browser is signed out.",
      );
      await changer.goto("/");
      assert.equal(pathOf(changer), "/", "the browser that changed it stays signed in");
      assert.equal(await heading(changer), "All diagrams");

      await other.goto("/");
      assert.equal(pathOf(other), "/login?next=%2F", "the other browser is signed out");
      const back = await navigates(other, () => fillSignIn(other, person.email, newPassword));
      assert.equal(back, "/", "the new password signs in");
    },
  );

  await scenario(
    "the gallery works from the keyboard alone, every stop showing its focus",
    async (s) => {
      const person = await newPerson(instance);
      await person.api("POST", "/api/collections", { name: "Projects" });
      for (const name of ["Network map", "Org chart"]) {
        await person.api("POST", "/api/diagrams", { name });
      }
      const { page } = await s.open();
      await signIn(page, person.email, person.password);
      await page.goto("/");

      const stops = await tabUntil(page, (stop) => stop.isCardLink);
      assert.equal(stops[0].tag, "a");
      assert.equal(stops[0].text, "Skip to main content");
      const cardLink = stops.at(-1)!;
      assert.ok(cardLink.diagramId);
      const opened = await navigates(page, () => page.keyboard.press("Enter"));
      assert.equal(opened, `/d/${cardLink.diagramId}`);

      // The card's Actions menu: its button is the next stop; Enter opens it; every item is a stop.
      await page.goto("/");
      await tabUntil(page, (stop) => stop.isCardLink);
      await page.keyboard.press("Tab");
      const summary = await focused(page);
      assertFocusShows(summary, "the Actions button");
      assert.equal(summary.tag, "summary");
      assert.match(summary.text, /^Actions/);
      const menu = card(page, cardLink.diagramId).locator("details.menu");
      assert.equal(await menu.getAttribute("open"), null);
      await page.keyboard.press("Enter");
      assert.equal(await menu.getAttribute("open"), "");
      const items: string[] = [];
      for (let item = 0; item < 6; item++) {
        await page.keyboard.press("Tab");
        const stop = await focused(page);
        assertFocusShows(stop, `menu item ${item + 1}`);
        assert.equal(stop.diagramId, cardLink.diagramId, "focus stays in the card's menu");
        items.push(stop.text);
      }
      assert.deepEqual(items, ["Rename…", "Move…", "Share…", "History", "Duplicate", "Delete…"]);
      await page.keyboard.press("Escape");
      assert.equal(await menu.getAttribute("open"), null, "Escape closes the menu");
      assert.equal((await focused(page)).tag, "summary", "focus goes back to the menu's button");
    },
  );
});
