// The MCP App side of the diagram endpoint through the MCP SDK's own clients: the view resource
// and its CSP, the tools' `_meta.ui`, and the app-only tools the view calls (read, and save with
// the checks every save has: ownership, the base revision, the file's validation); their refusals
// as both SDK lines deliver them.
import assert from "node:assert/strict";
import { type DiagramInstance, startDiagram } from "./helpers/diagram_instance.ts";
import {
  connectClient,
  type Json,
  SDK_CLIENTS,
  type ToolAnswer,
  type ToolCaller,
} from "./helpers/mcp_client.ts";
import { fileWithNote, hostileFrames } from "./helpers/scene_fixture.ts";
import { linkedBoxes, SCRIPT_LINKS } from "./helpers/element_links.ts";

const EMAIL = "app-owner@example.com";
const PASSWORD = "a long enough password";
const VIEW_URI = "ui://diagram/view.html";
const ORIGIN = "http://localhost:8000";

async function tokenFor(instance: DiagramInstance, email: string, ...flags: string[]) {
  const reset = await instance.admin("reset-password", email, PASSWORD, ...flags);
  assert.equal(reset.code, 0, reset.stderr);
  const created = await instance.admin("create-token", email, "chat");
  assert.equal(created.code, 0, created.stderr);
  return created.stdout.trim().split("\n").at(-1)!;
}

async function setUp() {
  const instance = await startDiagram();
  const token = await tokenFor(instance, EMAIL);
  const mcpUrl = new URL("/mcp", instance.url);
  const mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  return {
    instance,
    mcp,
    mcpUrl,
    token,
    async [Symbol.asyncDispose]() {
      await mcp[Symbol.asyncDispose]();
      await instance[Symbol.asyncDispose]();
    },
  };
}

const SPEC = {
  layout: "LR",
  nodes: [
    { id: "web", label: "Web app" },
    { id: "api", label: "Orders API", shape: "rounded" },
    { id: "db", label: "Orders DB", shape: "cylinder" },
  ],
  edges: [{ from: "web", to: "api", label: "HTTPS" }, { from: "api", to: "db" }],
};

/** Which refusal an app-only tool answered, as the view reads it. */
function refusalOf(answer: ToolAnswer): Json {
  assert.equal(answer.isError, true, answer.text);
  // No structuredContent: SDK 1.x clients would check it against the tool's outputSchema.
  assert.equal(answer.structured, undefined);
  return answer.meta?.["diagram/refusal"];
}

/** Runs `calls` through an SDK 1.x client and an SDK 2.x client on the same token. */
async function throughBothSdks(
  setup: { mcpUrl: URL; token: string },
  calls: (client: ToolCaller, line: string) => Promise<void>,
) {
  for (const [line, connect] of Object.entries(SDK_CLIENTS)) {
    await using client = await connect(setup.mcpUrl, { authorization: `Bearer ${setup.token}` });
    await calls(client, line);
  }
}

async function created(mcp: ToolCaller, name = "Orders") {
  const answer = await mcp.call("create_diagram", { name, spec: SPEC });
  assert.equal(answer.isError, false, answer.text);
  return answer.structured! as { id: string; revision: number; url: string };
}

/** The diagram's file with the label of node `web` changed, as an editor would save it. */
function relabelled(file: Json, label: string): Json {
  const elements = file.elements.map((element: Json) =>
    element.type === "text" && element.text === "Web app"
      ? { ...element, text: label, originalText: label, version: element.version + 1 }
      : element
  );
  return { ...file, elements };
}

Deno.test("resources/list and resources/read serve the view as text/html;profile=mcp-app with a CSP naming only BASE_URL's origin", async () => {
  await using setup = await setUp();
  const { resources } = await setup.mcp.client.listResources();
  assert.deepEqual(resources.map((resource) => resource.uri), [VIEW_URI]);
  const [listed]: Json[] = resources;
  assert.equal(listed.mimeType, "text/html;profile=mcp-app");
  assert.deepEqual(listed._meta.ui.csp, { resourceDomains: [ORIGIN], connectDomains: [] });

  const read = await setup.mcp.client.readResource({ uri: VIEW_URI });
  assert.equal(read.contents.length, 1);
  const [content]: Json[] = read.contents;
  assert.equal(content.uri, VIEW_URI);
  assert.equal(content.mimeType, "text/html;profile=mcp-app");
  assert.deepEqual(content._meta.ui.csp, { resourceDomains: [ORIGIN], connectDomains: [] });
  const document: string = content.text;
  assert.match(document, /^<!doctype html>/i);
  // One document: its script and stylesheet inline, nothing fetched when it loads.
  assert.match(document, /<script type="module">/);
  assert.doesNotMatch(document, /<script[^>]*\ssrc=|<link[^>]*\shref=/i);
  // BASE_URL's editor is written in; every address it names is on BASE_URL's origin.
  const config = JSON.parse(
    document.match(/<script type="application\/json" id="diagram-view-config">([^<]*)</)![1],
  );
  assert.match(config.editor.script, /^http:\/\/localhost:8000\/editor\/app-editor-\w+\.js$/);
  assert.equal(config.editor.assetPath, `${ORIGIN}/editor/`);
  const families = new Set(config.fonts.map((font: Json) => font.family));
  assert.deepEqual([...families].sort(), ["Excalifont", "Virgil"]);
  const addresses = JSON.stringify(config).match(/https?:\/\/[^/"]+/g)!;
  assert.deepEqual([...new Set(addresses)], [ORIGIN]);

  // The editor the view loads from there answers any origin (the view's is the host's sandbox).
  const script = await fetch(new URL(new URL(config.editor.script).pathname, setup.instance.url));
  assert.equal(script.status, 200);
  assert.equal(script.headers.get("access-control-allow-origin"), "*");
  await script.body?.cancel();
});

Deno.test("the diagram tools name the view, and the view's own tools are visible to the app only", async () => {
  await using setup = await setUp();
  const { tools }: Json = await setup.mcp.client.listTools();
  const byName = new Map(tools.map((tool: Json) => [tool.name, tool]));
  for (const name of ["create_diagram", "update_diagram", "get_diagram"]) {
    const tool: Json = byName.get(name);
    assert.equal(tool._meta.ui.resourceUri, VIEW_URI, name);
    assert.equal(tool._meta.ui.visibility, undefined, `${name} stays the model's`);
  }
  for (const name of ["app_read_diagram", "app_save_diagram"]) {
    const tool: Json = byName.get(name);
    assert.ok(tool, `${name} is listed`);
    assert.equal(tool._meta.ui.resourceUri, VIEW_URI, name);
    assert.deepEqual(tool._meta.ui.visibility, ["app"], name);
  }
  const appOnly = tools.filter((tool: Json) =>
    tool._meta?.ui?.visibility?.includes("model") === false
  );
  assert.deepEqual(appOnly.map((tool: Json) => tool.name).sort(), [
    "app_read_diagram",
    "app_save_diagram",
  ]);
  const save: Json = byName.get("app_save_diagram");
  assert.deepEqual(save.inputSchema.required.sort(), ["baseRevision", "file", "id"]);
});

Deno.test("app_read_diagram returns the drawing as SVG with every label, the file, its revision, name and URL", async () => {
  await using setup = await setUp();
  const { id, url } = await created(setup.mcp);
  const read = await setup.mcp.call("app_read_diagram", { id });
  assert.equal(read.isError, false, read.text);
  const drawing = read.structured!;
  assert.equal(drawing.id, id);
  assert.equal(drawing.name, "Orders");
  assert.equal(drawing.url, url);
  assert.equal(drawing.revision, 1);
  assert.match(drawing.svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  for (const label of ["Web app", "Orders API", "Orders DB", "HTTPS"]) {
    assert.ok(drawing.svg.includes(`>${label}<`), `the SVG draws ${label}`);
  }
  assert.equal(drawing.file.type, "excalidraw");
  assert.ok(drawing.file.elements.some((element: Json) => element.text === "Orders API"));
});

Deno.test("app_save_diagram saves over the base revision, keeps the replaced one and credits the view with the caller's token, no more", async () => {
  await using setup = await setUp();
  const { id } = await created(setup.mcp);
  // The view's calls come with whatever token the chat client holds: here another one.
  const hosted = await setup.instance.admin("create-token", EMAIL, "claude-desktop");
  assert.equal(hosted.code, 0, hosted.stderr);
  await using host = await connectClient(setup.mcpUrl, {
    authorization: `Bearer ${hosted.stdout.trim().split("\n").at(-1)}`,
  });
  const { structured: drawing } = await host.call("app_read_diagram", { id });
  const saved = await host.call("app_save_diagram", {
    id,
    file: relabelled(drawing!.file, "Storefront"),
    baseRevision: 1,
  });
  assert.equal(saved.isError, false, saved.text);
  assert.equal(saved.structured!.revision, 2);
  assert.equal(saved.structured!.replacedRevision, 1);
  assert.match(saved.text, /^Saved "Orders" as revision 2/);
  // The same drawing again changes nothing, and the answer does not claim a save.
  const again = await host.call("app_save_diagram", {
    id,
    file: relabelled(drawing!.file, "Storefront"),
    baseRevision: 2,
  });
  assert.equal(again.isError, false, again.text);
  assert.equal(again.structured!.revision, 2);
  assert.match(again.text, /^Nothing to save: "Orders" already draws this, still revision 2/);

  const read = await setup.mcp.call("get_diagram", { id });
  assert.equal(read.structured!.revision, 2);
  assert.ok(read.structured!.spec.nodes.some((node: Json) => node.label === "Storefront"));

  const revisions = await setup.mcp.call("list_revisions", { id });
  assert.deepEqual(
    [revisions.structured!.revisions[0].revision, revisions.structured!.revisions[0].source],
    [1, "mcp"],
  );
  assert.equal(revisions.structured!.revisions[0].withToken, "chat");
  assert.match(
    revisions.text,
    /is at revision 2 \(by the diagram view in a chat client, with token claude-desktop, /,
  );
  assert.match(revisions.text, /revision 1 .* by an agent through MCP, with token chat /);
  assert.doesNotMatch(revisions.text, /a person/);

  const cookie = await setup.instance.login(EMAIL, PASSWORD);
  const page = await fetch(new URL(`/d/${id}/history`, setup.instance.url), {
    headers: { cookie },
  });
  const history = await page.text();
  assert.match(
    history,
    /class="made-by source-app">By the diagram view in a chat client, with token claude-desktop</,
  );
  assert.match(history, /class="made-by source-mcp">By an agent through MCP, with token chat</);
  assert.doesNotMatch(history, /a person in a chat client/);
});

Deno.test("app_save_diagram over a revision that is no longer current is refused with the way out to SDK 1.x and 2.x clients alike, and saves nothing", async () => {
  await using setup = await setUp();
  await throughBothSdks(setup, async (mcp, line) => {
    const { id } = await created(mcp);
    const { structured: drawing } = await mcp.call("app_read_diagram", { id });
    // The agent changes the diagram while the person edits revision 1.
    const patched = await mcp.call("update_diagram", {
      id,
      patch: { updateNodes: [{ id: "db", label: "Postgres" }] },
    });
    assert.equal(patched.structured!.revision, 2);
    const stale = await mcp.call("app_save_diagram", {
      id,
      file: relabelled(drawing!.file, "Storefront"),
      baseRevision: 1,
    });
    assert.deepEqual(refusalOf(stale), { reason: "stale", currentRevision: 2 }, line);
    assert.match(stale.text, /changed since you opened it \(you opened revision 1\)/);
    assert.match(stale.text, /now at revision 2\. Reload it .*nothing was saved/);
    const after = await mcp.call("get_diagram", { id });
    assert.equal(after.structured!.revision, 2);
    const labels = after.structured!.spec.nodes.map((node: Json) => node.label);
    assert.deepEqual(labels.sort(), ["Orders API", "Postgres", "Web app"]);
  });
});

Deno.test("app_save_diagram refuses a file every save refuses (an iframe, a foreign embed, a script link, a broken scene) to SDK 1.x and 2.x clients alike, and saves nothing", async () => {
  await using setup = await setUp();
  await throughBothSdks(setup, async (mcp, line) => {
    const { id } = await created(mcp);
    const { structured: drawing } = await mcp.call("app_read_diagram", { id });
    const framed = {
      ...drawing!.file,
      elements: [...drawing!.file.elements, ...hostileFrames()],
    };
    const refused = await mcp.call("app_save_diagram", { id, file: framed, baseRevision: 1 });
    assert.equal(refusalOf(refused).reason, "invalid", line);
    assert.match(refused.text, /^The server refused the drawing; nothing was saved:/);
    assert.match(refused.text, /\(id "phish"\): type "iframe" is not accepted/);
    assert.match(refused.text, /\(id "embed"\): link of an embeddable must be/);
    assert.ok(refusalOf(refused).problems.some((problem: string) => problem.includes("phish")));

    const linked = {
      ...drawing!.file,
      elements: [...drawing!.file.elements, ...linkedBoxes("bad", SCRIPT_LINKS)],
    };
    const unlinked = await mcp.call("app_save_diagram", { id, file: linked, baseRevision: 1 });
    assert.equal(refusalOf(unlinked).reason, "invalid", line);
    for (let i = 0; i < SCRIPT_LINKS.length; i++) {
      assert.match(unlinked.text, new RegExp(`\\(id "bad-${i}"\\): link must be empty or a web`));
    }

    const broken = relabelled(drawing!.file, "x");
    broken.elements[0] = { ...broken.elements[0], x: "left" };
    const brokenAnswer = await mcp.call("app_save_diagram", {
      id,
      file: broken,
      baseRevision: 1,
    });
    assert.equal(refusalOf(brokenAnswer).reason, "invalid", line);
    for (const notAFile of ["a string", 42, null]) {
      const answer = await mcp.call("app_save_diagram", { id, file: notAFile, baseRevision: 1 });
      assert.equal(refusalOf(answer).reason, "invalid", `${line} ${JSON.stringify(notAFile)}`);
    }
    const noBase = await mcp.call("app_save_diagram", { id, file: drawing!.file });
    assert.equal(noBase.isError, true);
    assert.match(noBase.text, /baseRevision/);

    const after = await mcp.call("app_read_diagram", { id });
    assert.equal(after.structured!.revision, 1);
  });
});

Deno.test("another account's diagram is not found by the view's tools, through SDK 1.x and 2.x clients alike, and nothing of it is saved", async () => {
  await using setup = await setUp();
  const { id } = await created(setup.mcp);
  const { structured: drawing } = await setup.mcp.call("app_read_diagram", { id });
  const otherToken = await tokenFor(setup.instance, "other@example.com", "--new-account");
  await throughBothSdks({ mcpUrl: setup.mcpUrl, token: otherToken }, async (other, line) => {
    const read = await other.call("app_read_diagram", { id });
    assert.deepEqual(refusalOf(read), { reason: "not-found" }, line);
    assert.doesNotMatch(read.text, /Orders/);
    const saved = await other.call("app_save_diagram", {
      id,
      file: relabelled(drawing!.file, "Stolen"),
      baseRevision: 1,
    });
    assert.deepEqual(refusalOf(saved), { reason: "not-found" }, line);
    const missing = await other.call("app_read_diagram", { id: "no-such-diagram" });
    assert.deepEqual(refusalOf(missing), { reason: "not-found" }, line);
  });

  const after = await setup.mcp.call("app_read_diagram", { id });
  assert.equal(after.structured!.revision, 1);
  assert.ok(after.structured!.svg.includes(">Web app<"));
});

Deno.test("the view's tools answer a diagram in the trash with isError to SDK 1.x and 2.x clients alike, never a protocol error", async () => {
  await using setup = await setUp();
  const { id } = await created(setup.mcp);
  const cookie = await setup.instance.login(EMAIL, PASSWORD);
  const deleted = await fetch(new URL(`/api/diagrams/${id}`, setup.instance.url), {
    method: "DELETE",
    headers: { cookie, origin: setup.instance.origin },
  });
  assert.equal(deleted.status, 204);
  await throughBothSdks(setup, async (mcp, line) => {
    const read = await mcp.call("app_read_diagram", { id });
    assert.deepEqual(refusalOf(read), { reason: "not-found" }, line);
    assert.match(read.text, /in the trash: restore it in the gallery first/);
    const saved = await mcp.call("app_save_diagram", {
      id,
      file: fileWithNote("hello"),
      baseRevision: 1,
    });
    assert.deepEqual(refusalOf(saved), { reason: "not-found" }, line);
  });
});

Deno.test("every diagram tool with an outputSchema answers and refuses to SDK 1.x and 2.x clients alike", async () => {
  await using setup = await setUp();
  await throughBothSdks(setup, async (mcp, line) => {
    const answered = async (name: string, args: Record<string, unknown>) => {
      const answer = await mcp.call(name, args);
      assert.equal(answer.isError, false, `${line} ${name}: ${answer.text}`);
      assert.ok(answer.structured, `${line} ${name} answers structuredContent`);
      return answer;
    };
    const refused = async (name: string, args: Record<string, unknown>, words: RegExp) => {
      const answer = await mcp.call(name, args);
      assert.equal(answer.isError, true, `${line} ${name}`);
      assert.equal(answer.structured, undefined, `${line} ${name}`);
      assert.match(answer.text, words, `${line} ${name}`);
    };
    const { id } = (await answered("create_diagram", { name: "Both", spec: SPEC, preview: false }))
      .structured!;
    await refused("create_diagram", { name: "Bad", spec: { layout: "TB", nodes: [] } }, /spec/);
    await answered("update_diagram", {
      id,
      patch: { updateNodes: [{ id: "db", label: "PG" }] },
      preview: false,
    });
    await refused("update_diagram", { id: "no-such-diagram", spec: SPEC }, /not found/);
    await answered("get_diagram", { id, preview: false });
    await refused("get_diagram", { id: "no-such-diagram" }, /not found/);
    await answered("list_diagrams", {});
    await refused("list_diagrams", { collectionId: "no-such-collection" }, /not found/);
    await answered("list_collections", {});
    await answered("list_revisions", { id });
    await refused("list_revisions", { id: "no-such-diagram" }, /not found/);
    await answered("restore_revision", { id, revision: 1 });
    await refused("restore_revision", { id, revision: 99 }, /no revision 99/);
    const read = await answered("app_read_diagram", { id });
    await refused("app_read_diagram", { id: "no-such-diagram" }, /not in your gallery/);
    await answered("app_save_diagram", {
      id,
      file: relabelled(read.structured!.file, "Shop"),
      baseRevision: read.structured!.revision,
    });
    await refused(
      "app_save_diagram",
      { id, file: read.structured!.file, baseRevision: 1 },
      /changed since you opened it/,
    );
  });
});
