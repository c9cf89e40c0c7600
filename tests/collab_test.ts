// The collaboration server with the real y-websocket client against a real diagram service:
// syncing, presence, saving to the diagram service, and what happens when things go wrong.
import assert from "node:assert/strict";
import { rawRequest } from "../runtime/raw_http_testing.ts";
import * as awarenessProtocol from "y-protocols/awareness.js";
import * as Y from "yjs";
import type { DiagramClient } from "../collab/rooms/diagram_client.ts";
import { awarenessMessage, updateMessage } from "../collab/protocol/protocol.ts";
import type { Peer, Room } from "../collab/room/room.ts";
import { roomFiles } from "../collab/rooms/room_files.ts";
import { createRooms } from "../collab/rooms/rooms.ts";
import { createSessionGate } from "../collab/rooms/session_gate.ts";
import { decodeBase64Url } from "../shared/base64url.ts";
import { signCollabToken } from "../shared/collab_token.ts";
import {
  type Client,
  type CollabInstance,
  type DiagramWithAccount,
  draw,
  eventually,
  excalidrawFile,
  FAST_FLUSH,
  health,
  joinRoom,
  pause,
  rawSocket,
  rectangle,
  sees,
  startCollab,
  startDiagramWithAccount,
  stored,
  storedIds,
} from "./helpers/collab_instance.ts";
import { freePort, freePorts } from "./helpers/process.ts";
import { seededRandom } from "./helpers/seeded_random.ts";

const OUTAGE_MS = 30_000;

/** A test's own folder, removed when the test ends. */
async function tempDir(prefix: string) {
  const path = await Deno.makeTempDir({ prefix });
  return {
    path,
    async [Symbol.asyncDispose]() {
      await Deno.remove(path, { recursive: true });
    },
  };
}

/** The room file collab keeps for diagram `id` under its data folder. */
async function roomRecord(
  dataDir: string,
  id: string,
): Promise<{ revision: number; pending: boolean }> {
  const record = await roomFiles(`${dataDir}/collab`).read(id);
  if (!record) throw new Error(`no room file for ${id}`);
  return { revision: record.revision, pending: record.pending };
}

/** Two clients in room `id`, both synced; the caller destroys them. */
async function twoClients(setup: DiagramWithAccount, collab: CollabInstance, id: string) {
  const tokens = [await setup.token(id), await setup.token(id)];
  const [alice, bob] = tokens.map((token) => joinRoom(collab, id, token));
  try {
    await Promise.all([alice.synced(), bob.synced()]);
  } catch (error) {
    alice.destroy();
    bob.destroy();
    throw error;
  }
  return [alice, bob] as const;
}

Deno.test("two clients sync through a room seeded once from the stored diagram, and edits are saved", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  // Both join at once: the room is seeded once, not twice.
  using alice = joinRoom(collab, id, await setup.token(id));
  using bob = joinRoom(collab, id, await setup.token(id));
  await Promise.all([alice.synced(), bob.synced()]);
  assert.deepEqual([...alice.elements.keys()], ["seeded"]);
  assert.equal(bob.doc.getMap("meta").get("revision"), 1);

  draw(alice, "drawn", "a1");
  await sees(bob, ["drawn"]);

  const saved = await eventually(
    async () => {
      const now = await setup.storedElements(id);
      return now.elements.some((element) => element.id === "drawn") ? now : undefined;
    },
    10_000,
    "the edit saved by the flush",
  );
  assert.equal(saved.revision, 2);
  assert.deepEqual(saved.elements.map((element) => element.id), ["seeded", "drawn"]);
  await eventually(() => alice.doc.getMap("meta").get("revision") === 2 || undefined);
});

Deno.test("presence: a client's awareness state reaches the others and is gone when it leaves", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram();
  using alice = joinRoom(collab, id, await setup.token(id));
  using bob = joinRoom(collab, id, await setup.token(id));
  await Promise.all([alice.synced(), bob.synced()]);
  const aliceId = alice.doc.clientID;

  // A client's first state (clock 0) is not sent on by y-protocols; a set field is.
  alice.provider.awareness.setLocalStateField("user", { name: "A" });
  bob.provider.awareness.setLocalStateField("user", { name: "B" });
  const seen = await eventually(
    () => bob.provider.awareness.getStates().get(aliceId),
    5000,
    "alice's presence at bob",
  );
  assert.deepEqual(seen.user, { name: "A" });

  alice.destroy();
  await eventually(
    () => bob.provider.awareness.getStates().has(aliceId) ? undefined : true,
    3000,
    "alice's presence gone at bob",
  );
  // The room forgot it too: a client joining now sees bob, and no trace of alice.
  using carol = joinRoom(collab, id, await setup.token(id));
  await carol.synced();
  const bobAtCarol = await eventually(() =>
    carol.provider.awareness.getStates().get(bob.doc.clientID)
  );
  assert.deepEqual(bobAtCarol.user, { name: "B" });
  assert.equal(carol.provider.awareness.getStates().has(aliceId), false);

  // A connection that drops without clearing its presence: the server clears it for it.
  const ghost = new Y.Doc();
  const ghostAwareness = new awarenessProtocol.Awareness(ghost);
  try {
    ghostAwareness.setLocalStateField("user", { name: "ghost" });
    {
      await using raw = rawSocket(collab, id, await setup.token(id));
      await raw.opened;
      raw.socket.send(awarenessMessage(ghostAwareness, [ghost.clientID]));
      await eventually(() => bob.provider.awareness.getStates().get(ghost.clientID));
    }
    await eventually(
      () => bob.provider.awareness.getStates().has(ghost.clientID) ? undefined : true,
      3000,
      "the dropped connection's presence gone at bob",
    );
  } finally {
    ghostAwareness.destroy();
    ghost.destroy();
  }
});

Deno.test("a late joiner gets the whole document, with every edit made before it joined", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const [alice, bob] = await twoClients(setup, collab, id);
  using _alice = alice;
  using _bob = bob;
  draw(alice, "a-1", "a1");
  draw(bob, "b-1", "a2");
  draw(alice, "a-2", "a3");
  // Changed and deleted before the late joiner came: it must see the latest of each.
  alice.elements.set("a-1", JSON.stringify({ ...rectangle("a-1", "a1", 2), x: 500 }));
  bob.elements.set("b-1", JSON.stringify({ ...rectangle("b-1", "a2", 2), isDeleted: true }));
  // Once both have everything, the server has it too.
  await sees(alice, ["b-1"]);
  await sees(bob, ["a-1", "a-2"]);
  await eventually(() =>
    JSON.parse(bob.elements.get("a-1") as string ?? "{}").x === 500 || undefined
  );

  using carol = joinRoom(collab, id, await setup.token(id));
  await carol.synced();
  assert.deepEqual([...carol.elements.keys()].sort(), ["a-1", "a-2", "b-1", "seeded"]);
  assert.equal(JSON.parse(carol.elements.get("a-1") as string).x, 500);
  assert.equal(JSON.parse(carol.elements.get("b-1") as string).isDeleted, true);
  assert.equal(carol.doc.getMap("meta").get("name"), "Shared");
});

Deno.test("SIGTERM saves every edit before the server exits", async () => {
  await using setup = await startDiagramWithAccount();
  // No flush tick runs before the stop: only the shutdown can save.
  await using collab = await startCollab(setup.diagram, { COLLAB_FLUSH_MS: "60000" });
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const [alice, bob] = await twoClients(setup, collab, id);
  using _alice = alice;
  using _bob = bob;
  const drawn: string[] = [];
  for (let i = 1; i <= 5; i++) {
    draw(alice, `alice-${i}`, `a${i}`);
    draw(bob, `bob-${i}`, `b${i}`);
    drawn.push(`alice-${i}`, `bob-${i}`);
  }
  await sees(alice, drawn);
  await sees(bob, drawn);
  assert.deepEqual(await storedIds(setup, id), ["seeded"], "nothing saved before the stop");

  const status = await collab.stop("SIGTERM");
  assert.equal(status.code, 0, collab.process.output);
  const after = await setup.storedElements(id);
  assert.deepEqual(after.elements.map((element) => element.id).sort(), [...drawn, "seeded"].sort());
  assert.equal(after.revision, 2);
});

Deno.test("kill -9 loses at most the last flush, and a client holding the edits restores them on reconnect", async () => {
  await using setup = await startDiagramWithAccount();
  await using dir = await tempDir("collab-kill-");
  const [port] = freePorts(1);
  const env = { ...FAST_FLUSH, COLLAB_PORT: String(port) };
  const first = await startCollab(setup.diagram, env, dir.path);
  try {
    const id = await setup.newDiagram([rectangle("seeded", "a0")]);
    using alice = joinRoom(first, id, await setup.token(id));
    await alice.synced();

    draw(alice, "first", "a1");
    await stored(setup, id, ["first"]);
    draw(alice, "second", "a2");
    const killed = await first.stop("SIGKILL");
    assert.equal(killed.signal, "SIGKILL");
    assert.deepEqual(await storedIds(setup, id), ["seeded", "first"], "the last edit was lost");

    // Same port, same data folder: alice's client finds the server again by itself.
    await using second = await startCollab(setup.diagram, env, dir.path);
    await stored(setup, id, ["second"]);
    assert.deepEqual(await storedIds(setup, id), ["seeded", "first", "second"]);
    assert.equal(alice.provider.wsconnected, true);
    assert.equal(second.url.port, String(port));
  } finally {
    await first.stop();
  }
});

// The restart above only sometimes lands while a save is in flight; this pins that moment down,
// with the rooms module alone, an in-memory diagram service and the real room files.
Deno.test("an edit that arrives while a save is in flight survives a crash right after the save", async () => {
  await using dir = await tempDir("collab-inflight-");
  const diagram = { revision: 1, elements: [] as unknown[] };
  let gate: PromiseWithResolvers<void> | null = null;
  let saving = false;
  const client: DiagramClient = {
    seed: () =>
      Promise.resolve({ name: "Shared", revision: diagram.revision, elements: [], files: {} }),
    async save(_id, baseRevision, elements) {
      saving = true;
      await gate?.promise;
      if (baseRevision !== diagram.revision) {
        return { saved: false, stale: true, currentRevision: diagram.revision };
      }
      Object.assign(diagram, { revision: diagram.revision + 1, elements });
      return { saved: true, revision: diagram.revision };
    },
    revisions: (ids) =>
      Promise.resolve(Object.fromEntries(ids.map((id) => [id, diagram.revision]))),
    endedSessions: () => Promise.resolve({}),
  };
  const options = {
    client,
    sessions: createSessionGate({ client, confirmMs: 100 }),
    files: roomFiles(dir.path),
    maxRooms: 10,
    flushMs: 100,
    unloadMs: 60_000,
    log: () => {},
  };
  const peer: Peer = { send() {}, close() {}, awarenessIds: new Set(), session: "s:editor" };
  const editor = new Y.Doc();
  /** A client's edit, as the room receives it over the wire. */
  const edit = (room: Room, id: string, index: string) => {
    const before = Y.encodeStateVector(editor);
    editor.getMap("elements").set(id, JSON.stringify(rectangle(id, index)));
    room.receive(peer, updateMessage(Y.encodeStateAsUpdate(editor, before)));
  };

  const crashed = createRooms(options);
  const room = await crashed.join("room", peer);
  try {
    edit(room, "one", "a1");
    gate = Promise.withResolvers();
    const tick = crashed.tick();
    await eventually(() => saving || undefined);
    edit(room, "two", "a2");
    gate.resolve();
    await tick;
    assert.deepEqual(diagram.elements.map((element) => (element as { id: string }).id), ["one"]);
  } finally {
    // The crash: no shutdown, the room is simply gone.
    room.destroy();
    editor.destroy();
  }

  const restarted = createRooms(options);
  assert.equal(await restarted.resumeUnsaved(), 1, "the room file says edits are not stored");
  await restarted.tick();
  await restarted.shutdown();
  assert.deepEqual(diagram.elements.map((element) => (element as { id: string }).id), [
    "one",
    "two",
  ]);
});

Deno.test("the web app down for 30 s then back loses nothing, and the room is saved within a flush of its return", async () => {
  await using setup = await startDiagramWithAccount();
  await using collabServer = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const [alice, bob] = await twoClients(setup, collabServer, id);
  using _alice = alice;
  using _bob = bob;
  draw(alice, "before", "a1");
  await stored(setup, id, ["before"]);

  const outageStarted = Date.now();
  await setup.stopDiagram();
  draw(alice, "during-alice", "a2");
  draw(bob, "during-bob", "a3");
  await sees(bob, ["during-alice"]);
  await sees(alice, ["during-bob"]);
  // Every tick tries again (first asking whose sessions are live, which nobody can answer now), and
  // the room keeps working meanwhile.
  const failures = () =>
    collabServer.process.output.match(/cannot check sessions, nothing saved/g)?.length ?? 0;
  await eventually(() => failures() >= 2 || undefined, 10_000, "two failed ticks");
  await pause(OUTAGE_MS - (Date.now() - outageStarted));
  draw(bob, "late-bob", "a4");
  await sees(alice, ["late-bob"]);

  await setup.startDiagramAgain();
  const back = Date.now();
  // The first tick that reaches the service checks the sessions and saves.
  const after = await stored(setup, id, ["during-alice", "during-bob", "late-bob"], 15_000);
  assert.deepEqual(after, ["seeded", "before", "during-alice", "during-bob", "late-bob"]);
  assert.ok(Date.now() - back < 4_000, `saved ${Date.now() - back} ms after the service returned`);
});

Deno.test("collab stopped while the web app is down keeps the edits on disk and saves them at its next start", async () => {
  await using setup = await startDiagramWithAccount();
  await using dir = await tempDir("collab-pending-");
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  {
    await using first = await startCollab(setup.diagram, FAST_FLUSH, dir.path);
    const [alice, bob] = await twoClients(setup, first, id);
    using _alice = alice;
    using _bob = bob;
    await setup.stopDiagram();
    draw(alice, "offline", "a1");
    await sees(bob, ["offline"]);
    const status = await first.stop("SIGTERM");
    assert.equal(status.code, 0, first.process.output);
    assert.match(first.process.output, /unsaved edits kept on disk/);
    assert.equal((await roomRecord(dir.path, id)).pending, true);
  }
  // The clients are gone: only the file on disk holds the edit now.
  await setup.startDiagramAgain();
  assert.deepEqual(await storedIds(setup, id), ["seeded"]);
  await using _second = await startCollab(setup.diagram, FAST_FLUSH, dir.path);
  assert.deepEqual(await stored(setup, id, ["offline"]), ["seeded", "offline"]);
  await eventually(async () => (await roomRecord(dir.path, id)).pending === false || undefined);
});

Deno.test("a diagram replaced through the API closes its room with 4409 and keeps the replacement", async () => {
  await using setup = await startDiagramWithAccount();
  await using collabServer = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const [alice, bob] = await twoClients(setup, collabServer, id);
  using _alice = alice;
  using _bob = bob;
  draw(alice, "room-edit", "a1");
  await stored(setup, id, ["room-edit"]);

  const replacement = await setup.api("PUT", `/api/diagrams/${id}`, {
    file: excalidrawFile([rectangle("replacement", "a0")]),
  });
  assert.equal(replacement.status, 200);
  const replacedAt = Date.now();
  // An edit on the old content, made before the room learns of the replacement.
  draw(bob, "too-late", "a2");
  assert.deepEqual([await alice.closed(), await bob.closed()], [4409, 4409]);
  // Flush ticks are 300 ms apart: a couple of ticks, with room for a slow machine.
  assert.ok(Date.now() - replacedAt < 3000, `closed after ${Date.now() - replacedAt} ms`);

  // A few flush ticks later: no reconnect, and the room never wrote over the replacement.
  await pause(1200);
  for (const client of [alice, bob]) {
    assert.deepEqual(client.closes, [4409]);
    assert.equal(client.connectionCloses(), 1);
    assert.equal(client.provider.wsconnected, false);
  }
  const after = await setup.storedElements(id);
  assert.deepEqual(after.elements.map((element) => element.id), ["replacement"]);
  assert.equal(after.revision, replacement.json.revision);
  assert.equal((await health(collabServer)).rooms, 0);
});

Deno.test("a diagram moved to the trash closes its room with 4404 and refuses a join with a token issued before; restored, it opens again", async () => {
  await using setup = await startDiagramWithAccount();
  await using collabServer = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const [alice, bob] = await twoClients(setup, collabServer, id);
  using _alice = alice;
  using _bob = bob;
  const issuedBefore = await setup.token(id);
  assert.equal((await setup.api("DELETE", `/api/diagrams/${id}`)).status, 204);
  assert.deepEqual([await alice.closed(), await bob.closed()], [4404, 4404]);
  await pause(800);
  assert.deepEqual([alice.connectionCloses(), bob.connectionCloses()], [1, 1]);
  assert.equal(alice.provider.wsconnected, false);
  using late = joinRoom(collabServer, id, issuedBefore);
  assert.equal(await late.closed(), 4404);

  assert.equal((await setup.api("POST", `/api/trash/${id}/restore`)).status, 200);
  using back = joinRoom(collabServer, id, await setup.token(id));
  await back.synced();
  await sees(back, ["seeded"]);
});

Deno.test("bad tokens are refused: 4401/401 when expired, forged or tampered, 4403/403 for another diagram, and the client stops", async () => {
  await using setup = await startDiagramWithAccount();
  await using collabServer = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram();
  const other = await setup.newDiagram();
  const good = await setup.token(id);
  const [payload, signature] = good.split(".");
  const { sub, sid } = JSON.parse(new TextDecoder().decode(decodeBase64Url(payload)!));
  const secret = setup.diagram.env.COLLAB_SECRET;
  const flip = (text: string, at: number) =>
    text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);
  const cases: [string, string, number, number][] = [
    [
      "expired",
      signCollabToken(secret, { sub, did: id, sid }, {
        now: Math.floor(Date.now() / 1000) - 600,
      }),
      4401,
      401,
    ],
    ["for another diagram", await setup.token(other), 4403, 403],
    [
      "signed with another secret",
      signCollabToken("y".repeat(40), { sub, did: id, sid }),
      4401,
      401,
    ],
    ["tampered payload", `${flip(payload, 5)}.${signature}`, 4401, 401],
    ["tampered signature", `${payload}.${flip(signature, 5)}`, 4401, 401],
  ];

  const wsUrl = new URL(`/${id}`, collabServer.url);
  const providers: Client[] = [];
  try {
    for (const [what, token, code, status] of cases) {
      wsUrl.searchParams.set("token", token);
      const http = await fetch(wsUrl);
      await http.body?.cancel();
      assert.equal(http.status, status, `HTTP, ${what}`);
      await using raw = rawSocket(collabServer, id, token);
      assert.equal((await raw.closed).code, code, `WebSocket, ${what}`);
      providers.push(joinRoom(collabServer, id, token));
    }
    const codes = await Promise.all(providers.map((client) => client.closed()));
    assert.deepEqual(codes, cases.map(([, , code]) => code));
    // Backoff would retry within 2.5 s; a stopped client makes no further attempt.
    await pause(2000);
    for (const [i, client] of providers.entries()) {
      assert.equal(client.connectionCloses(), 1, `attempts, ${cases[i][0]}`);
      assert.equal(client.provider.wsconnected, false);
    }
    // The good token still works.
    wsUrl.searchParams.set("token", good);
    const http = await fetch(wsUrl);
    await http.body?.cancel();
    assert.equal(http.status, 426);
    using alice = joinRoom(collabServer, id, good);
    await alice.synced();
  } finally {
    for (const client of providers) client.destroy();
  }
});

Deno.test("a rotated COLLAB_SECRET refuses old tokens with 4401, and the web session gets a fresh one that works", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const oldToken = await setup.token(id);
  {
    await using before = await startCollab(setup.diagram, FAST_FLUSH);
    using alice = joinRoom(before, id, oldToken);
    await alice.synced();
  }
  await setup.stopDiagram();
  await setup.startDiagramAgain({ COLLAB_SECRET: "z".repeat(48) });
  await using after = await startCollab(setup.diagram, FAST_FLUSH);
  assert.equal(after.env.COLLAB_SECRET, "z".repeat(48));

  await using raw = rawSocket(after, id, oldToken);
  assert.equal((await raw.closed).code, 4401);
  using stale = joinRoom(after, id, oldToken);
  assert.equal(await stale.closed(), 4401);

  const freshToken = await setup.token(id);
  assert.notEqual(freshToken, oldToken);
  using bob = joinRoom(after, id, freshToken);
  await bob.synced();
  assert.deepEqual([...bob.elements.keys()], ["seeded"]);
  // Both services agree on the new secret: the room saves.
  draw(bob, "after-rotation", "a1");
  await stored(setup, id, ["after-rotation"]);
  assert.equal(stale.connectionCloses(), 1);
});

Deno.test("bad frames close only their own connection, with 4400 or 4413", async () => {
  await using setup = await startDiagramWithAccount();
  await using collabServer = await startCollab(setup.diagram, {
    ...FAST_FLUSH,
    COLLAB_MAX_MESSAGE_BYTES: "2048",
  });
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const [alice, bob] = await twoClients(setup, collabServer, id);
  using _alice = alice;
  using _bob = bob;

  const random = seededRandom(7);
  const garbage = () => Array.from({ length: 62 }, () => Math.floor(random() * 256));
  const frames: [string, Uint8Array | string, number][] = [
    ["random bytes", new Uint8Array(garbage()), 4400],
    // Past the message type, into the Yjs update decoder: sync (0), update (2), 62 bytes.
    ["random bytes as a document update", new Uint8Array([0, 2, 62, ...garbage()]), 4400],
    ["a truncated varint", new Uint8Array([0x80]), 4400],
    ["a text frame", "hello", 4400],
    ["an unknown message type", new Uint8Array([7]), 4400],
    ["an over-limit frame", new Uint8Array(4096), 4413],
  ];
  const token = await setup.token(id);
  const codes = await Promise.all(frames.map(async ([what, frame]) => {
    await using raw = rawSocket(collabServer, id, token);
    await Promise.race([raw.opened, raw.closed]);
    assert.equal(raw.socket.readyState, WebSocket.OPEN, what);
    raw.socket.send(frame);
    return (await raw.closed).code;
  }));
  assert.deepEqual(codes, frames.map(([, , code]) => code));

  draw(alice, "still-working", "a1");
  await sees(bob, ["still-working"]);
  assert.deepEqual([alice.connectionCloses(), bob.connectionCloses()], [0, 0]);
  const now = await health(collabServer);
  assert.equal(now.status, "ok");
  assert.equal(now.connections, 2);
  await stored(setup, id, ["still-working"]);
});

Deno.test("a room is saved and unloaded after its last client leaves", async () => {
  await using setup = await startDiagramWithAccount();
  await using collabServer = await startCollab(setup.diagram, FAST_FLUSH);
  const id = await setup.newDiagram([rectangle("seeded", "a0")]);
  const [alice, bob] = await twoClients(setup, collabServer, id);
  draw(alice, "last-words", "a1");
  await sees(bob, ["last-words"]);
  assert.equal((await health(collabServer)).rooms, 1);
  alice.destroy();
  bob.destroy();
  await eventually(
    async () => (await health(collabServer)).rooms === 0 || undefined,
    5000,
    "the room unloaded",
  );
  assert.deepEqual(await storedIds(setup, id), ["seeded", "last-words"]);
  assert.equal((await health(collabServer)).connections, 0);
});

Deno.test("/health reports the rooms and connections", async () => {
  await using setup = await startDiagramWithAccount();
  await using collabServer = await startCollab(setup.diagram, FAST_FLUSH);
  assert.deepEqual(
    pick(await health(collabServer)),
    { status: "ok", rooms: 0, connections: 0 },
  );
  const first = await setup.newDiagram();
  const second = await setup.newDiagram();
  const [alice, bob] = await twoClients(setup, collabServer, first);
  using _alice = alice;
  using _bob = bob;
  using carol = joinRoom(collabServer, second, await setup.token(second));
  await carol.synced();
  assert.deepEqual(pick(await health(collabServer)), { status: "ok", rooms: 2, connections: 3 });
  bob.destroy();
  await eventually(async () => (await health(collabServer)).connections === 2 || undefined);
  assert.deepEqual(pick(await health(collabServer)), { status: "ok", rooms: 2, connections: 2 });
});

Deno.test("/health says the diagram service is reachable, and degraded with the reason when it is not", async () => {
  await using setup = await startDiagramWithAccount();
  await using reaching = await startCollab(setup.diagram, FAST_FLUSH);
  assert.equal((await health(reaching)).diagram, "reachable");

  const nowhere = `http://127.0.0.1:${freePort()}`;
  await using cutOff = await startCollab(setup.diagram, {
    ...FAST_FLUSH,
    DIAGRAM_INTERNAL_URL: nowhere,
  });
  const said = await health(cutOff);
  assert.equal(said.status, "degraded");
  assert.equal(said.diagram, "unreachable");
  assert.equal(
    said.reason,
    `the diagram service at ${nowhere} (DIAGRAM_INTERNAL_URL) does not answer ` +
      "(Connection refused (os error 111))",
  );
  // Alive all the same, but not ready: it cannot save what its rooms are given.
  assert.equal(await (await fetch(new URL("/healthz", cutOff.url))).text(), "ok");
  const notReady = await fetch(new URL("/readyz", cutOff.url));
  assert.equal(notReady.status, 503);
  assert.deepEqual(await notReady.json(), {
    status: "not ready",
    not_ready: { diagram: said.reason },
  });
  const ready = await fetch(new URL("/readyz", reaching.url));
  assert.equal(ready.status, 200);
  assert.deepEqual(await ready.json(), { status: "ready" });
});

function pick(
  { status, rooms, connections }: { status: string; rooms: number; connections: number },
) {
  return { status, rooms, connections };
}

Deno.test("a malformed Host header gets a JSON 400, and the server goes on answering", async () => {
  await using setup = await startDiagramWithAccount();
  await using collabServer = await startCollab(setup.diagram, FAST_FLUSH);
  const port = Number(collabServer.url.port);
  for (const host of ["x:99999", "[::1", "a b"]) {
    const answer = await rawRequest(
      port,
      `GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      [],
      0,
    );
    assert.equal(answer.status, 400, host);
    assert.match(String(answer.body.error), /Host header/);
  }
  assert.equal((await health(collabServer)).status, "ok");
});
