// The diagram MCP endpoint through the real MCP SDK client, from a fresh data folder to a
// diagram a browser session can open.
import assert from "node:assert/strict";
import { startDiagram } from "./helpers/diagram_instance.ts";
import { connectClient, type Json } from "./helpers/mcp_client.ts";
import { checkLayoutQuality } from "./helpers/layout_quality.ts";
import { checkProtocolVersions } from "./helpers/protocol_versions.ts";
import { fileWithNote } from "./helpers/scene_fixture.ts";
import { validateScene } from "../diagram/drawing/excalidraw/validate.ts";
import { type DiagramSpec, DIRECTIONS, edgeIds, parseSpec } from "../diagram/drawing/spec.ts";
import { mermaidToSpec } from "../diagram/drawing/mermaid/from_mermaid.ts";

const EMAIL = "agent-owner@example.com";
const PASSWORD = "a long enough password";

function chainSpec(count: number) {
  const nodes = Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    label: i % 5 === 0 ? `SERVICE ${i} WITH A LONGER NAME` : `Step ${i}`,
    shape: (["rectangle", "rounded", "ellipse", "diamond"] as const)[i % 4],
    ...(i % 3 === 0 ? { color: "blue" } : {}),
  }));
  const edges = nodes.slice(1).map((node, i) => ({
    from: `n${Math.floor(i / 2)}`,
    to: node.id,
    ...(i % 4 === 0 ? { label: `calls ${i}` } : {}),
  }));
  return { layout: "TB", nodes, edges };
}

async function setUp(env: Record<string, string> = {}) {
  const instance = await startDiagram(env);
  const reset = await instance.admin("reset-password", EMAIL, PASSWORD);
  assert.equal(reset.code, 0, reset.stderr);
  const created = await instance.admin("create-token", EMAIL, "agent");
  assert.equal(created.code, 0, created.stderr);
  const token = created.stdout.trim().split("\n").at(-1)!;
  const mcpUrl = new URL("/mcp", instance.url);
  return { instance, token, mcpUrl };
}

Deno.test("from a fresh data folder an MCP client creates a 30-node diagram that the REST API serves valid", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const spec = chainSpec(30);
  const created = await mcp.call("create_diagram", { name: "Thirty nodes", spec });
  assert.equal(created.isError, false, created.text);
  const { id, url, revision } = created.structured!;
  assert.equal(revision, 1);
  assert.equal(url, `http://localhost:8000/d/${id}`);
  assert.match(
    created.text,
    /^Created "Thirty nodes" \(30 nodes, 29 edges, revision 1, id \S+\): http/,
  );

  const cookie = await instance.login(EMAIL, PASSWORD);
  const response = await fetch(new URL(`/api/diagrams/${id}`, instance.url), {
    headers: { cookie },
  });
  assert.equal(response.status, 200);
  const diagram: Json = await response.json();
  assert.equal(diagram.name, "Thirty nodes");
  const checked = validateScene(diagram.file);
  assert.equal(checked.ok, true, JSON.stringify(checked));
  const parsed = parseSpec(spec);
  assert.ok(parsed.ok);
  assert.deepEqual(checkLayoutQuality(parsed.spec, diagram.file), []);

  const thumbnail = await fetch(new URL(`/api/diagrams/${id}/thumbnail.svg`, instance.url), {
    headers: { cookie },
  });
  assert.equal(thumbnail.status, 200);
  const svg = await thumbnail.text();
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /Step 29/);
  assert.ok(svg.length < 50 * 1024);
});

Deno.test("MCP requests without a live personal access token get 401 with WWW-Authenticate: Bearer", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  const initialize = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "t", version: "1" },
    },
  });
  const post = (authorization?: string) =>
    fetch(mcpUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(authorization ? { authorization } : {}),
      },
      body: initialize,
    });
  for (const authorization of [undefined, "Bearer dgm_unknown", `Basic ${btoa("a:b")}`, token]) {
    const response = await post(authorization);
    assert.equal(response.status, 401, String(authorization));
    assert.match(response.headers.get("www-authenticate")!, /^Bearer realm="diagram"/);
    assert.match((await response.json()).error.message, /personal access token/);
  }
  const ok = await post(`Bearer ${token}`);
  assert.equal(ok.status, 200);
  await ok.body?.cancel();

  await instance.admin("revoke-token", EMAIL, "agent");
  const revoked = await post(`Bearer ${token}`);
  assert.equal(revoked.status, 401);
  await revoked.body?.cancel();

  const get = await fetch(mcpUrl, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(get.status, 401);
  await get.body?.cancel();
});

Deno.test("the diagram tools publish their schemas and the spec's JSON Schema", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const { tools } = await mcp.client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name).sort(), [
    "app_read_diagram",
    "app_save_diagram",
    "create_diagram",
    "get_diagram",
    "list_collections",
    "list_diagrams",
    "list_revisions",
    "restore_revision",
    "share_diagram",
    "unshare_diagram",
    "update_diagram",
  ]);
  for (const tool of tools) {
    assert.ok(tool.outputSchema, `${tool.name} has an outputSchema`);
    // Portable JSON Schema only: a nullable field is anyOf, never a type array.
    for (const schema of [tool.inputSchema, tool.outputSchema]) {
      assert.doesNotMatch(JSON.stringify(schema), /"type":\[/, tool.name);
    }
  }
  const create: Json = tools.find((tool) => tool.name === "create_diagram");
  const specSchema = create.inputSchema.properties.spec;
  assert.deepEqual(specSchema.properties.layout.enum, [...DIRECTIONS]);
  assert.ok(specSchema.properties.nodes.items.properties.shape);
  assert.equal(create.annotations.readOnlyHint, false);
  const update: Json = tools.find((tool) => tool.name === "update_diagram");
  for (const tool of [create, update]) {
    const mermaid = tool.inputSchema.properties.mermaid;
    assert.equal(mermaid.type, "string", tool.name);
    assert.match(mermaid.description, /flowchart/, tool.name);
    assert.match(mermaid.description, /subgraphs.*become groups/, tool.name);
    assert.match(mermaid.description, /ignored/, tool.name);
    assert.deepEqual(tool.inputSchema.required, tool === create ? ["name"] : ["id"]);
  }
  // get_diagram publishes every field of the spec it returns, and the chart beside it.
  const get: Json = tools.find((tool) => tool.name === "get_diagram");
  const readBack = get.outputSchema.properties.spec;
  assert.deepEqual(readBack.properties.layout.enum, [...DIRECTIONS]);
  assert.ok(readBack.properties.groups, "groups");
  for (const field of ["stroke", "group", "color", "shape"]) {
    assert.ok(readBack.properties.nodes.items.properties[field], `nodes[].${field}`);
  }
  for (const field of ["line", "start", "end", "label", "id"]) {
    assert.ok(readBack.properties.edges.items.properties[field], `edges[].${field}`);
  }
  assert.ok(get.outputSchema.properties.mermaid, "mermaid");
  assert.ok(get.outputSchema.required.includes("mermaid"));
});

Deno.test("a spec with problems is an isError listing every problem with its path; nothing is saved", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const answer = await mcp.call("create_diagram", {
    name: "Broken",
    spec: {
      layout: "diagonal",
      nodes: [{ id: "a", label: "A" }, { id: "a", label: "" }, {
        id: "c",
        label: "C",
        color: "plaid",
      }],
      edges: [{ from: "a", to: "ghost" }],
    },
  });
  assert.equal(answer.isError, true);
  assert.match(answer.text, /nothing was saved/);
  for (
    const path of [
      "spec.layout",
      "spec.nodes[1].id",
      "spec.nodes[1].label",
      "spec.nodes[2].color",
      "spec.edges[0].to",
    ]
  ) {
    assert.ok(answer.text.includes(`- ${path}: `), `${path} in:\n${answer.text}`);
  }
  const listed = await mcp.call("list_diagrams", {});
  assert.deepEqual(listed.structured!.diagrams, []);
});

Deno.test("update_diagram replaces the contents with revision + 1; unknown and foreign ids are not found", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const created = await mcp.call("create_diagram", { name: "Flow", spec: chainSpec(3) });
  const id = created.structured!.id;
  const updated = await mcp.call("update_diagram", {
    id,
    name: "Flow v2",
    spec: { layout: "LR", nodes: [{ id: "x", label: "Only" }], edges: [] },
  });
  assert.equal(updated.isError, false, updated.text);
  assert.equal(updated.structured!.revision, 2);
  assert.equal(updated.structured!.name, "Flow v2");

  assert.equal(updated.structured!.replacedRevision, 1);

  const read = await mcp.call("get_diagram", { id });
  assert.equal(read.structured!.revision, 2);
  const spec = { layout: "LR", nodes: [{ id: "x", label: "Only", shape: "rectangle" }], edges: [] };
  assert.deepEqual(read.structured!.spec, spec);
  assert.deepEqual(read.structured!.notExpressed, []);
  assert.match(
    read.text,
    /^"Flow v2" \(revision 2, updated \S+\): http\S+\nspec:\n(.+)\nmermaid:\nflowchart LR\n/,
  );
  assert.deepEqual(JSON.parse(read.text.split("\n")[2]), spec);

  const unknown = await mcp.call("update_diagram", { id: "no-such-diagram", spec: chainSpec(2) });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /^diagram not found/);

  // Another account's diagram looks exactly like a missing one.
  await instance.admin(
    "reset-password",
    "stranger@example.com",
    "stranger password",
    "--new-account",
  );
  const strangerToken = (await instance.admin("create-token", "stranger@example.com", "t")).stdout
    .trim()
    .split("\n").at(-1)!;
  await using stranger = await connectClient(new URL("/mcp", instance.url), {
    authorization: `Bearer ${strangerToken}`,
  });
  for (
    const [tool, args] of [["get_diagram", { id }], ["update_diagram", {
      id,
      spec: chainSpec(2),
    }]] as const
  ) {
    const answer = await stranger.call(tool, args);
    assert.equal(answer.isError, true);
    assert.match(answer.text, /^diagram not found/);
  }
  assert.equal((await mcp.call("get_diagram", { id })).structured!.revision, 2);
});

Deno.test("list_diagrams honours limit, query and collection; list_collections shows the tree", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const folder = await fetch(new URL("/api/collections", instance.url), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Architecture" }),
  }).then((response) => response.json());
  for (const name of ["Alpha", "Beta", "Gamma"]) {
    await mcp.call("create_diagram", { name, spec: chainSpec(2) });
  }
  await mcp.call("create_diagram", { name: "Filed", spec: chainSpec(2), collectionId: folder.id });

  const latestTwo = await mcp.call("list_diagrams", { limit: 2 });
  assert.deepEqual(latestTwo.structured!.diagrams.map((d: Json) => d.name), ["Filed", "Gamma"]);
  const byName = await mcp.call("list_diagrams", { query: "alp" });
  assert.deepEqual(byName.structured!.diagrams.map((d: Json) => d.name), ["Alpha"]);
  const filed = await mcp.call("list_diagrams", { collectionId: folder.id });
  assert.deepEqual(filed.structured!.diagrams.map((d: Json) => d.name), ["Filed"]);
  const missing = await mcp.call("list_diagrams", { collectionId: "nope" });
  assert.equal(missing.isError, true);
  // "none", as in the REST API: diagrams in no collection.
  const unfiled = await mcp.call("list_diagrams", { collectionId: "none" });
  assert.deepEqual(unfiled.structured!.diagrams.map((d: Json) => d.name), [
    "Gamma",
    "Beta",
    "Alpha",
  ]);
  const tooMany = await mcp.call("list_diagrams", { limit: 101 });
  assert.equal(tooMany.isError, true);

  const collections = await mcp.call("list_collections", {});
  assert.deepEqual(collections.structured!.collections, [
    { id: folder.id, name: "Architecture", parentId: null, diagramCount: 1 },
  ]);
  assert.match(collections.text, /"Architecture" {2}\(1 diagrams\)/);
});

Deno.test("an agent undoes its own update with the revision update_diagram named, and can undo the undo; a deleted diagram leaves list_diagrams and refuses a restore", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const created = await mcp.call("create_diagram", { name: "Flow", spec: chainSpec(3) });
  const id = created.structured!.id;
  const updated = await mcp.call("update_diagram", {
    id,
    spec: { layout: "LR", nodes: [{ id: "x", label: "Only" }], edges: [] },
  });
  assert.match(
    updated.text,
    /To undo this change: restore_revision \{"id": "[^"]+", "revision": 1\}/,
  );

  const listed = await mcp.call("list_revisions", { id });
  assert.equal(listed.isError, false, listed.text);
  assert.equal(listed.structured!.currentRevision, 2);
  assert.deepEqual(
    listed.structured!.revisions.map((r: Json) => [r.revision, r.source, r.elementCount > 3]),
    [[1, "mcp", true]],
  );
  assert.match(listed.text, /revision 1 .* by an agent through MCP/);

  const restored = await mcp.call("restore_revision", { id, revision: 1 });
  assert.equal(restored.isError, false, restored.text);
  assert.deepEqual(
    [
      restored.structured!.revision,
      restored.structured!.restoredRevision,
      restored.structured!
        .replacedRevision,
    ],
    [3, 1, 2],
  );
  const back = await mcp.call("get_diagram", { id });
  assert.equal(back.structured!.spec.nodes.length, 3);
  await mcp.call("restore_revision", { id, revision: restored.structured!.replacedRevision });
  assert.deepEqual(
    (await mcp.call("get_diagram", { id })).structured!.spec.nodes.map((n: Json) => n.id),
    ["x"],
  );

  const missing = await mcp.call("restore_revision", { id, revision: 99 });
  assert.equal(missing.isError, true);
  assert.match(missing.text, /no revision 99/);

  const deleted = await fetch(new URL(`/api/diagrams/${id}`, instance.url), {
    method: "DELETE",
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(deleted.status, 204);
  const listing = await mcp.call("list_diagrams", {});
  assert.deepEqual(listing.structured!.diagrams, []);
  const refused = await mcp.call("restore_revision", { id, revision: 1 });
  assert.equal(refused.isError, true);
  assert.match(refused.text, /^diagram is in the trash/);
});

async function storedElements(instance: { url: URL }, token: string, id: string): Promise<Json[]> {
  const response = await fetch(new URL(`/api/diagrams/${id}`, instance.url), {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()).file.elements;
}

Deno.test("get_diagram then update_diagram with the spec unchanged redraws the same elements in the same places", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const id = (await mcp.call("create_diagram", { name: "Chain", spec: chainSpec(12) }))
    .structured!.id;
  const before = await storedElements(instance, token, id);
  const read = await mcp.call("get_diagram", { id });
  assert.equal(read.isError, false, read.text);
  const colours = read.structured!.spec.nodes.filter((node: Json) => node.color === "blue");
  assert.equal(colours.length, 4, "colours come back with the nodes");

  const updated = await mcp.call("update_diagram", { id, spec: read.structured!.spec });
  assert.equal(updated.isError, false, updated.text);
  assert.equal(updated.structured!.revision, 2);
  assert.equal(updated.structured!.replacedRevision, 1);
  const after = await storedElements(instance, token, id);
  const place = (elements: Json[]) =>
    elements.map(({ id, type, x, y, width, height }: Json) => [id, type, x, y, width, height]);
  assert.deepEqual(place(after), place(before));
});

Deno.test("update_diagram with a patch changes one box of a big diagram and says what it kept", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const id = (await mcp.call("create_diagram", { name: "Big", spec: chainSpec(200) }))
    .structured!.id;
  const patched = await mcp.call("update_diagram", {
    id,
    patch: { updateNodes: [{ id: "n7", label: "Renamed step", color: "red" }] },
  });
  assert.equal(patched.isError, false, patched.text);
  assert.equal(patched.structured!.nodes, 200);
  assert.equal(patched.structured!.keptElements, 0);
  assert.match(patched.text, /replaced revision 1/);
  const spec = (await mcp.call("get_diagram", { id })).structured!.spec;
  assert.deepEqual(spec.nodes[7], {
    id: "n7",
    label: "Renamed step",
    shape: "diamond",
    color: "red",
  });

  const both = await mcp.call("update_diagram", { id, spec, patch: { removeNodes: ["n1"] } });
  assert.equal(both.isError, true);
  assert.match(both.text, /exactly one of spec .* patch .* or mermaid .*; got spec and patch/);
  const unknown = await mcp.call("update_diagram", { id, patch: { removeEdges: ["n0->n9"] } });
  assert.equal(unknown.isError, true);
  assert.match(unknown.text, /- patch\.removeEdges\[0\]: unknown edge "n0->n9"/);
  assert.equal((await mcp.call("get_diagram", { id })).structured!.revision, 2);
});

Deno.test("a NUL or other control character in a name or label is refused, naming the field", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const badLabel = await mcp.call("create_diagram", {
    name: "Fine",
    spec: { layout: "TB", nodes: [{ id: "a", label: "A\u0000B" }], edges: [] },
  });
  assert.equal(badLabel.isError, true);
  assert.match(badLabel.text, /- spec\.nodes\[0\]\.label: must not contain control characters/);
  const badName = await mcp.call("create_diagram", {
    name: "Bad\u0000name",
    spec: chainSpec(2),
  });
  assert.equal(badName.isError, true);
  assert.match(badName.text, /name/);
  assert.match(badName.text, /control characters/);
  assert.deepEqual((await mcp.call("list_diagrams", {})).structured!.diagrams, []);
});

Deno.test("tool calls over DIAGRAM_MCP_RATE_MAX per token get 429 with Retry-After; another token is not slowed", async () => {
  const { instance, token, mcpUrl } = await setUp({ DIAGRAM_MCP_RATE_MAX: "3" });
  await using _ = instance;
  const second = (await instance.admin("create-token", EMAIL, "second")).stdout.trim().split("\n")
    .at(-1)!;
  const call = (bearer: string, id: number) =>
    fetch(mcpUrl, {
      method: "POST",
      headers: {
        authorization: `Bearer ${bearer}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: "list_diagrams", arguments: {} },
      }),
    });
  const statuses: number[] = [];
  for (let i = 1; i <= 4; i++) {
    const response = await call(token, i);
    statuses.push(response.status);
    if (response.status === 429) assert.ok(Number(response.headers.get("retry-after")) >= 1);
    await response.body?.cancel();
  }
  assert.deepEqual(statuses, [200, 200, 200, 429]);
  const other = await call(second, 5);
  assert.equal(other.status, 200);
  await other.body?.cancel();
});

Deno.test("browser pages other than ours and loopback ones get 403 before their token is looked at", async () => {
  const own = "https://diagrams.example.com";
  const { instance, token, mcpUrl } = await setUp({ BASE_URL: own });
  await using _ = instance;
  const post = (headers: Record<string, string>) =>
    fetch(mcpUrl, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
  const bearer = { authorization: `Bearer ${token}` };
  for (
    const [headers, status] of <[Record<string, string>, number][]> [
      [{ ...bearer, origin: "http://evil.example" }, 403],
      [{ ...bearer, origin: "null" }, 403],
      [{ origin: "http://evil.example" }, 403],
      [{ ...bearer, origin: own }, 200],
      [{ ...bearer, origin: "http://localhost:6274" }, 200],
      [{ origin: "http://localhost:6274" }, 401],
      [bearer, 200],
    ]
  ) {
    const response = await post(headers);
    assert.equal(response.status, status, JSON.stringify(headers));
    const body = await response.json();
    if (status === 403) {
      assert.equal(body.id, null);
      assert.match(body.error.message, /^Forbidden: Origin .*\(DIAGRAM_MCP_ALLOWED_ORIGINS lists/);
    }
    assert.equal(
      response.headers.get("access-control-allow-origin"),
      status === 403 ? null : headers.origin ?? null,
    );
  }
  const preflight = await fetch(mcpUrl, {
    method: "OPTIONS",
    headers: {
      origin: "http://127.0.0.1:6274",
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization, content-type",
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "http://127.0.0.1:6274");
  assert.match(preflight.headers.get("access-control-allow-headers")!, /Authorization/);
});

Deno.test("DIAGRAM_MCP_ALLOWED_ORIGINS replaces the loopback pages; our own origin still passes", async () => {
  const { instance, token, mcpUrl } = await setUp({
    DIAGRAM_MCP_ALLOWED_ORIGINS: "https://chat.example.org",
  });
  await using _ = instance;
  for (
    const [origin, status] of [
      ["https://chat.example.org", 200],
      ["http://localhost:8000", 200],
      ["http://localhost:6274", 403],
    ] as const
  ) {
    const response = await fetch(mcpUrl, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        origin,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    assert.equal(response.status, status, origin);
    await response.body?.cancel();
  }
});

Deno.test("the documented protocol revisions are spoken and no others", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await checkProtocolVersions(
    (body, headers) =>
      fetch(mcpUrl, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(body),
      }),
    // The tools, and the MCP App view as a resource; neither list ever changes.
    { tools: { listChanged: false }, resources: { listChanged: false } },
  );
});

Deno.test("styled edges drawn by create_diagram come back from get_diagram, and a bad style names its path", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const edges = [
    { from: "a", to: "b", line: "dashed", start: "circle" },
    { from: "b", to: "c", line: "thick", end: "cross" },
    { from: "a", to: "c", line: "dotted", start: "arrow", end: "none" },
    { from: "c", to: "a" },
  ];
  const nodes = ["a", "b", "c"].map((id) => ({ id, label: id.toUpperCase() }));
  const created = await mcp.call("create_diagram", {
    name: "Styled",
    spec: { layout: "TB", nodes, edges },
  });
  assert.equal(created.isError, false, created.text);
  const { id } = created.structured!;

  const arrows = (await storedElements(instance, token, id))
    .filter((element: Json) => element.type === "arrow");
  assert.deepEqual(
    arrows.map((arrow: Json) => [
      arrow.strokeStyle,
      arrow.strokeWidth,
      arrow.startArrowhead,
      arrow.endArrowhead,
    ]),
    [
      ["dashed", 2, "circle", "arrow"],
      ["solid", 4, null, "bar"],
      ["dotted", 2, "arrow", null],
      ["solid", 2, null, "arrow"],
    ],
  );

  const read = await mcp.call("get_diagram", { id });
  assert.equal(read.isError, false, read.text);
  assert.deepEqual(
    read.structured!.spec.edges,
    edges.map((edge) => ({ id: `${edge.from}->${edge.to}`, ...edge })),
  );

  const bad = await mcp.call("create_diagram", {
    name: "Wavy",
    spec: { layout: "TB", nodes, edges: [{ from: "a", to: "b", line: "wavy" }] },
  });
  assert.equal(bad.isError, true);
  assert.match(
    bad.text,
    /spec\.edges\[0\]\.line: expected one of "solid", "dashed", "dotted", "thick", got "wavy"/,
  );
});

/** A flowchart with two subgraphs (one inside the other), a link on a node and a labelled edge. */
const CHART = `flowchart LR
  subgraph api [API layer]
    gateway[Gateway] --> service(Orders service)
    subgraph workers [Workers]
      direction TB
      queue[(Queue)] --> worker[Worker]
    end
  end
  service -->|enqueues| queue
  worker -->|writes| db[(Postgres)]
  click gateway "https://example.com/gateway"`;

/**
 * A spec as the service holds it (defaults filled in, every edge with its id), its nodes and
 * groups by id: a chart lists a subgraph's nodes inside it, wherever the spec had them.
 */
function normalised(input: unknown): DiagramSpec {
  const parsed = parseSpec(input);
  assert.ok(parsed.ok, JSON.stringify(parsed));
  const ids = edgeIds(parsed.spec.edges);
  const byId = (a: { id: string }, b: { id: string }) => a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return {
    ...parsed.spec,
    nodes: parsed.spec.nodes.toSorted(byId),
    edges: parsed.spec.edges.map((edge, i) => ({ ...edge, id: ids[i] })),
    ...(parsed.spec.groups ? { groups: parsed.spec.groups.toSorted(byId) } : {}),
  };
}

/** What a chart parses to, as the service holds it. */
function chartSpec(chart: string): DiagramSpec {
  const parsed = mermaidToSpec(chart);
  assert.ok(parsed.ok, JSON.stringify(parsed));
  return normalised(parsed.spec);
}

Deno.test("create_diagram draws a Mermaid flowchart, its subgraphs as groups, and names what it ignored", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const created = await mcp.call("create_diagram", { name: "Orders", mermaid: CHART });
  assert.equal(created.isError, false, created.text);
  assert.deepEqual([created.structured!.nodes, created.structured!.edges], [5, 4]);
  const notes: string[] = created.structured!.notes;
  assert.ok(notes.some((note) => /click/.test(note)), JSON.stringify(notes));
  assert.match(created.text, /\nNot drawn from the Mermaid chart:\n- .*click/);

  const read = await mcp.call("get_diagram", { id: created.structured!.id });
  assert.equal(read.isError, false, read.text);
  const spec = read.structured!.spec;
  assert.equal(spec.layout, "LR");
  assert.deepEqual(
    spec.groups.map((group: Json) => [group.id, group.label, group.parent ?? null]).sort(),
    [["api", "API layer", null], ["workers", "Workers", "api"]],
  );
  assert.deepEqual(
    Object.fromEntries(spec.nodes.map((node: Json) => [node.id, node.group ?? null])),
    { gateway: "api", service: "api", queue: "workers", worker: "workers", db: null },
  );
  assert.deepEqual(normalised(spec), chartSpec(CHART), "the diagram holds what the chart says");

  // A spec without a chart's notes answers without them.
  const plain = await mcp.call("create_diagram", { name: "Plain", spec: chainSpec(2) });
  assert.equal(plain.structured!.notes, undefined);
  assert.doesNotMatch(plain.text, /Not drawn/);
});

Deno.test("get_diagram's mermaid parses back to the very spec it returns; an empty diagram's is null", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  for (
    const args of [
      { name: "From a chart", mermaid: CHART },
      { name: "From a spec", spec: chainSpec(12) },
    ]
  ) {
    const id = (await mcp.call("create_diagram", args)).structured!.id;
    const read = await mcp.call("get_diagram", { id });
    assert.equal(read.isError, false, read.text);
    const mermaid: string = read.structured!.mermaid;
    assert.equal(typeof mermaid, "string", args.name);
    assert.ok(read.text.includes(`\nmermaid:\n${mermaid}`), "the text carries the chart too");
    assert.deepEqual(chartSpec(mermaid), normalised(read.structured!.spec), args.name);
  }

  const empty = await fetch(new URL("/api/diagrams", instance.url), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Nothing yet" }),
  }).then((response) => response.json());
  const read = await mcp.call("get_diagram", { id: empty.id });
  assert.equal(read.isError, false, read.text);
  assert.equal(read.structured!.mermaid, null);
  assert.equal(read.structured!.spec, undefined);
});

Deno.test("update_diagram from Mermaid redraws as the same spec update would, keeping the hand-drawn note in place", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const id = (await mcp.call("create_diagram", { name: "Orders", mermaid: CHART })).structured!.id;

  // A person adds a note beside the drawing.
  const current = await fetch(new URL(`/api/diagrams/${id}`, instance.url), {
    headers: { authorization: `Bearer ${token}` },
  }).then((response) => response.json());
  const note = fileWithNote("ask ops about retention").elements[0];
  const file = { ...current.file, elements: [...current.file.elements, { ...note, index: "zz0" }] };
  const saved = await fetch(new URL(`/api/diagrams/${id}`, instance.url), {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ file }),
  });
  assert.equal(saved.status, 200, await saved.text());
  const before = await storedElements(instance, token, id);

  // The same chart again: every element where it was, the note too.
  const same = await mcp.call("update_diagram", { id, mermaid: CHART, name: "Orders v2" });
  assert.equal(same.isError, false, same.text);
  assert.deepEqual(
    [same.structured!.revision, same.structured!.keptElements, same.structured!.name],
    [3, 1, "Orders v2"],
  );
  assert.ok(same.structured!.notes.some((line: string) => /click/.test(line)));
  const place = (elements: Json[]) =>
    elements.filter((element) => !element.isDeleted)
      .map(({ id, type, x, y, width, height }: Json) => [id, type, x, y, width, height]);
  assert.deepEqual(place(await storedElements(instance, token, id)), place(before));

  // A changed chart draws exactly what the same change sent as a spec draws.
  const changed = CHART.replace("[Worker]", "[Worker pool]").replace(
    "  click",
    "  worker --> cache[Cache]\n  click",
  );
  const fromChart = await mcp.call("update_diagram", { id, mermaid: changed });
  assert.equal(fromChart.isError, false, fromChart.text);
  assert.equal(fromChart.structured!.keptElements, 1);
  const drawnFromChart = await storedElements(instance, token, id);
  const parsed = mermaidToSpec(changed);
  assert.ok(parsed.ok, JSON.stringify(parsed));
  const fromSpec = await mcp.call("update_diagram", { id, spec: parsed.spec });
  assert.equal(fromSpec.isError, false, fromSpec.text);
  assert.equal(fromSpec.structured!.keptElements, 1);
  assert.deepEqual(place(await storedElements(instance, token, id)), place(drawnFromChart));
  const kept = drawnFromChart.find((element) => element.id === note.id)!;
  assert.deepEqual([kept.x, kept.y, kept.text], [note.x, note.y, note.text]);
});

Deno.test("spec and mermaid together, or neither, are refused naming what was sent; nothing is saved", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const both = await mcp.call("create_diagram", {
    name: "Both",
    spec: chainSpec(2),
    mermaid: CHART,
  });
  assert.equal(both.isError, true);
  assert.match(both.text, /exactly one of spec .* or mermaid .*; got spec and mermaid/);
  const neither = await mcp.call("create_diagram", { name: "Neither" });
  assert.equal(neither.isError, true);
  assert.match(neither.text, /got neither/);
  assert.deepEqual((await mcp.call("list_diagrams", {})).structured!.diagrams, []);

  const id = (await mcp.call("create_diagram", { name: "One", mermaid: CHART })).structured!.id;
  const update = await mcp.call("update_diagram", { id, spec: chainSpec(2), mermaid: CHART });
  assert.equal(update.isError, true);
  assert.match(update.text, /got spec and mermaid/);
  const none = await mcp.call("update_diagram", { id, name: "Renamed" });
  assert.equal(none.isError, true);
  assert.match(none.text, /got none/);
  const read = await mcp.call("get_diagram", { id });
  assert.deepEqual([read.structured!.revision, read.structured!.name], [1, "One"]);
});

Deno.test("a sequenceDiagram or a chart with a syntax error is refused with every error, and nothing is saved", async () => {
  const { instance, token, mcpUrl } = await setUp();
  await using _ = instance;
  await using mcp = await connectClient(mcpUrl, { authorization: `Bearer ${token}` });
  const sequence = await mcp.call("create_diagram", {
    name: "Chat",
    mermaid: "sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>Alice: Hi",
  });
  assert.equal(sequence.isError, true);
  assert.match(sequence.text, /^The Mermaid chart has \d+ problem\(s\); nothing was saved/);
  assert.match(sequence.text, /sequenceDiagram/);
  const broken = await mcp.call("create_diagram", {
    name: "Broken",
    mermaid: "flowchart TD\n  a[A] --> b{B]\n  b --> c",
  });
  assert.equal(broken.isError, true);
  assert.match(broken.text, /- line 2, column \d+: /);
  assert.deepEqual((await mcp.call("list_diagrams", {})).structured!.diagrams, []);

  const id = (await mcp.call("create_diagram", { name: "Kept", mermaid: CHART })).structured!.id;
  const update = await mcp.call("update_diagram", {
    id,
    mermaid: "classDiagram\n  class Order",
  });
  assert.equal(update.isError, true);
  assert.match(update.text, /classDiagram/);
  assert.equal((await mcp.call("get_diagram", { id })).structured!.revision, 1);
});
