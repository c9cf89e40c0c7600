// The whole-gallery export and its import over real HTTP: an instance filled through the REST API
// (nested collections, uploaded and inline images, several revisions, a diagram in the trash) is
// exported, imported into a fresh instance (on its own database, and on a real libSQL server) and
// read back unchanged; imported again, it adds copies under new ids; a bad archive writes nothing.
import assert from "node:assert/strict";
import { readZip } from "../diagram/archives/zip_reader.ts";
import { writeZip } from "../diagram/archives/zip_writer.ts";
import {
  type DiagramWithAccount,
  EMAIL,
  excalidrawFile,
  startDiagramWithAccount,
} from "./helpers/collab_instance.ts";
import { ELEMENT_DEFAULTS, imageElement } from "./helpers/scene_fixture.ts";
import { startSqld } from "./helpers/sqld.ts";

const PNG = Uint8Array.fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);
const UPLOADED_ID = "5f0b6ee3c1f1a4ef0b7b3a45c63d0ea4ed1f1c3a";
const INLINE_ID = "aa0b6ee3c1f1a4ef0b7b3a45c63d0ea4ed1f1c3a";
const LIMITS = { maxEntries: 1000, maxTotalBytes: 64 * 1024 * 1024 };

function rectangle(id: string, index: string, x = 0) {
  return {
    ...ELEMENT_DEFAULTS,
    id,
    type: "rectangle",
    x,
    y: 0,
    width: 100,
    height: 50,
    index,
    boundElements: null,
  };
}

function image(id: string, fileId: string, index: string) {
  return { ...imageElement(id, fileId, index), width: 10, height: 10 };
}

async function ok(
  service: DiagramWithAccount,
  method: string,
  path: string,
  body?: unknown,
  // deno-lint-ignore no-explicit-any
): Promise<any> {
  const { status, json } = await service.api(method, path, body);
  assert.ok(status >= 200 && status < 300, `${method} ${path}: ${status} ${JSON.stringify(json)}`);
  return json;
}

/** Collections, diagrams with history and images, and one in the trash, all made over REST. */
async function fill(service: DiagramWithAccount): Promise<void> {
  const work = await ok(service, "POST", "/api/collections", { name: "Work" });
  const clients = await ok(service, "POST", "/api/collections", {
    name: "Clients",
    parentId: work.id,
  });
  const home = await ok(service, "POST", "/api/collections", { name: "Home" });

  // Imported, then saved twice, then restored: revisions from several doors.
  const plan = await ok(service, "POST", "/api/diagrams", {
    name: "Plan",
    collectionId: clients.id,
    file: excalidrawFile([rectangle("r1", "a0")]),
  });
  await ok(service, "PUT", `/api/diagrams/${plan.id}`, {
    file: excalidrawFile([rectangle("r1", "a0"), rectangle("r2", "a1", 200)]),
  });
  await ok(service, "PUT", `/api/diagrams/${plan.id}`, {
    file: excalidrawFile([rectangle("r1", "a0", 50)]),
  });
  await ok(service, "POST", `/api/diagrams/${plan.id}/revisions/1/restore`);

  // An image uploaded apart, named by the file without its bytes.
  const photo = await ok(service, "POST", "/api/diagrams", {
    name: "Photo",
    collectionId: work.id,
  });
  const uploaded = await fetch(
    new URL(`/api/diagrams/${photo.id}/files/${UPLOADED_ID}`, service.diagram.url),
    {
      method: "PUT",
      headers: {
        cookie: await service.signIn(),
        origin: service.diagram.origin,
        "content-type": "image/png",
      },
      body: PNG,
    },
  );
  assert.equal(uploaded.status, 201);
  await ok(service, "PUT", `/api/diagrams/${photo.id}`, {
    file: {
      ...excalidrawFile([image("i1", UPLOADED_ID, "a0")]),
      files: { [UPLOADED_ID]: { id: UPLOADED_ID, mimeType: "image/png", created: 1 } },
    },
  });

  // An image inline, as an imported file brings it; in no collection.
  await ok(service, "POST", "/api/diagrams", {
    name: "Inline / café",
    file: {
      ...excalidrawFile([image("i2", INLINE_ID, "a0")]),
      files: {
        [INLINE_ID]: {
          id: INLINE_ID,
          mimeType: "image/png",
          dataURL: `data:image/png;base64,${PNG.toBase64()}`,
          created: 2,
        },
      },
    },
  });

  const old = await ok(service, "POST", "/api/diagrams", {
    name: "Old",
    collectionId: home.id,
    file: excalidrawFile([rectangle("r9", "a0")]),
  });
  await ok(service, "DELETE", `/api/diagrams/${old.id}`);
}

/** Everything a person sees of the gallery, without the ids, over the REST API. */
async function snapshot(service: DiagramWithAccount) {
  const collections: { id: string; name: string; parentId: string | null }[] =
    (await ok(service, "GET", "/api/collections")).collections;
  const pathOf = (id: string | null): string =>
    id === null ? "" : (() => {
      const collection = collections.find((c) => c.id === id)!;
      return `${pathOf(collection.parentId)}/${collection.name}`;
    })();
  const diagrams = [];
  for (const listed of (await ok(service, "GET", "/api/diagrams?limit=100")).diagrams) {
    const { file, ...meta } = await ok(service, "GET", `/api/diagrams/${listed.id}`);
    const history = await ok(service, "GET", `/api/diagrams/${listed.id}/revisions?limit=100`);
    const revisions = [];
    for (const revision of history.revisions) {
      const kept = await fetch(
        new URL(`/api/diagrams/${listed.id}/revisions/${revision.revision}`, service.diagram.url),
        { headers: { cookie: await cookieOf(service) } },
      );
      assert.equal(kept.status, 200);
      revisions.push({ ...revision, file: JSON.parse(await kept.text()) });
    }
    const images: Record<string, string> = {};
    for (const fileId of Object.keys(file.files)) {
      const response = await fetch(
        new URL(`/api/diagrams/${listed.id}/files/${fileId}`, service.diagram.url),
        {
          headers: { cookie: await cookieOf(service) },
        },
      );
      assert.equal(response.status, 200, fileId);
      images[fileId] = (await response.bytes()).toBase64();
    }
    diagrams.push({
      name: meta.name,
      collection: pathOf(meta.collectionId),
      createdAt: meta.createdAt,
      updatedAt: meta.updatedAt,
      savedAt: meta.savedAt,
      revision: meta.revision,
      source: meta.source,
      changedVia: meta.changedVia,
      file,
      revisions,
      images,
    });
  }
  const trash = (await ok(service, "GET", "/api/trash")).diagrams.map((
    entry: { name: string; trashedAt: string; collectionId: string | null; revision: number },
  ) => ({
    ...entry,
    id: undefined,
    collection: pathOf(entry.collectionId),
    collectionId: undefined,
  }));
  return {
    collections: collections.map((c) => pathOf(c.id)).sort(),
    diagrams: diagrams.sort((a, b) => a.name.localeCompare(b.name)),
    trash,
  };
}

const cookies = new WeakMap<DiagramWithAccount, string>();
async function cookieOf(service: DiagramWithAccount): Promise<string> {
  if (!cookies.has(service)) cookies.set(service, await service.signIn());
  return cookies.get(service)!;
}

async function exportFrom(service: DiagramWithAccount): Promise<Uint8Array> {
  const response = await fetch(new URL("/api/export", service.diagram.url), {
    headers: { cookie: await cookieOf(service) },
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/zip");
  assert.match(
    response.headers.get("content-disposition")!,
    /^attachment; filename="gallery-\d{4}-\d{2}-\d{2}\.zip"/,
  );
  return await response.bytes();
}

async function importInto(service: DiagramWithAccount, archive: Uint8Array) {
  const response = await fetch(new URL("/api/import/gallery", service.diagram.url), {
    method: "POST",
    headers: {
      cookie: await cookieOf(service),
      origin: service.diagram.origin,
      "content-type": "application/zip",
    },
    body: archive as Uint8Array<ArrayBuffer>,
  });
  return { status: response.status, json: await response.json() };
}

Deno.test("a whole-gallery export imports into a fresh instance unchanged, and the archive is open: a manifest and .excalidraw files by collection", async () => {
  await using source = await startDiagramWithAccount();
  await fill(source);
  const archive = await exportFrom(source);

  const entries = await readZip(archive, LIMITS);
  const manifest = JSON.parse(new TextDecoder().decode(entries.get("manifest.json")));
  assert.equal(manifest.format, "diagram-gallery");
  assert.deepEqual(manifest.counts, {
    collections: 3,
    diagrams: 4,
    trashed: 1,
    revisions: manifest.diagrams.reduce(
      (n: number, d: { revisions: unknown[] }) => n + d.revisions.length,
      0,
    ),
    images: 1,
  });
  const plan = manifest.diagrams.find((d: { name: string }) => d.name === "Plan");
  assert.equal(plan.file, `diagrams/Work/Clients/Plan--${plan.id}.excalidraw`);
  assert.equal(plan.revisions.length, 3);
  assert.deepEqual(plan.revisions.map((r: { source: string }) => r.source), [
    "import",
    "web",
    "web",
  ]);
  const old = manifest.diagrams.find((d: { name: string }) => d.name === "Old");
  assert.equal(old.file, `trash/Old--${old.id}.excalidraw`);
  assert.ok(entries.has(`history/${plan.id}/1.excalidraw`));
  // The uploaded image's bytes are inside the standard file, as Excalidraw keeps them.
  const photo = manifest.diagrams.find((d: { name: string }) => d.name === "Photo");
  const photoFile = JSON.parse(new TextDecoder().decode(entries.get(photo.file)));
  assert.equal(photoFile.files[UPLOADED_ID].dataURL, `data:image/png;base64,${PNG.toBase64()}`);
  assert.deepEqual(photo.images.map((i: { id: string }) => i.id), [UPLOADED_ID]);

  await using fresh = await startDiagramWithAccount();
  const imported = await importInto(fresh, archive);
  assert.equal(imported.status, 201, JSON.stringify(imported.json));
  assert.deepEqual(imported.json, { ...manifest.counts });
  const before = await snapshot(source);
  assert.equal(before.diagrams.length, 3);
  assert.equal(before.trash.length, 1);
  assert.deepEqual(await snapshot(fresh), before);

  // Imported again: copies under new ids beside the first, which stay as they were.
  const again = await importInto(fresh, archive);
  assert.equal(again.status, 201);
  const twice = await snapshot(fresh);
  assert.equal(twice.diagrams.length, 6);
  assert.equal(twice.trash.length, 2);
  assert.deepEqual(twice.collections, [...before.collections, ...before.collections].sort());
  const ids = (await ok(fresh, "GET", "/api/diagrams?limit=100")).diagrams.map((
    d: { id: string },
  ) => d.id);
  assert.equal(new Set(ids).size, 6);
});

Deno.test("a bad archive is refused with a 400 naming the problem, and nothing is written", async () => {
  await using source = await startDiagramWithAccount();
  await fill(source);
  const entries = await readZip(await exportFrom(source), LIMITS);
  const manifestText = new TextDecoder().decode(entries.get("manifest.json"));
  const manifest = JSON.parse(manifestText);
  const plan = manifest.diagrams.find((d: { name: string }) => d.name === "Plan");
  const rebuilt = (change: (files: Map<string, Uint8Array>) => void) => {
    const copy = new Map(entries);
    change(copy);
    return writeZip([...copy].map(([name, bytes]) => ({ name, bytes })));
  };
  const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
  const invalidScene = encode(excalidrawFile([rectangle("r1", "a0"), rectangle("r1", "a1")]));
  const sha256 = async (bytes: Uint8Array) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)).toHex();

  await using target = await startDiagramWithAccount();
  const cases: [string, Uint8Array, RegExp][] = [
    ["not a zip", new TextEncoder().encode("hello"), /not a zip archive/],
    [
      "no manifest",
      await rebuilt((files) => files.delete("manifest.json")),
      /has no manifest\.json/,
    ],
    [
      "a damaged entry",
      await rebuilt((files) => files.set(plan.file, encode(excalidrawFile([])))),
      /does not match its sha256/,
    ],
  ];
  // The scene case with a checksum that does match: only validation can refuse it.
  const checksums = { ...manifest.checksums, [plan.file]: await sha256(invalidScene) };
  cases.push([
    "a drawing that fails validation",
    await rebuilt((files) => {
      files.set(plan.file, invalidScene);
      files.set("manifest.json", encode({ ...manifest, checksums }));
    }),
    /diagram \\"Plan\\": diagrams\/Work\/Clients\/Plan--/,
  ]);
  for (const [what, archive, problem] of cases) {
    const { status, json } = await importInto(target, archive);
    assert.equal(status, 400, what);
    assert.match(json.error, /nothing was written/, what);
    assert.match(JSON.stringify(json.problems), problem, `${what}: ${JSON.stringify(json)}`);
  }
  // A traversal name: the zip itself is refused.
  const evil = await writeZip([{ name: "xx/evil", bytes: new Uint8Array([1]) }]);
  evil.set(new TextEncoder().encode(".."), evil.indexOf(0x78));
  for (let at = evil.lastIndexOf(0x78) - 1; at > 0; at--) {
    if (evil[at] === 0x78 && evil[at + 1] === 0x78) {
      evil.set(new TextEncoder().encode(".."), at);
      break;
    }
  }
  const traversal = await importInto(target, evil);
  assert.equal(traversal.status, 400);
  assert.match(JSON.stringify(traversal.json.problems), /plain relative path/);

  assert.deepEqual((await ok(target, "GET", "/api/diagrams")).diagrams, []);
  assert.deepEqual((await ok(target, "GET", "/api/collections")).collections, []);
  assert.deepEqual((await ok(target, "GET", "/api/trash")).diagrams, []);
});

Deno.test("the export restores onto a diagram service whose DATABASE_URL is a libSQL server (real sqld)", async () => {
  await using source = await startDiagramWithAccount();
  await fill(source);
  const archive = await exportFrom(source);
  const sqld = await startSqld();
  try {
    await using onServer = await startDiagramWithAccount({ DATABASE_URL: sqld.url });
    const imported = await importInto(onServer, archive);
    assert.equal(imported.status, 201, JSON.stringify(imported.json));
    assert.deepEqual(await snapshot(onServer), await snapshot(source));
  } finally {
    await sqld.stop();
  }
});

Deno.test("the operator commands export-gallery and import-gallery carry a gallery between instances", async () => {
  await using source = await startDiagramWithAccount();
  await fill(source);
  await using fresh = await startDiagramWithAccount();
  const file = `${source.diagram.dataDir}/gallery.zip`;
  const exported = await source.diagram.admin("export-gallery", EMAIL, file);
  assert.equal(exported.code, 0, exported.stderr);
  assert.match(exported.stdout, /wrote owner@example\.com's gallery to /);
  const imported = await fresh.diagram.admin("import-gallery", EMAIL, file);
  assert.equal(imported.code, 0, imported.stderr);
  assert.match(imported.stdout, /4 diagram\(s\) \(1 in the trash\), 3 collection\(s\)/);
  assert.deepEqual(await snapshot(fresh), await snapshot(source));

  // A file that is no archive: the problem on stderr, exit 2, nothing written.
  await Deno.writeTextFile(file, "not a zip");
  const refused = await fresh.diagram.admin("import-gallery", EMAIL, file);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /nothing was written\n {2}this is not a zip archive/);
});

Deno.test("the account page links the whole-gallery download, and /import/gallery's form imports an archive or lists why not", async () => {
  await using source = await startDiagramWithAccount();
  await fill(source);
  const archive = await exportFrom(source);
  const cookie = await cookieOf(source);
  const account =
    await (await fetch(new URL("/account", source.diagram.url), { headers: { cookie } })).text();
  assert.match(
    account,
    /<a class="button" href="\/api\/export" download>Download the whole gallery<\/a>/,
  );
  assert.match(account, /href="\/import\/gallery"/);
  const form =
    await (await fetch(new URL("/import/gallery", source.diagram.url), { headers: { cookie } }))
      .text();
  assert.match(form, /<label for="archive">Gallery archive \(.zip\)<\/label>/);

  await using fresh = await startDiagramWithAccount();
  const post = async (bytes: Uint8Array) => {
    const body = new FormData();
    body.set(
      "archive",
      new File([bytes as Uint8Array<ArrayBuffer>], "gallery.zip", { type: "application/zip" }),
    );
    const response = await fetch(new URL("/import/gallery", fresh.diagram.url), {
      method: "POST",
      headers: { cookie: await cookieOf(fresh), origin: fresh.diagram.origin },
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  const refused = await post(new TextEncoder().encode("no zip"));
  assert.equal(refused.status, 400);
  assert.match(refused.text, /nothing was\s+written/);
  assert.match(refused.text, /this is not a zip archive/);
  const done = await post(archive);
  assert.equal(done.status, 200);
  assert.match(done.text, /Imported 4 diagram\(s\)\s+\(1 into the trash\), 3 collection\(s\)/);
  assert.deepEqual(await snapshot(fresh), await snapshot(source));
});
