// A room connection is part of the session that granted its token: signing out, a password
// reset and a revoked access token end it within one flush, what it wrote after the end is not
// kept, and its tokens are refused from then on (by a collab server that never saw them too).
import assert from "node:assert/strict";
import * as awarenessProtocol from "y-protocols/awareness.js";
import * as Y from "yjs";
import type { DiagramClient } from "../collab/rooms/diagram_client.ts";
import { handleMessage, syncStep1, updateMessage } from "../collab/protocol/protocol.ts";
import type { Peer, Room } from "../collab/room/room.ts";
import { roomFiles } from "../collab/rooms/room_files.ts";
import { createRooms, RoomUnavailable } from "../collab/rooms/rooms.ts";
import { createSessionGate } from "../collab/rooms/session_gate.ts";
import { decodeBase64Url } from "../shared/base64url.ts";
import { sha256Hex } from "../diagram/digest.ts";
import { signRequest } from "../shared/internal_signature.ts";
import {
  type Client,
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

const NEW_PASSWORD = "a brand new passphrase";

/** The close code a fresh socket with `token` gets. */
async function refusal(collab: { url: URL }, id: string, token: string): Promise<number> {
  await using raw = rawSocket(collab, id, token);
  return (await raw.closed).code;
}

function elementX(client: Client, id: string): number {
  return JSON.parse(client.elements.get(id) as string).x;
}

Deno.test("signing out closes that session's room connections within a flush, undoes what it wrote after, and its token is refused, by a fresh collab too", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  // The owner's own browser stays signed in; another browser of theirs signs out.
  using stays = joinRoom(collab, id, await setup.token(id));
  const other = await setup.signIn();
  const othersToken = await setup.token(id, other);
  using leaves = joinRoom(collab, id, othersToken);
  await Promise.all([stays.synced(), leaves.synced()]);

  draw(leaves, "before", "a1");
  // Seen by the other browser: it reached the room before the sign-out.
  await sees(stays, ["before"]);
  assert.equal((await setup.api("POST", "/api/logout", undefined, other)).status, 204);
  const signedOutAt = Date.now();
  // Written after the session ended: a new shape, and a change to one that was there.
  draw(leaves, "after", "a2");
  leaves.elements.set("seeded", JSON.stringify({ ...rectangle("seeded", "a0", 2), x: 999 }));

  assert.equal(await leaves.closed(), 4401);
  const closedAfter = Date.now() - signedOutAt;
  assert.ok(closedAfter < WITHIN_A_FLUSH_MS, `closed ${closedAfter} ms after the sign-out`);
  // Undone for the browser still in the room too.
  await eventually(
    () => !stays.elements.has("after") && elementX(stays, "seeded") === 0 || undefined,
    5000,
    "the late writes undone at the browser still signed in",
  );
  await pause(4 * FLUSH_MS);
  const after = await setup.storedElements(id);
  assert.deepEqual(after.elements.map((element) => element.id), ["seeded", "before"]);
  assert.equal((after.elements[0] as unknown as { x: number }).x, 0);
  // Closed once, for good: the client did not come back with the same token.
  assert.equal(leaves.connectionCloses(), 1);
  assert.equal(leaves.provider.wsconnected, false);
  assert.equal(stays.connectionCloses(), 0);

  assert.equal(await refusal(collab, id, othersToken), 4401);
  using late = joinRoom(collab, id, othersToken);
  assert.equal(await late.closed(), 4401);
  // A collab server started after the sign-out asks the diagram service before it admits.
  await using fresh = await startCollab(setup.diagram, FAST_FLUSH);
  assert.equal(await refusal(fresh, id, othersToken), 4401);
  using again = joinRoom(fresh, id, await setup.token(id));
  await again.synced();
});

Deno.test("an operator's password reset closes every room connection of the account within a flush, keeps what was written before, and refuses their tokens", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const tokens = [await setup.token(id), await setup.token(id, await setup.signIn())];
  const clients = tokens.map((token) => joinRoom(collab, id, token));
  try {
    await Promise.all(clients.map((client) => client.synced()));
    draw(clients[0], "before", "a1");
    await sees(clients[1], ["before"]);

    const reset = await setup.diagram.admin("reset-password", EMAIL, NEW_PASSWORD);
    assert.equal(reset.code, 0, reset.stderr);
    assert.match(reset.stdout, /2 session\(s\) ended/);
    const resetAt = Date.now();
    draw(clients[1], "after", "a2");
    assert.deepEqual(await Promise.all(clients.map((client) => client.closed())), [4401, 4401]);
    const closedAfter = Date.now() - resetAt;
    assert.ok(closedAfter < WITHIN_A_FLUSH_MS, `closed ${closedAfter} ms after the reset`);

    await pause(4 * FLUSH_MS);
    for (const client of clients) assert.equal(client.connectionCloses(), 1);
    await setup.signInAgain(NEW_PASSWORD);
    assert.deepEqual(await storedIds(setup, id), ["seeded", "before"]);
    for (const token of tokens) assert.equal(await refusal(collab, id, token), 4401);
    // A session begun after the reset is let in.
    using fresh = joinRoom(collab, id, await setup.token(id));
    await fresh.synced();
    await sees(fresh, ["before"]);
  } finally {
    for (const client of clients) client.destroy();
  }
});

Deno.test("revoking an access token closes the room connections it granted within a flush and refuses its room tokens", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const created = await setup.diagram.admin("create-token", EMAIL, "script");
  assert.equal(created.code, 0, created.stderr);
  const accessToken = created.stdout.trim().split("\n").at(-1)!;
  const answer = await fetch(new URL(`/api/diagrams/${id}/collab-token`, setup.diagram.url), {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}` },
  });
  assert.equal(answer.status, 200);
  const { token } = await answer.json();
  using script = joinRoom(collab, id, token);
  await script.synced();
  draw(script, "scripted", "a1");
  await stored(setup, id, ["scripted"]);

  const revoked = await setup.diagram.admin("revoke-token", EMAIL, "script");
  assert.equal(revoked.code, 0, revoked.stderr);
  const revokedAt = Date.now();
  assert.equal(await script.closed(), 4401);
  const closedAfter = Date.now() - revokedAt;
  assert.ok(closedAfter < WITHIN_A_FLUSH_MS, `closed ${closedAfter} ms after the revocation`);
  assert.equal(await refusal(collab, id, token), 4401);
  assert.deepEqual(await storedIds(setup, id), ["seeded", "scripted"]);
});

// The tests above cannot choose whether a late write lands before collab's next check; this one
// does, with the rooms module alone, a scripted diagram service and a clock of its own.
Deno.test("a session that ended is taken back from the moment it ended: earlier edits saved, later ones undone for every client, its next join refused without asking", async () => {
  const dir = await Deno.makeTempDir({ prefix: "collab-sessions-" });
  let clock = 1_000;
  const saved: { id: string; x: number; version: number; isDeleted: boolean }[][] = [];
  const ended: Record<string, number | null> = {};
  let questions = 0;
  const client: DiagramClient = {
    seed: () =>
      Promise.resolve({
        name: "Shared",
        revision: 1,
        elements: [JSON.stringify(rectangle("seeded", "a0"))],
        files: {},
      }),
    save(_id, baseRevision, elements) {
      saved.push(elements as (typeof saved)[number]);
      return Promise.resolve({ saved: true, revision: baseRevision + 1 });
    },
    revisions: (ids) =>
      Promise.resolve(Object.fromEntries(ids.map((id) => [id, 1 + saved.length]))),
    endedSessions(sessions) {
      questions++;
      return Promise.resolve(
        Object.fromEntries(sessions.filter((s) => s in ended).map((s) => [s, ended[s]])),
      );
    },
  };
  const now = () => clock;
  const sessions = createSessionGate({ client, confirmMs: 100, now });
  const rooms = createRooms({
    client,
    sessions,
    files: roomFiles(dir),
    maxRooms: 10,
    flushMs: 100,
    unloadMs: 60_000,
    log: () => {},
    now,
  });
  // The browser that stays: every frame the room sends it, applied to its own copy.
  const mirror = new Y.Doc();
  const mirrorAwareness = new awarenessProtocol.Awareness(mirror);
  const seenAfter: unknown[] = [];
  mirror.getMap("elements").observe((event) => {
    if (event.keysChanged.has("after")) seenAfter.push(mirror.getMap("elements").get("after"));
  });
  const staying: Peer = {
    send: (frame) => void handleMessage(frame, mirror, mirrorAwareness, "room"),
    close() {},
    awarenessIds: new Set(),
    session: "s:staying",
  };
  const closes: number[] = [];
  const leaving: Peer = {
    send() {},
    close: (code) => void closes.push(code),
    awarenessIds: new Set(),
    session: "s:leaving",
  };
  const editor = new Y.Doc();
  /** A change the leaving browser makes, as the room receives it over the wire. */
  const edit = (room: Room, change: (elements: Y.Map<unknown>) => void) => {
    const before = Y.encodeStateVector(editor);
    change(editor.getMap("elements"));
    room.receive(leaving, updateMessage(Y.encodeStateAsUpdate(editor, before)));
  };
  const room = await rooms.join("room", staying);
  try {
    await rooms.join("room", leaving);
    room.receive(staying, syncStep1(mirror));
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(room.doc));

    clock = 2_000;
    edit(room, (elements) => elements.set("before", JSON.stringify(rectangle("before", "a1"))));
    clock = 3_000;
    ended["s:leaving"] = 2_500;
    edit(room, (elements) => {
      elements.set("after", JSON.stringify(rectangle("after", "a2")));
      elements.set("seeded", JSON.stringify({ ...rectangle("seeded", "a0", 5), x: 999 }));
    });
    assert.deepEqual(seenAfter.length, 1, "the late shape reached the other browser");

    const asked = questions;
    await rooms.tick();
    assert.equal(questions, asked + 1, "one question for every session of the room");
    assert.deepEqual(closes, [4401]);
    const [stored] = saved;
    assert.deepEqual(stored.map((element) => element.id), ["seeded", "before"]);
    assert.equal(stored[0].x, 0);
    assert.ok(stored[0].version > 5, "the undo wins over the late change by Excalidraw's rule");
    // The other browser dropped the late shape as an editor does (deleted, a higher version)
    // before its key went, and has the shape that was changed back.
    const tombstone = JSON.parse(seenAfter[1] as string);
    assert.deepEqual([tombstone.isDeleted, tombstone.version > 1], [true, true]);
    assert.equal(mirror.getMap("elements").has("after"), false);
    assert.equal(JSON.parse(mirror.getMap("elements").get("seeded") as string).x, 0);

    // Frames still on their way from the closed connection change nothing.
    edit(room, (elements) => elements.set("sneaky", JSON.stringify(rectangle("sneaky", "a3"))));
    assert.equal(room.doc.getMap("elements").has("sneaky"), false);
    // The ended session is refused at once; the one still live is not asked about again so soon.
    const again: Peer = { ...leaving, awarenessIds: new Set() };
    await assert.rejects(
      rooms.join("room", again),
      (error) => error instanceof RoomUnavailable && error.code === 4401,
    );
    await rooms.join("room", { ...staying, awarenessIds: new Set() });
    assert.equal(questions, asked + 1);
  } finally {
    await rooms.shutdown();
    mirrorAwareness.destroy();
    mirror.destroy();
    editor.destroy();
    await Deno.remove(dir, { recursive: true });
  }
});

/** The claims of a room token. */
function claimsOf(token: string): { sub: string; did: string; sid: string; exp: number } {
  return JSON.parse(new TextDecoder().decode(decodeBase64Url(token.split(".")[0])!));
}

Deno.test("the diagram service names the granting session in each room token and says which sessions ended, and when", async () => {
  await using setup = await startDiagramWithAccount();
  const { diagram } = setup;
  const id = await setup.newDiagram();
  const other = await setup.signIn();
  const sessionRef = claimsOf(await setup.token(id)).sid;
  const otherRef = claimsOf(await setup.token(id, other)).sid;
  assert.match(sessionRef, /^s:[A-Za-z0-9_-]{22}$/);
  assert.notEqual(sessionRef, otherRef);
  // The session's own id: neither the cookie's secret nor the hash the database keeps of it.
  const secret = other.split("=")[1];
  assert.ok(!otherRef.includes(secret) && !otherRef.includes(sha256Hex(secret)));
  const created = await diagram.admin("create-token", EMAIL, "script");
  const answer = await fetch(new URL(`/api/diagrams/${id}/collab-token`, diagram.url), {
    method: "POST",
    headers: { authorization: `Bearer ${created.stdout.trim().split("\n").at(-1)}` },
  });
  const tokenRef = claimsOf((await answer.json()).token).sid;
  assert.match(tokenRef, /^t:/);

  /** POST /internal/collab/sessions, signed as the collab server signs it. */
  const ask = async (body: string) => {
    const path = "/internal/collab/sessions";
    const bytes = new TextEncoder().encode(body);
    const response = await fetch(new URL(path, diagram.url), {
      method: "POST",
      headers: {
        ...signRequest(diagram.env.COLLAB_SECRET, { method: "POST", path, body: bytes }),
        "content-type": "application/json",
      },
      body: bytes,
    });
    return { status: response.status, json: await response.json() };
  };
  const refs = [sessionRef, otherRef, tokenRef, "s:no-such-session"];
  assert.deepEqual(await ask(JSON.stringify({ ids: refs })), {
    status: 200,
    json: { ended: { "s:no-such-session": null } },
  });
  const signedOutAt = Date.now();
  assert.equal((await setup.api("POST", "/api/logout", undefined, other)).status, 204);
  assert.equal((await diagram.admin("revoke-token", EMAIL, "script")).code, 0);
  const { json } = await ask(JSON.stringify({ ids: refs }));
  assert.deepEqual(
    Object.keys(json.ended).sort(),
    [otherRef, "s:no-such-session", tokenRef].sort(),
  );
  for (const ref of [otherRef, tokenRef]) {
    assert.ok(Math.abs(json.ended[ref] - signedOutAt) < 10_000, `${ref} ended when it did`);
  }

  for (
    const body of [
      "not json",
      "{}",
      JSON.stringify({ ids: "s:abc" }),
      JSON.stringify({ ids: ["abc"] }),
      JSON.stringify({ ids: ["x:abc"] }),
      JSON.stringify({ ids: [], more: 1 }),
      JSON.stringify({ ids: Array(10_001).fill("s:abc") }),
    ]
  ) {
    const refused = await ask(body);
    assert.equal(refused.status, 400, body.slice(0, 40));
    assert.equal(typeof refused.json.error, "string");
  }
});
