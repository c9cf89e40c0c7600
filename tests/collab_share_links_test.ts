// Share links, live: a visitor's page gets a room token from POST /s/<secret>/live and follows the
// diagram through collab; a view link's visitor may not change the room nor appear in it, an edit
// link's guest edits with a name and its saves are credited to its link; and whatever ends the
// link (revoked, turned view-only, its diagram trashed, a password reset) closes its connections
// within a flush, takes back what they wrote after, and makes the next /live the same 404.
import assert from "node:assert/strict";
import * as encoding from "lib0/encoding.js";
import * as syncProtocol from "y-protocols/sync.js";
import * as Y from "yjs";
import {
  type Client,
  type DiagramWithAccount,
  draw,
  EMAIL,
  eventually,
  FAST_FLUSH,
  FLUSH_MS,
  joinRoom,
  pause,
  rawSocket,
  rectangle,
  sees,
  startCollab,
  startDiagramWithAccount,
  stored,
  storedIds,
  WITHIN_A_FLUSH_MS,
} from "./helpers/collab_instance.ts";

/** A new link to diagram `id`: its secret and its id. */
async function share(
  setup: DiagramWithAccount,
  id: string,
  options: { access?: "view" | "edit"; label?: string } = {},
): Promise<{ secret: string; linkId: string }> {
  const made = await setup.api("POST", `/api/diagrams/${id}/shares`, options);
  assert.equal(made.status, 201);
  return { secret: made.json.url.split("/s/")[1], linkId: made.json.id };
}

/** A visitor's page asking for its room token, as the shared page's script does. */
async function live(
  setup: DiagramWithAccount,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = { origin: setup.diagram.origin },
) {
  const response = await fetch(new URL(`${path}/live`, setup.diagram.url), {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = response.headers.get("content-type")?.startsWith("application/json")
    ? await response.json()
    : await response.text();
  return { status: response.status, json, headers: response.headers };
}

/** The visitor's token for link `secret` (asserting the access it grants). */
async function visitorToken(
  setup: DiagramWithAccount,
  secret: string,
  access: "view" | "edit",
): Promise<string> {
  const answer = await live(setup, `/s/${secret}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.json));
  assert.equal(answer.json.access, access);
  return answer.json.token;
}

/** One sync update frame carrying a change to `elements`, as a hand-written client sends it. */
function writeFrame(id: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap("elements").set(id, JSON.stringify(rectangle(id, "a9")));
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, 0);
  syncProtocol.writeUpdate(encoder, Y.encodeStateAsUpdate(doc));
  return encoding.toUint8Array(encoder);
}

/** The awareness names `client` sees, other than its own. */
function namesSeenBy(client: Client): string[] {
  const own = client.provider.awareness.clientID;
  return [...client.provider.awareness.getStates()]
    .filter(([id]) => id !== own)
    .map(([, state]) => state.user?.name)
    .filter((name) => typeof name === "string");
}

Deno.test("a view link's visitor follows the owner's edits live, is not present, and a write from it is not applied and closes it with 4405", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const { secret } = await share(setup, id);

  const answer = await live(setup, `/s/${secret}`);
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("cache-control"), "no-store");
  assert.deepEqual(Object.keys(answer.json).toSorted(), [
    "access",
    "collabUrl",
    "name",
    "room",
    "token",
  ]);
  assert.equal(answer.json.access, "view");
  assert.equal(answer.json.room, id);
  assert.match(answer.json.collabUrl, new RegExp(`/${id}$`));

  using owner = joinRoom(collab, id, await setup.token(id));
  owner.provider.awareness.setLocalStateField("user", { name: "the owner" });
  using viewer = joinRoom(collab, id, answer.json.token);
  viewer.provider.awareness.setLocalStateField("user", { name: "peeker" });
  await Promise.all([owner.synced(), viewer.synced()]);
  await sees(viewer, ["seeded"]);

  draw(owner, "by-owner", "a1");
  await sees(viewer, ["by-owner"], "the owner's edit reaches the viewer");
  // The viewer sees the owner's presence; nobody sees the viewer's.
  await eventually(() => namesSeenBy(viewer).includes("the owner") || undefined, 5000);
  assert.deepEqual(namesSeenBy(owner), []);

  draw(viewer, "by-viewer", "a2");
  assert.equal(await viewer.closed(), 4405);
  await pause(4 * FLUSH_MS);
  assert.equal(owner.elements.has("by-viewer"), false);
  assert.deepEqual(await storedIds(setup, id), ["seeded", "by-owner"]);
});

Deno.test("an edit link's guest edits with its name in presence, its save is credited to its link, and restoring the revision before it undoes it", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const { secret } = await share(setup, id, { access: "edit", label: "design review" });

  const unnamed = await live(setup, `/s/${secret}`);
  assert.equal(unnamed.json.access, "edit");
  assert.equal(unnamed.json.name, "a guest via link design review");
  const named = await live(setup, `/s/${secret}`, { name: "  Ada   Lovelace " });
  assert.equal(named.json.name, "Ada Lovelace");
  const badName = await live(setup, `/s/${secret}`, { name: "two\nlines" });
  assert.equal(badName.status, 400);

  using owner = joinRoom(collab, id, await setup.token(id));
  using guest = joinRoom(collab, id, named.json.token);
  guest.provider.awareness.setLocalStateField("user", { name: named.json.name });
  await Promise.all([owner.synced(), guest.synced()]);
  await eventually(() => namesSeenBy(owner).includes("Ada Lovelace") || undefined, 5000);

  const before = (await setup.storedElements(id)).revision;
  draw(guest, "by-guest", "a1");
  await sees(owner, ["by-guest"]);
  await stored(setup, id, ["by-guest"]);
  const history = await setup.api("GET", `/api/diagrams/${id}/revisions`);
  assert.equal(history.json.changedVia, "guest");
  assert.equal(history.json.changedWithToken, "design review");
  // What the guest's save replaced was kept, whoever made it.
  assert.ok(history.json.revisions.some((kept: { revision: number }) => kept.revision === before));

  // The owner's next change keeps the guest's contents as a revision credited to the link.
  draw(owner, "by-owner", "a2");
  await stored(setup, id, ["by-owner"]);
  const after = await setup.api("GET", `/api/diagrams/${id}/revisions`);
  const guests = after.json.revisions.filter((kept: { source: string }) => kept.source === "guest");
  assert.equal(guests.length, 1);
  assert.equal(guests[0].withToken, "design review");
  const page = await fetch(new URL(`/d/${id}/history`, setup.diagram.url), {
    headers: { cookie: await setup.signIn() },
  });
  assert.match(await page.text(), /a guest via link design review/);

  // Undone like any other change: the revision before it comes back.
  const restored = await setup.api("POST", `/api/diagrams/${id}/revisions/${before}/restore`);
  assert.equal(restored.status, 200);
  assert.deepEqual(await storedIds(setup, id), ["seeded"]);
});

Deno.test("revoking a link closes its viewer and its guest within a flush, takes back what the guest wrote after, and refuses its tokens and /live with the same 404 as a guessed link", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const view = await share(setup, id);
  const edit = await share(setup, id, { access: "edit", label: "crew" });
  using owner = joinRoom(collab, id, await setup.token(id));
  const viewToken = await visitorToken(setup, view.secret, "view");
  const guestToken = await visitorToken(setup, edit.secret, "edit");
  using viewer = joinRoom(collab, id, viewToken);
  using guest = joinRoom(collab, id, guestToken);
  await Promise.all([owner.synced(), viewer.synced(), guest.synced()]);

  for (const link of [view, edit]) {
    assert.equal((await setup.api("DELETE", `/api/shares/${link.linkId}`)).status, 204);
  }
  const revokedAt = Date.now();
  draw(guest, "after-revoke", "a1");
  assert.deepEqual(await Promise.all([viewer.closed(), guest.closed()]), [4401, 4401]);
  const closedAfter = Date.now() - revokedAt;
  assert.ok(closedAfter < WITHIN_A_FLUSH_MS, `closed ${closedAfter} ms after the revoke`);
  await eventually(() => !owner.elements.has("after-revoke") || undefined, 5000);
  await pause(4 * FLUSH_MS);
  assert.deepEqual(await storedIds(setup, id), ["seeded"]);

  // Its tokens are refused from now on; a raw socket writing with one gets nothing applied.
  await using raw = rawSocket(collab, id, guestToken);
  raw.socket.addEventListener("open", () => raw.socket.send(writeFrame("raw-write")));
  assert.equal((await raw.closed).code, 4401);
  await pause(2 * FLUSH_MS);
  assert.equal(owner.elements.has("raw-write"), false);

  const revoked = await live(setup, `/s/${edit.secret}`);
  const guessed = await live(setup, `/s/${"A".repeat(43)}`);
  const truncated = await live(setup, `/s/${view.secret.slice(0, 20)}`);
  for (const answer of [revoked, guessed, truncated]) {
    assert.deepEqual({ status: answer.status, json: answer.json }, {
      status: 404,
      json: revoked.json,
    });
  }
});

Deno.test("an edit link turned view-only ends its guests within a flush and takes back what they wrote after; /live then grants viewing, and turned back, a new guest joins at once", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const { secret, linkId } = await share(setup, id, { access: "edit", label: "crew" });
  using owner = joinRoom(collab, id, await setup.token(id));
  using guest = joinRoom(collab, id, await visitorToken(setup, secret, "edit"));
  await Promise.all([owner.synced(), guest.synced()]);
  draw(guest, "while-editing", "a1");
  await sees(owner, ["while-editing"]);

  const patched = await setup.api("PATCH", `/api/shares/${linkId}`, { access: "view" });
  assert.equal(patched.status, 200);
  draw(guest, "after-view-only", "a2");
  assert.equal(await guest.closed(), 4401);
  await eventually(() => !owner.elements.has("after-view-only") || undefined, 5000);
  await pause(4 * FLUSH_MS);
  assert.deepEqual(await storedIds(setup, id), ["seeded", "while-editing"]);

  // Reconnecting, the page gets a view token: it follows, and may not write.
  using viewer = joinRoom(collab, id, await visitorToken(setup, secret, "view"));
  await viewer.synced();
  draw(viewer, "from-viewer", "a3");
  assert.equal(await viewer.closed(), 4405);

  // Editing again: a new guest is not refused as the ended one is.
  await setup.api("PATCH", `/api/shares/${linkId}`, { access: "edit" });
  using again = joinRoom(collab, id, await visitorToken(setup, secret, "edit"));
  await again.synced();
  draw(again, "edit-again", "a4");
  await stored(setup, id, ["edit-again"]);
});

Deno.test("trashing a shared diagram closes its link's viewers and /live answers 404; a password reset ends every link's viewers", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const trashed = await setup.newDiagram([rectangle("seeded", "a0")]);
  const kept = await setup.newDiagram([rectangle("seeded", "a0")]);
  const toTrash = await share(setup, trashed);
  const toReset = await share(setup, kept, { access: "edit" });
  using trashedViewer = joinRoom(
    collab,
    trashed,
    await visitorToken(setup, toTrash.secret, "view"),
  );
  using guest = joinRoom(collab, kept, await visitorToken(setup, toReset.secret, "edit"));
  await Promise.all([trashedViewer.synced(), guest.synced()]);

  assert.equal((await setup.api("DELETE", `/api/diagrams/${trashed}`)).status, 204);
  const code = await trashedViewer.closed();
  assert.ok([4401, 4404].includes(code), `closed with ${code}`);
  assert.equal((await live(setup, `/s/${toTrash.secret}`)).status, 404);

  await setup.diagram.admin("reset-password", EMAIL, "a brand new passphrase");
  assert.equal(await guest.closed(), 4401);
  assert.equal((await live(setup, `/s/${toReset.secret}`)).status, 404);
});

Deno.test("a collection link's visitor gets a view token for a diagram in it and the same 404 for one outside it; /live refuses another site's page and is rate-limited with the rest of /s/", async () => {
  await using setup = await startDiagramWithAccount();
  const collection = await setup.api("POST", "/api/collections", { name: "Shown" });
  assert.equal(collection.status, 201);
  const inside = await setup.newDiagram();
  const outside = await setup.newDiagram();
  await setup.api("PATCH", `/api/diagrams/${inside}`, { collectionId: collection.json.id });
  const made = await setup.api("POST", `/api/collections/${collection.json.id}/shares`, {});
  const secret = made.json.url.split("/s/")[1];

  const reached = await live(setup, `/s/${secret}/d/${inside}`);
  assert.equal(reached.status, 200);
  assert.deepEqual([reached.json.access, reached.json.room], ["view", inside]);
  const notShown = await live(setup, `/s/${secret}/d/${outside}`);
  const noDiagram = await live(setup, `/s/${secret}`);
  const badId = await live(setup, `/s/${secret}/d/..%2f`);
  for (const answer of [notShown, noDiagram, badId]) assert.equal(answer.status, 404);

  const crossSite = await live(setup, `/s/${secret}/d/${inside}`, {}, {
    origin: "https://elsewhere.example",
  });
  assert.equal(crossSite.status, 403);

  let limited = null;
  for (let i = 0; i < 200 && limited === null; i++) {
    const answer = await live(setup, `/s/${secret}/d/${inside}`);
    if (answer.status === 429) limited = answer;
  }
  assert.ok(limited, "a flood of /live requests is cut off");
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
});
