// The restore drill: an instance filled by every door (REST, MCP, a collab room, uploads, nested
// collections, the trash, tokens), backed up by `deno task backup` while a collab room keeps
// writing, wiped, restored by `deno task restore`, and read back through the restored service.
// Plus the refusals: a running instance, a newer schema, a truncated file, a foreign one.
import assert from "node:assert/strict";
import { taskRunArgs } from "../runtime/service_command.ts";
import {
  draw,
  EMAIL,
  excalidrawFile,
  joinRoom,
  rectangle,
  startCollab,
  startDiagramWithAccount,
} from "./helpers/collab_instance.ts";
import { startDiagram } from "./helpers/diagram_instance.ts";
import { connectClient } from "./helpers/mcp_client.ts";
import { runToExit } from "./helpers/process.ts";
import { ELEMENT_DEFAULTS } from "./helpers/scene_fixture.ts";

const PNG = Uint8Array.fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);
const PNG_ID = "5f0b6ee3c1f1a4ef0b7b3a45c63d0ea4ed1f1c3a";

function backupTask(task: "backup" | "restore", env: Record<string, string>, ...args: string[]) {
  return runToExit([...taskRunArgs(task), ...args], env, 60_000);
}

type Get = (path: string) => Promise<{ status: number; text: string; bytes: Uint8Array }>;

function getter(base: URL, headers: Record<string, string>): Get {
  return async (path) => {
    const response = await fetch(new URL(path, base), { headers });
    const bytes = await response.bytes();
    return { status: response.status, text: new TextDecoder().decode(bytes), bytes };
  };
}

/** Everything the REST API shows of the gallery: each diagram whole, with history and images. */
async function galleryState(get: Get) {
  const json = async (path: string) => {
    const answer = await get(path);
    assert.equal(answer.status, 200, `${path}: ${answer.text}`);
    return JSON.parse(answer.text);
  };
  const diagrams = new Map<string, unknown>();
  const listed = (await json("/api/diagrams?limit=100")).diagrams as { id: string }[];
  for (const { id } of listed) {
    const current = await get(`/api/diagrams/${id}`);
    const file = JSON.parse(current.text).file;
    const history = await json(`/api/diagrams/${id}/revisions?limit=100`);
    const revisions: Record<number, string> = {};
    for (const { revision } of history.revisions as { revision: number }[]) {
      revisions[revision] = (await get(`/api/diagrams/${id}/revisions/${revision}`)).text;
    }
    const images: Record<string, string> = {};
    for (const fileId of Object.keys(file.files ?? {})) {
      images[fileId] = (await get(`/api/diagrams/${id}/files/${fileId}`)).bytes.toHex();
    }
    diagrams.set(id, { current: current.text, history, revisions, images });
  }
  return {
    diagrams,
    collections: await json("/api/collections"),
    trash: await json("/api/trash"),
  };
}

Deno.test("restore drill: a backup taken while a collab room writes restores every diagram, revision, image, collection and token, served by the restored instance", async () => {
  await using setup = await startDiagramWithAccount();
  await using collab = await startCollab(setup.diagram);
  const created = await setup.diagram.admin("create-token", EMAIL, "drill");
  const token = created.stdout.trim().split("\n").at(-1)!;

  // Nested collections, diagrams through REST (with revisions and an image), MCP and a room.
  const work = (await setup.api("POST", "/api/collections", { name: "Work" })).json.id;
  const drafts = (await setup.api("POST", "/api/collections", { name: "Drafts", parentId: work }))
    .json.id;
  const restMade = (await setup.api("POST", "/api/diagrams", {
    name: "Made by REST",
    collectionId: drafts,
    file: excalidrawFile([rectangle("r1", "a0")]),
  })).json.id;
  for (const round of [2, 3]) {
    const file = excalidrawFile([rectangle("r1", "a0", round), rectangle(`r${round}`, "a1")]);
    assert.equal((await setup.api("PUT", `/api/diagrams/${restMade}`, { file })).status, 200);
  }
  const uploaded = await fetch(
    new URL(`/api/diagrams/${restMade}/files/${PNG_ID}`, setup.diagram.url),
    {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "image/png" },
      body: PNG,
    },
  );
  assert.equal(uploaded.status, 201);
  const withImage = excalidrawFile([{
    ...ELEMENT_DEFAULTS,
    id: "img",
    type: "image",
    x: 0,
    y: 0,
    width: 10,
    height: 10,
    index: "a2",
    boundElements: null,
    fileId: PNG_ID,
    status: "saved",
    scale: [1, 1],
    crop: null,
  }]);
  withImage.files = {
    [PNG_ID]: {
      id: PNG_ID,
      mimeType: "image/png",
      created: 1,
      dataURL: `data:image/png;base64,${PNG.toBase64()}`,
    },
  } as unknown as Record<string, never>;
  assert.equal(
    (await setup.api("PUT", `/api/diagrams/${restMade}`, { file: withImage })).status,
    200,
  );

  const mcp = await connectClient(new URL("/mcp", setup.diagram.url), {
    authorization: `Bearer ${token}`,
  });
  const drawn = await mcp.call("create_diagram", {
    name: "Drawn by an agent",
    mermaid: "flowchart LR\n  a[Order] --> b[Pay] --> c[Ship]",
  });
  await mcp.client.close();
  assert.equal(drawn.isError, false, drawn.text);
  const trashed = await setup.newDiagram([rectangle("t1", "a0")]);
  assert.equal((await setup.api("DELETE", `/api/diagrams/${trashed}`)).status, 204);

  // A room that keeps writing while the backup is taken.
  const roomId = await setup.newDiagram();
  using client = joinRoom(collab, roomId, await setup.token(roomId));
  await client.synced();
  let writes = 0;
  const writing = setInterval(
    () => draw(client, `w${writes}`, `b${String(writes++).padStart(4, "0")}`),
    40,
  );
  try {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const folder = await Deno.makeTempDir({ prefix: "backup-drill-" });
    const backedUp = await backupTask("backup", setup.diagram.env, folder);
    assert.equal(backedUp.code, 0, backedUp.stderr);
    assert.match(
      backedUp.stdout,
      /^backup .*diagram-backup-\d{8}T\d{6}Z\.tar\.gz: .* 3 diagrams \(1 in the trash\)/,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    clearInterval(writing);
    const file = backedUp.stdout.split(" ")[1].replace(/:$/, "");

    await collab.stop();
    const cookieGet = getter(setup.diagram.url, { cookie: await setup.signIn() });
    const before = await galleryState(cookieGet);
    assert.equal(before.diagrams.size, 3);

    // A restore into a running instance is refused and changes nothing.
    const refused = await backupTask("restore", setup.diagram.env, file);
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /the diagram service answers at .*stop it first, nothing was changed/,
    );

    await setup.stopDiagram();
    for await (const entry of Deno.readDir(setup.diagram.dataDir)) {
      await Deno.remove(`${setup.diagram.dataDir}/${entry.name}`, { recursive: true });
    }
    const restored = await backupTask("restore", setup.diagram.env, file);
    assert.equal(restored.code, 0, restored.stderr);
    assert.match(
      restored.stdout,
      /^restored .*: 3 diagrams \(1 in the trash\), \d+ revisions, 2 collections, 1 images, 1 tokens/,
    );

    const again = await setup.startDiagramAgain();
    // The token made before the backup still works, and the restored instance serves it all.
    const after = await galleryState(getter(again.url, { authorization: `Bearer ${token}` }));
    assert.deepEqual(after.collections, before.collections);
    assert.deepEqual(after.trash, before.trash);
    assert.deepEqual([...after.diagrams.keys()].sort(), [...before.diagrams.keys()].sort());
    for (const [id, state] of after.diagrams) {
      if (id !== roomId) {
        assert.deepEqual(state, before.diagrams.get(id), `diagram ${id}`);
        continue;
      }
      // The room's diagram is as it was at one of its saves: that revision, byte for byte.
      const now = state as { current: string; revisions: Record<number, string> };
      const then = before.diagrams.get(id) as typeof now;
      const { revision, file: stored } = JSON.parse(now.current);
      const original = JSON.parse(then.current).revision === revision
        ? JSON.parse(then.current).file
        : JSON.parse(then.revisions[revision]);
      assert.deepEqual(stored, original, `the room's diagram at revision ${revision}`);
      for (const [number, text] of Object.entries(now.revisions)) {
        assert.equal(text, then.revisions[Number(number)], `room revision ${number}`);
      }
    }
    const image = await getter(again.url, { authorization: `Bearer ${token}` })(
      `/api/diagrams/${restMade}/files/${PNG_ID}`,
    );
    assert.deepEqual(image.bytes, PNG);
    await Deno.remove(folder, { recursive: true });
  } finally {
    clearInterval(writing);
  }
});

Deno.test("restore refuses a truncated backup, a foreign file and a newer schema, naming the problem, and leaves the instance as it was", async () => {
  await using diagram = await startDiagram();
  const folder = await Deno.makeTempDir({ prefix: "backup-refusals-" });
  const made = await backupTask("backup", diagram.env, folder);
  assert.equal(made.code, 0, made.stderr);
  const file = made.stdout.split(" ")[1].replace(/:$/, "");
  await diagram.process.stop();
  const database = await Deno.readFile(`${diagram.dataDir}/diagram.db`);

  const whole = await Deno.readFile(file);
  await Deno.writeFile(`${folder}/cut.tar.gz`, whole.subarray(0, Math.floor(whole.length / 2)));
  await Deno.writeTextFile(`${folder}/foreign.tar.gz`, "just some text, not a backup\n");
  const newer = await rewriteManifest(file, (manifest) => ({ ...manifest, schemaVersion: 9999 }));
  await Deno.writeFile(`${folder}/newer.tar.gz`, newer);

  const cases: [string, RegExp][] = [
    ["cut.tar.gz", /not a complete diagram backup|truncated/],
    ["foreign.tar.gz", /not a complete diagram backup/],
    ["newer.tar.gz", /schema 9999 .* restore it with a newer release/],
  ];
  for (const [name, reason] of cases) {
    const answer = await backupTask("restore", diagram.env, `${folder}/${name}`);
    assert.equal(answer.code, 1, name);
    assert.match(answer.stderr, reason, name);
    assert.match(answer.stderr, /nothing was changed/, name);
    assert.deepEqual(await Deno.readFile(`${diagram.dataDir}/diagram.db`), database, name);
  }
  const leftovers = [...Deno.readDirSync(diagram.dataDir)].map((entry) => entry.name)
    .filter((name) => name.startsWith(".restore-") || name.includes("before-restore"));
  assert.deepEqual(leftovers, []);
  await Deno.remove(folder, { recursive: true });
});

/** The backup with its manifest changed, through the system's tar and gzip. */
async function rewriteManifest(
  file: string,
  change: (manifest: Record<string, unknown>) => Record<string, unknown>,
): Promise<Uint8Array> {
  const dir = await Deno.makeTempDir();
  try {
    const unpack = await new Deno.Command("tar", { args: ["-xzf", file, "-C", dir] }).output();
    assert.equal(unpack.code, 0);
    const manifest = JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`));
    await Deno.writeTextFile(`${dir}/manifest.json`, JSON.stringify(change(manifest)));
    const names = [
      "manifest.json",
      ...Deno.readDirSync(dir).map((entry) => entry.name)
        .filter((name) => name !== "manifest.json").toArray(),
    ];
    const pack = await new Deno.Command("tar", {
      args: ["-czf", `${dir}.tar.gz`, "--format=ustar", "-C", dir, ...names],
    }).output();
    assert.equal(pack.code, 0);
    return await Deno.readFile(`${dir}.tar.gz`);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(`${dir}.tar.gz`).catch(() => {});
  }
}

Deno.test("a default start takes a backup into data/backups within a minute, logs it in one line and says so on /health", async () => {
  await using diagram = await startDiagram();
  const [line] = await diagram.process.waitFor(/diagram: backup .*\n/, 60_000);
  assert.match(
    line,
    /backup .*\/backups\/diagram-backup-\d{8}T\d{6}Z\.tar\.gz: [\d.]+ MB, 0 diagrams/,
  );
  const files = [...Deno.readDirSync(`${diagram.dataDir}/backups`)].map((entry) => entry.name);
  assert.equal(files.length, 1);
  const health = await (await fetch(new URL("/health", diagram.url))).json();
  assert.equal(health.backup.lastFile.endsWith(files[0]), true);
  assert.ok(Date.now() - Date.parse(health.backup.lastSuccessAt) < 60_000);
  assert.ok(Date.parse(health.backup.nextAt) - Date.now() > 23 * 60 * 60 * 1000);
});

Deno.test("with DIAGRAM_BACKUP_EVERY_HOURS=0 no backup is taken and /health says they are off", async () => {
  await using diagram = await startDiagram({ DIAGRAM_BACKUP_EVERY_HOURS: "0" });
  await diagram.process.waitFor(/scheduled backups are off \(DIAGRAM_BACKUP_EVERY_HOURS=0\)/);
  const health = await (await fetch(new URL("/health", diagram.url))).json();
  assert.deepEqual(health.backup, { scheduled: false });
});

Deno.test("backup and restore with DATABASE_URL at a libSQL server say to use the server's own tools and write nothing", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "backup-remote-" });
  try {
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: "http://127.0.0.1:9/",
      COLLAB_SECRET: "x".repeat(40),
    };
    for (const task of ["backup", "restore"] as const) {
      const answer = await backupTask(task, env, ...(task === "restore" ? ["some.tar.gz"] : []));
      assert.equal(answer.code, 2, task);
      assert.match(
        answer.stderr,
        /DATABASE_URL points at a libSQL server \(http:\/\/127\.0\.0\.1:9\): back it up with the server's own tools/,
      );
    }
    assert.deepEqual([...Deno.readDirSync(dataDir)], []);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
