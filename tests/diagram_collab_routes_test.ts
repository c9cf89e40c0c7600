// The diagram service's side of collaboration over real HTTP: the room token a browser gets, and
// the internal routes only the collab server can call (requests signed with COLLAB_SECRET).
import { readRoomSeed } from "../shared/collab_room_seed.ts";
import assert from "node:assert/strict";
import { verifyCollabToken } from "../shared/collab_token.ts";
import { signRequest } from "../shared/internal_signature.ts";
import { type DiagramInstance, startDiagram } from "./helpers/diagram_instance.ts";
import { ELEMENT_DEFAULTS, hostileFrames } from "./helpers/scene_fixture.ts";
import { linkedBoxes, SCRIPT_LINKS, WEB_LINKS } from "./helpers/element_links.ts";

const EMAIL = "owner@example.com";
const PASSWORD = "correct horse battery";

async function withDiagram(run: (instance: DiagramInstance, cookie: string) => Promise<void>) {
  await using instance = await startDiagram();
  assert.equal((await instance.admin("reset-password", EMAIL, PASSWORD)).code, 0);
  await run(instance, await instance.login(EMAIL, PASSWORD));
}

function rectangle(id: string, index: string) {
  return { ...ELEMENT_DEFAULTS, id, type: "rectangle", x: 0, y: 0, width: 100, height: 50, index };
}

/** A request from the collab server: signed with the shared secret. */
async function internal(
  instance: DiagramInstance,
  method: string,
  path: string,
  body?: unknown,
  secret = instance.env.COLLAB_SECRET,
) {
  const bytes = body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body));
  const headers = signRequest(secret, { method, path, body: bytes });
  const response = await fetch(new URL(path, instance.url), {
    method,
    headers: { ...headers, ...(bytes ? { "content-type": "application/json" } : {}) },
    body: bytes,
  });
  // A room's seed is NDJSON (shared/collab_room_seed.ts): read back as the header with elements.
  const isSeed = response.headers.get("content-type")?.startsWith("application/x-ndjson");
  if (isSeed) {
    const { header, elements } = await readRoomSeed(response.body!);
    return { status: response.status, json: { ...header as object, elements }, headers };
  }
  return { status: response.status, json: await response.json(), headers };
}

async function newDiagram(instance: DiagramInstance, cookie: string, elements: unknown[] = []) {
  const response = await fetch(new URL("/api/diagrams", instance.url), {
    method: "POST",
    headers: { cookie, origin: instance.origin, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Room",
      file: {
        type: "excalidraw",
        version: 2,
        source: "test",
        elements,
        appState: { viewBackgroundColor: "#fafafa" },
        files: {},
      },
    }),
  });
  return await response.json();
}

Deno.test("the owner gets a room token for the diagram, signed with COLLAB_SECRET; others get 404", async () => {
  await withDiagram(async (instance, cookie) => {
    const diagram = await newDiagram(instance, cookie);
    const answer = await fetch(new URL(`/api/diagrams/${diagram.id}/collab-token`, instance.url), {
      method: "POST",
      headers: { cookie, origin: instance.origin },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("cache-control"), "no-store");
    const ticket = await answer.json();
    assert.equal(ticket.url, `ws://localhost:1234/${diagram.id}`);
    const verdict = verifyCollabToken(instance.env.COLLAB_SECRET, ticket.token, {
      diagramId: diagram.id,
    });
    assert.ok(verdict.ok);
    assert.equal(Date.parse(ticket.expiresAt), verdict.claims.exp * 1000);
    assert.ok(verdict.claims.exp * 1000 - Date.now() <= 300_000);

    const unknown = await fetch(
      new URL(`/api/diagrams/${"A".repeat(22)}/collab-token`, instance.url),
      {
        method: "POST",
        headers: { cookie, origin: instance.origin },
      },
    );
    assert.equal(unknown.status, 404);
    await unknown.body?.cancel();
    const anonymous = await fetch(
      new URL(`/api/diagrams/${diagram.id}/collab-token`, instance.url),
      {
        method: "POST",
        headers: { origin: instance.origin },
      },
    );
    assert.equal(anonymous.status, 401);
    await anonymous.body?.cancel();
  });
});

Deno.test("the collab server loads a room, saves over the revision it holds, and learns when it is stale", async () => {
  await withDiagram(async (instance, cookie) => {
    const diagram = await newDiagram(instance, cookie, [rectangle("a", "a0")]);
    const path = `/internal/collab/rooms/${diagram.id}`;
    const seed = await internal(instance, "GET", path);
    assert.equal(seed.status, 200);
    assert.deepEqual(Object.keys(seed.json).sort(), [
      "elements",
      "files",
      "id",
      "name",
      "revision",
    ]);
    assert.equal(seed.json.revision, 1);
    // Each element its own JSON text, which the room keeps as it is.
    assert.ok(seed.json.elements.every((e: unknown) => typeof e === "string"));
    assert.deepEqual(seed.json.elements.map((e: string) => JSON.parse(e).id), ["a"]);

    const elements = [rectangle("a", "a0"), rectangle("b", "a1")];
    const saved = await internal(instance, "PUT", path, { baseRevision: 1, elements });
    assert.deepEqual(saved.json, { revision: 2 });
    const stored = await fetch(new URL(`/api/diagrams/${diagram.id}`, instance.url), {
      headers: { cookie },
    }).then((response) => response.json());
    assert.deepEqual(stored.file.elements.map((e: { id: string }) => e.id), ["a", "b"]);
    assert.equal(stored.file.appState.viewBackgroundColor, "#fafafa", "the rest of the file stays");

    const stale = await internal(instance, "PUT", path, { baseRevision: 1, elements: [] });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.currentRevision, 2);
    const invalid = await internal(instance, "PUT", path, {
      baseRevision: 2,
      elements: [{ id: "x", type: "rectangle" }],
    });
    assert.equal(invalid.status, 400);
    assert.ok(invalid.json.problems.length > 0);

    const revisions = await internal(instance, "POST", "/internal/collab/revisions", {
      ids: [diagram.id, "B".repeat(22)],
    });
    assert.deepEqual(revisions.json, { revisions: { [diagram.id]: 2, ["B".repeat(22)]: null } });
  });
});

Deno.test("a room's save that draws what is stored (null as [], versions bumped, keys reordered) makes no revision", async () => {
  await withDiagram(async (instance, cookie) => {
    const diagram = await newDiagram(instance, cookie, [
      { ...rectangle("a", "a0"), boundElements: null },
      { ...rectangle("b", "a1"), boundElements: null },
    ]);
    const path = `/internal/collab/rooms/${diagram.id}`;
    // As an editor's room holds them after Excalidraw loaded the diagram and touched every one.
    const elements = [rectangle("a", "a0"), rectangle("b", "a1")].map((element) => ({
      ...Object.fromEntries(Object.entries(element).reverse()),
      boundElements: [],
      version: 3,
      versionNonce: 999,
    }));
    const saved = await internal(instance, "PUT", path, { baseRevision: 1, elements });
    assert.equal(saved.status, 200);
    assert.deepEqual(saved.json, { revision: 1 });
    const revisions = await internal(instance, "POST", "/internal/collab/revisions", {
      ids: [diagram.id],
    });
    assert.deepEqual(revisions.json, { revisions: { [diagram.id]: 1 } });
    const stored = await fetch(new URL(`/api/diagrams/${diagram.id}`, instance.url), {
      headers: { cookie },
    }).then((response) => response.json());
    assert.deepEqual([stored.changedVia, stored.updatedAt], ["import", diagram.updatedAt]);

    const moved = await internal(instance, "PUT", path, {
      baseRevision: 1,
      elements: [{ ...rectangle("a", "a0"), x: 40, version: 4 }, rectangle("b", "a1")],
    });
    assert.deepEqual(moved.json, { revision: 2 });
  });
});

Deno.test("internal routes refuse unsigned, wrongly signed and replayed requests", async () => {
  await withDiagram(async (instance, cookie) => {
    const diagram = await newDiagram(instance, cookie);
    const path = `/internal/collab/rooms/${diagram.id}`;
    const bare = await fetch(new URL(path, instance.url));
    assert.equal(bare.status, 401);
    assert.match((await bare.json()).error, /missing or malformed signature headers/);
    // A session cookie is no way in either.
    const withCookie = await fetch(new URL(path, instance.url), { headers: { cookie } });
    assert.equal(withCookie.status, 401);
    await withCookie.body?.cancel();
    const otherSecret = await internal(instance, "GET", path, undefined, "y".repeat(40));
    assert.equal(otherSecret.status, 401);

    const once = await internal(instance, "GET", path);
    assert.equal(once.status, 200);
    const replayed = await fetch(new URL(path, instance.url), { headers: once.headers });
    assert.equal(replayed.status, 401);
    assert.match((await replayed.json()).error, /replayed/);

    // A signed body swapped for another is refused before it is used.
    const body = new TextEncoder().encode(JSON.stringify({ baseRevision: 1, elements: [] }));
    const headers = signRequest(instance.env.COLLAB_SECRET, { method: "PUT", path, body });
    const swapped = await fetch(new URL(path, instance.url), {
      method: "PUT",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ baseRevision: 1, elements: [{ id: "evil" }] }),
    });
    assert.equal(swapped.status, 401);
    assert.match((await swapped.json()).error, /not the one signed/);
  });
});

Deno.test("a room's save holding an iframe element or a foreign embed is refused and the stored diagram stays", async () => {
  await withDiagram(async (instance, cookie) => {
    const diagram = await newDiagram(instance, cookie, [rectangle("a", "a0")]);
    const path = `/internal/collab/rooms/${diagram.id}`;
    const refused = await internal(instance, "PUT", path, {
      baseRevision: 1,
      elements: [rectangle("a", "a0"), ...hostileFrames()],
    });
    assert.equal(refused.status, 400);
    assert.ok(
      refused.json.problems.some((p: string) => p.includes('type "iframe" is not accepted')),
    );
    assert.ok(refused.json.problems.some((p: string) => p.includes("link of an embeddable")));
    const seed = await internal(instance, "GET", path);
    assert.equal(seed.json.revision, 1);
    assert.deepEqual(seed.json.elements.map((e: string) => JSON.parse(e).id), ["a"]);
  });
});

Deno.test("a room's save holding a script or data link is saved with that link taken out, web links kept", async () => {
  await withDiagram(async (instance, cookie) => {
    const diagram = await newDiagram(instance, cookie, [rectangle("a", "a0")]);
    const path = `/internal/collab/rooms/${diagram.id}`;
    const saved = await internal(instance, "PUT", path, {
      baseRevision: 1,
      elements: [rectangle("a", "a0"), ...linkedBoxes("link", [...SCRIPT_LINKS, ...WEB_LINKS])],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    assert.equal(saved.json.revision, 2);
    const seed = await internal(instance, "GET", path);
    const links = seed.json.elements.map((text: string) => JSON.parse(text).link ?? null);
    assert.deepEqual(links, [null, ...SCRIPT_LINKS.map(() => null), ...WEB_LINKS]);
  });
});
