// share_diagram and unshare_diagram through the real MCP SDK clients (2.x, and 1.x, which checks
// each answer against the tool's outputSchema) against a real diagram service; list_diagrams and
// get_diagram saying which links are live, never their address.
import assert from "node:assert/strict";
import { apiClient, type DiagramInstance, startDiagram } from "./helpers/diagram_instance.ts";
import { connectClient, SDK_CLIENTS, type ToolCaller } from "./helpers/mcp_client.ts";

const EMAIL = "sharing-owner@example.com";
const PASSWORD = "a long enough password";
const LINK = /^http:\/\/localhost:8000\/s\/[A-Za-z0-9_-]{43}$/;

/** An MCP client with a token of the account `email` (a second account with `newAccount`). */
async function agentOf(
  instance: DiagramInstance,
  email: string,
  connect: (url: URL, headers: Record<string, string>) => Promise<ToolCaller>,
  newAccount = false,
): Promise<ToolCaller> {
  const flags = newAccount ? ["--new-account"] : [];
  assert.equal((await instance.admin("reset-password", email, PASSWORD, ...flags)).code, 0);
  const created = await instance.admin("create-token", email, "agent");
  assert.equal(created.code, 0, created.stderr);
  const token = created.stdout.trim().split("\n").at(-1)!;
  return await connect(new URL("/mcp", instance.url), { authorization: `Bearer ${token}` });
}

async function newDiagram(mcp: ToolCaller, name: string): Promise<string> {
  const created = await mcp.call("create_diagram", {
    name,
    spec: { layout: "LR", nodes: [{ id: "a", label: "A" }], edges: [] },
    preview: false,
  });
  assert.equal(created.isError, false, created.text);
  return created.structured!.id;
}

for (const [line, connect] of Object.entries(SDK_CLIENTS)) {
  Deno.test(`share_diagram hands over a link once; get_diagram and list_diagrams say which links are live; unshare_diagram revokes one or all (SDK ${line})`, async () => {
    await using instance = await startDiagram();
    await using mcp = await agentOf(instance, EMAIL, connect);
    const id = await newDiagram(mcp, "Architecture");
    const other = await newDiagram(mcp, "Unshared");

    const view = await mcp.call("share_diagram", { id });
    assert.equal(view.isError, false, view.text);
    assert.match(view.structured!.url, LINK);
    assert.deepEqual(
      { ...view.structured, url: undefined, id: undefined },
      {
        url: undefined,
        id: undefined,
        diagramId: id,
        access: "view",
        label: "",
        expiresAt: null,
        history: false,
      },
    );
    assert.ok(view.text.includes(view.structured!.url));
    assert.match(view.text, /^View link to "Architecture", until revoked \(link id \S+\): http/);

    const before = Date.now();
    const edit = await mcp.call("share_diagram", {
      id,
      access: "edit",
      expires: "7d",
      label: "pairing",
      history: true,
    });
    assert.equal(edit.isError, false, edit.text);
    assert.equal(edit.structured!.access, "edit");
    assert.equal(edit.structured!.history, true);
    // Its visitor may see the history; the first link's may not.
    const historyOf = async (url: string) => {
      const answer = await fetch(new URL(`${new URL(url).pathname}/history`, instance.url));
      await answer.body?.cancel();
      return answer.status;
    };
    assert.equal(await historyOf(edit.structured!.url), 200);
    assert.equal(await historyOf(view.structured!.url), 404);
    assert.equal(edit.structured!.label, "pairing");
    const expires = Date.parse(edit.structured!.expiresAt);
    assert.ok(expires >= before + 7 * 86_400_000 && expires <= Date.now() + 7 * 86_400_000);

    // The owner's REST API sees the same links.
    const cookie = await instance.login(EMAIL, PASSWORD);
    const rest = await apiClient(instance, cookie)("GET", `/api/diagrams/${id}/shares`);
    assert.deepEqual(
      rest.json.links.map((link: { id: string }) => link.id).sort(),
      [view.structured!.id, edit.structured!.id].sort(),
    );

    const read = await mcp.call("get_diagram", { id, preview: false });
    assert.equal(read.isError, false, read.text);
    assert.equal(read.structured!.liveShareLinks, 2);
    assert.deepEqual(read.structured!.shareLinks, [
      {
        id: edit.structured!.id,
        access: "edit",
        label: "pairing",
        expiresAt: edit.structured!.expiresAt,
        history: true,
        collectionId: null,
      },
      {
        id: view.structured!.id,
        access: "view",
        label: "",
        expiresAt: null,
        history: false,
        collectionId: null,
      },
    ]);
    assert.match(read.text, /shared by 2 links/);
    assert.match(
      read.text,
      new RegExp(
        `share link ${edit.structured!.id}: edit, "pairing", until \\S+, with its history`,
      ),
    );
    const listed = await mcp.call("list_diagrams", {});
    assert.equal(listed.isError, false, listed.text);
    const counts = Object.fromEntries(
      listed.structured!.diagrams.map((d: { id: string; liveShareLinks: number }) => [
        d.id,
        d.liveShareLinks,
      ]),
    );
    assert.deepEqual(counts, { [id]: 2, [other]: 0 });
    // No answer ever repeats a link's address.
    for (const answer of [read, listed]) {
      for (const made of [view, edit]) {
        const secret = made.structured!.url.split("/s/")[1];
        assert.equal(JSON.stringify(answer).includes(secret), false);
      }
    }

    const one = await mcp.call("unshare_diagram", { id, link: edit.structured!.id });
    assert.equal(one.isError, false, one.text);
    assert.deepEqual(one.structured, {
      diagramId: id,
      revoked: [{
        id: edit.structured!.id,
        access: "edit",
        label: "pairing",
        expiresAt: edit.structured!.expiresAt,
        history: true,
      }],
    });
    assert.match(one.text, /^Revoked 1 link: /);
    const again = await mcp.call("unshare_diagram", { id, link: edit.structured!.id });
    assert.equal(again.isError, true);
    assert.match(again.text, /no live share link/);

    await mcp.call("share_diagram", { id, expires: "1h" });
    const all = await mcp.call("unshare_diagram", { id });
    assert.equal(all.isError, false, all.text);
    assert.equal(all.structured!.revoked.length, 2);
    assert.equal(
      (await mcp.call("get_diagram", { id, preview: false })).structured!.liveShareLinks,
      0,
    );
    const none = await mcp.call("unshare_diagram", { id });
    assert.deepEqual(none.structured, { diagramId: id, revoked: [] });
    assert.match(none.text, /nothing was revoked/);
  });
}

Deno.test("share_diagram and unshare_diagram refuse another account's diagram, an unknown id and a lifetime not offered, sharing nothing", async () => {
  await using instance = await startDiagram();
  await using owner = await agentOf(instance, EMAIL, connectClient);
  await using stranger = await agentOf(instance, "other@example.com", connectClient, true);
  const id = await newDiagram(owner, "Mine");

  for (
    const [tool, args] of [
      ["share_diagram", { id }],
      ["share_diagram", { id: "no-such-diagram" }],
      ["unshare_diagram", { id }],
    ] as const
  ) {
    const refused = await stranger.call(tool, args);
    assert.equal(refused.isError, true, tool);
    assert.match(refused.text, /not found/, tool);
  }
  // A link to a collection around a diagram shows it too: get_diagram and list_diagrams say so,
  // and unshare_diagram, which revokes the diagram's own links, leaves it.
  const cookie = await instance.login(EMAIL, PASSWORD);
  const api = apiClient(instance, cookie);
  const outer = (await api("POST", "/api/collections", { name: "Outer" })).json.id;
  const inner = (await api("POST", "/api/collections", { name: "Inner", parentId: outer })).json.id;
  const filed = await owner.call("create_diagram", {
    name: "Filed",
    spec: { layout: "LR", nodes: [{ id: "a", label: "A" }], edges: [] },
    collectionId: inner,
    preview: false,
  });
  const folderLink = await api("POST", `/api/collections/${outer}/shares`, {});
  assert.equal(folderLink.status, 201);
  const read = await owner.call("get_diagram", { id: filed.structured!.id, preview: false });
  assert.equal(read.structured!.liveShareLinks, 1);
  assert.equal(read.structured!.shareLinks[0].collectionId, outer);
  assert.match(read.text, /\(to its collection /);
  const listed = await owner.call("list_diagrams", {});
  assert.deepEqual(
    listed.structured!.diagrams.map((d: { name: string; liveShareLinks: number }) => [
      d.name,
      d.liveShareLinks,
    ]),
    [["Filed", 1], ["Mine", 0]],
  );
  const left = await owner.call("unshare_diagram", { id: filed.structured!.id });
  assert.deepEqual(left.structured!.revoked, []);

  const badLifetime = await owner.call("share_diagram", { id, expires: "2y" });
  assert.equal(badLifetime.isError, true);
  assert.match(badLifetime.text, /expires/);
  const long = await owner.call("share_diagram", { id, label: "x".repeat(101) });
  assert.equal(long.isError, true);
  assert.equal(
    (await owner.call("get_diagram", { id, preview: false })).structured!.liveShareLinks,
    0,
  );

  const { client } = await connectClient(new URL("/mcp", instance.url), {
    authorization: `Bearer ${
      (await instance.admin("create-token", EMAIL, "lister")).stdout.trim().split("\n").at(-1)
    }`,
  });
  const { tools } = await client.listTools();
  const share = tools.find((tool) => tool.name === "share_diagram")!;
  const unshare = tools.find((tool) => tool.name === "unshare_diagram")!;
  assert.equal(share.annotations?.readOnlyHint, false);
  assert.equal(unshare.annotations?.destructiveHint, true);
  assert.deepEqual(share.inputSchema.required, ["id"]);
  const expires = JSON.stringify((share.inputSchema.properties as Record<string, unknown>).expires);
  assert.ok(expires.includes('"enum":["1h","1d","7d","30d","never"]'), expires);
  assert.ok(JSON.stringify(share.outputSchema).includes('"url"'));
  await client.close();
});
