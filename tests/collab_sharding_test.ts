// collab sharded over two instances behind a real nginx, configured by
// deploy/nginx/collab.conf.template (the file compose.sharded.yaml runs): every client of a
// diagram reaches the same instance, no room is loaded twice, and when one instance is stopped
// (SIGTERM) it saves its rooms, its clients reconnect through the proxy to the other one, and no
// edit made before or after is lost.
import assert from "node:assert/strict";
import * as Y from "yjs";
import { parse } from "yaml";
import { roomFiles } from "../collab/rooms/room_files.ts";
import {
  type Client,
  type CollabInstance,
  draw,
  eventually,
  health,
  joinRoom,
  rectangle,
  sees,
  startCollab,
  startDiagramWithAccount,
} from "./helpers/collab_instance.ts";
import { COLLAB_NGINX_TEMPLATE, renderTemplate, startCollabProxy } from "./helpers/nginx.ts";
import { freePorts, isListening, ROOT } from "./helpers/process.ts";

const DIAGRAMS = 12;
/** Short flushes keep the test quick; rooms stay loaded while their clients are there. */
const INSTANCE_ENV = { COLLAB_FLUSH_MS: "1000", COLLAB_UNLOAD_MS: "120000" };

/** The diagrams whose room file an instance wrote (after a save, or at shutdown). */
async function roomsOnDisk(collab: CollabInstance): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const entry of Deno.readDir(`${collab.dataDir}/collab`)) {
    if (entry.isFile && entry.name.endsWith(".room")) ids.add(entry.name.slice(0, -5));
  }
  return ids;
}

Deno.test("behind nginx, each diagram's room lives on one of two collab instances, and a stopped instance's clients carry on at the other with nothing lost", async () => {
  const [portA, portB] = freePorts(2);
  await using proxy = await startCollabProxy([`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]);
  const publicUrl = `ws://127.0.0.1:${proxy.port}`;
  await using setup = await startDiagramWithAccount({ COLLAB_PUBLIC_URL: publicUrl });
  await using a = await startCollab(setup.diagram, { COLLAB_PORT: String(portA), ...INSTANCE_ENV });
  await using b = await startCollab(setup.diagram, { COLLAB_PORT: String(portB), ...INSTANCE_ENV });
  const clients: Client[] = [];
  try {
    const ids: string[] = [];
    for (let i = 0; i < DIAGRAMS; i++) ids.push(await setup.newDiagram([rectangle("seed", "a0")]));

    // Two clients per diagram, each with its own token, at the address the token names: nginx's.
    const pairs: [Client, Client][] = [];
    for (const id of ids) {
      const pair = [];
      for (let n = 0; n < 2; n++) {
        const { status, json } = await setup.api("POST", `/api/diagrams/${id}/collab-token`);
        assert.equal(status, 200);
        assert.equal(json.url, `${publicUrl}/${id}`, "the token's url points at the proxy");
        const client = joinRoom({ url: proxy.url }, id, json.token);
        clients.push(client);
        pair.push(client);
      }
      pairs.push(pair as [Client, Client]);
    }
    await Promise.all(clients.map((client) => client.synced()));

    // 12 rooms in all and 24 connections: had a diagram's clients been split, its room would be
    // loaded on both instances (13 or more). Both instances got some.
    const [healthA, healthB] = await Promise.all([health(a), health(b)]);
    assert.equal(healthA.rooms + healthB.rooms, DIAGRAMS, "each room loaded once");
    assert.equal(healthA.connections + healthB.connections, 2 * DIAGRAMS);
    assert.ok(healthA.rooms > 0 && healthB.rooms > 0, "the hash spreads rooms over both");

    // Edits reach the other client through the room, and the flush stores them.
    pairs.forEach(([first], i) => draw(first, "before", `a${i + 1}`));
    await Promise.all(pairs.map(([, second]) => sees(second, ["before"])));
    await Promise.all(ids.map((id) =>
      eventually(
        async () =>
          (await setup.storedElements(id)).elements.some((e) => e.id === "before") || undefined,
        15_000,
        `the first edit of ${id} stored`,
      )
    ));
    // Each instance saved its own rooms only: their room files are apart and cover all 12.
    // (A room file is written just after its save is answered.)
    const [onA, onB] = await eventually(
      async () => {
        const both = [await roomsOnDisk(a), await roomsOnDisk(b)];
        return both[0].size + both[1].size >= DIAGRAMS ? both : undefined;
      },
      5000,
      "the room files of the first saves",
    );
    assert.equal(onA.size, healthA.rooms);
    assert.equal(onB.size, healthB.rooms);
    assert.deepEqual([...onA].filter((id) => onB.has(id)), [], "no room on both instances");
    assert.deepEqual(new Set([...onA, ...onB]), new Set(ids));

    // Edits, then SIGTERM at once: A saves its rooms before it exits.
    const revisions = new Map<string, number>();
    for (const id of onA) revisions.set(id, (await setup.storedElements(id)).revision);
    pairs.forEach(([first], i) => draw(first, "at-stop", `a${i + 1}V`));
    await Promise.all(pairs.map(([, second]) => sees(second, ["at-stop"])));
    const status = await a.stop("SIGTERM");
    assert.equal(status.code, 0, a.process.output);
    assert.equal(await isListening(portA), false);
    const files = roomFiles(`${a.dataDir}/collab`);
    for (const id of onA) {
      const stored = await setup.storedElements(id);
      assert.ok(stored.revision > revisions.get(id)!, `${id}: the revision rose`);
      assert.ok(stored.elements.some((e) => e.id === "at-stop"), `${id}: A saved the last edit`);
      const record = await files.read(id);
      assert.equal(record?.pending, false, `${id}: nothing left unsaved on A`);
      const doc = new Y.Doc();
      Y.applyUpdate(doc, record!.state);
      assert.ok(doc.getMap("elements").has("at-stop"));
    }

    // A's clients were told to reconnect (1012) and did, through nginx, to B: B now holds all 12
    // rooms and all 24 connections, and both clients of a room meet there.
    const moved = pairs.filter((_, i) => onA.has(ids[i]));
    const closes = await eventually(
      () => moved.flat().every((client) => client.closes.length > 0) || undefined,
      10_000,
      "A's clients disconnected",
    ).then(() => moved.flat().map((client) => client.closes[0]));
    // 1012, restarting: not 44xx, which would stop the client for good.
    assert.deepEqual(new Set(closes), new Set([1012]), `closes: ${closes}`);
    await eventually(
      async () => {
        const now = await health(b);
        return now.rooms === DIAGRAMS && now.connections === 2 * DIAGRAMS || undefined;
      },
      15_000,
      "every client reconnected to B",
    );
    await Promise.all(clients.map((client) => client.synced()));
    pairs.forEach(([, second], i) => draw(second, "after", `a${i + 1}X`));
    await Promise.all(pairs.map(([first]) => sees(first, ["after"])));

    // B's flush stores everything: the seed, the edits before the stop, at it, and after it.
    await Promise.all(ids.map((id) =>
      eventually(
        async () => {
          const stored = (await setup.storedElements(id)).elements.map((e) => e.id);
          return ["seed", "before", "at-stop", "after"].every((want) => stored.includes(want)) ||
            undefined;
        },
        15_000,
        `every edit of ${id} stored`,
      )
    ));
    assert.deepEqual(await roomsOnDisk(b), new Set(ids), "B saved A's rooms too");

    // nginx's log, complete once every socket is closed: each diagram's first connections went
    // to one instance; A's diagrams' later ones to B.
    for (const client of clients) client.destroy();
    await eventually(async () => (await health(b)).connections === 0 || undefined, 10_000);
    await proxy.stop();
    const upstreams = new Map<string, Set<string>>();
    for (const line of (await proxy.accessLog()).trim().split("\n")) {
      const [uri, code, ...tried] = line.split(" ");
      if (code !== "101") continue;
      // "a, b" when nginx tried a first and it refused: the last one served the socket.
      const served = tried.join(" ").split(",").at(-1)!.trim();
      const id = uri.slice(1);
      upstreams.set(id, (upstreams.get(id) ?? new Set()).add(served));
    }
    for (const id of ids) {
      const expected = onA.has(id)
        ? [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`]
        : [`127.0.0.1:${portB}`];
      assert.deepEqual([...upstreams.get(id) ?? []].sort(), expected.sort(), id);
    }
  } catch (error) {
    console.error(`nginx:\n${proxy.process.output}\ncollab A:\n${a.process.output}`);
    console.error(`collab B:\n${b.process.output}`);
    throw error;
  } finally {
    for (const client of clients) client.destroy();
  }
});

Deno.test("compose.sharded.yaml runs two collab instances behind nginx with the template the test runs", async () => {
  const template = await Deno.readTextFile(COLLAB_NGINX_TEMPLATE);
  const base = parse(await Deno.readTextFile(`${ROOT}compose.yaml`), { merge: true });
  // `!reset []` drops what compose.yaml set (compose 2.24 and later).
  const reset = { tag: "!reset", collection: "seq" as const, resolve: () => [] };
  const sharded = parse(await Deno.readTextFile(`${ROOT}compose.sharded.yaml`), {
    customTags: [reset],
  });
  const proxy = sharded.services["collab-proxy"];
  assert.ok(
    proxy.volumes.includes(
      "./deploy/nginx/collab.conf.template:/etc/nginx/templates/collab.conf.template:ro",
    ),
  );
  // Every variable of the template has a value: rendering it with compose's values leaves none.
  const rendered = renderTemplate(template, proxy.environment);
  assert.match(rendered, /listen 1234;/);
  assert.match(rendered, /server collab:1234 /);
  assert.match(rendered, /server collab-2:1234 /);
  // Browsers reach collab only through the proxy, on the port compose published collab on.
  assert.deepEqual(proxy.ports, base.services.collab.ports);
  const second = sharded.services["collab-2"];
  assert.deepEqual(second.ports, []);
  assert.deepEqual(sharded.services.collab.ports, []);
  assert.deepEqual(second.extends, { file: "compose.yaml", service: "collab" });
  assert.deepEqual(second.volumes, ["collab-2-data:/data"], "each instance its own data folder");
  assert.ok("collab-2-data" in sharded.volumes);
  assert.deepEqual(Object.keys(proxy.depends_on).sort(), ["collab", "collab-2"]);
});
