// A diagram's image files over real HTTP against a real service and database: uploaded once,
// served byte for byte, named without their bytes in saves, put back into whole files, copied with
// a duplicate, deleted with their diagram, and imported files' inline images served the same way.
import { readRoomSeed } from "../shared/collab_room_seed.ts";
import assert from "node:assert/strict";
import { openDatabase } from "../diagram/db/database.ts";
import { MAX_IMAGE_BYTES } from "../diagram/service/images.ts";
import { signRequest } from "../shared/internal_signature.ts";
import {
  type DiagramWithAccount,
  EMAIL,
  excalidrawFile,
  PASSWORD,
  startDiagramWithAccount,
} from "./helpers/collab_instance.ts";
import { imageElement } from "./helpers/scene_fixture.ts";

/** A real 1×1 PNG. */
const PNG = Uint8Array.fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);
const PNG_DATA_URL = `data:image/png;base64,${PNG.toBase64()}`;
const SVG = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script><rect width="8" height="8"/></svg>',
);
/** Excalidraw's file ids are sha-1 hex digests of the bytes. */
const PNG_ID = "5f0b6ee3c1f1a4ef0b7b3a45c63d0ea4ed1f1c3a";
const SVG_ID = "0c2d8e9f3a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d";

async function withService(run: (service: DiagramWithAccount & Raw) => Promise<void>) {
  await using service = await startDiagramWithAccount();
  const cookie = await service.diagram.login(EMAIL, PASSWORD);
  await run(Object.assign(service, { raw: rawClient(service, cookie) }));
}

interface Raw {
  /** A request with any body and headers, signed in; the answer's bytes as they came. */
  raw(method: string, path: string, init?: { body?: BodyInit; headers?: HeadersInit }): Promise<{
    status: number;
    headers: Headers;
    bytes: Uint8Array;
    json: () => Record<string, unknown>;
  }>;
}

function rawClient(service: DiagramWithAccount, cookie: string): Raw["raw"] {
  return async (method, path, init = {}) => {
    const response = await fetch(new URL(path, service.diagram.url), {
      method,
      body: init.body,
      headers: { cookie, origin: service.diagram.origin, ...init.headers },
    });
    const bytes = await response.bytes();
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      json: () => JSON.parse(new TextDecoder().decode(bytes)),
    };
  };
}

function upload(service: Raw, diagramId: string, fileId: string, type: string, body: BodyInit) {
  return service.raw("PUT", `/api/diagrams/${diagramId}/files/${fileId}`, {
    body,
    headers: { "content-type": type },
  });
}

/** The diagram's file column as stored, read from the service's own database. */
async function storedFile(service: DiagramWithAccount, id: string) {
  const db = await openDatabase({ url: `file:${service.diagram.dataDir}/diagram.db` });
  try {
    const { rows } = await db.execute({
      sql: "SELECT file FROM diagrams WHERE id = ?",
      args: [id],
    });
    return JSON.parse(String(rows[0].file));
  } finally {
    db.close();
  }
}

async function storedImageCount(service: DiagramWithAccount, id: string): Promise<number> {
  const db = await openDatabase({ url: `file:${service.diagram.dataDir}/diagram.db` });
  try {
    const { rows } = await db.execute({
      sql: "SELECT count(*) AS n FROM diagram_files WHERE diagram_id = ?",
      args: [id],
    });
    return Number(rows[0].n);
  } finally {
    db.close();
  }
}

Deno.test("an uploaded PNG and SVG read back byte for byte with their type, cached for good, downloaded rather than shown, the SVG unable to run script", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram();
    const png = await upload(service, id, PNG_ID, "image/png", PNG);
    assert.equal(png.status, 201);
    assert.deepEqual(png.json(), { id: PNG_ID, mimeType: "image/png", byteSize: PNG.byteLength });
    const svg = await upload(service, id, SVG_ID, "image/svg+xml; charset=utf-8", SVG);
    assert.equal(svg.status, 201);
    assert.deepEqual(svg.json(), {
      id: SVG_ID,
      mimeType: "image/svg+xml",
      byteSize: SVG.byteLength,
    });

    const readPng = await service.raw("GET", `/api/diagrams/${id}/files/${PNG_ID}`);
    assert.equal(readPng.status, 200);
    assert.deepEqual(readPng.bytes, PNG);
    assert.equal(readPng.headers.get("content-type"), "image/png");
    assert.equal(readPng.headers.get("cache-control"), "private, max-age=31536000, immutable");
    assert.equal(readPng.headers.get("x-content-type-options"), "nosniff");

    assert.equal(
      readPng.headers.get("content-disposition"),
      `attachment; filename="${PNG_ID}.png"; filename*=UTF-8''${PNG_ID}.png`,
    );

    const readSvg = await service.raw("GET", `/api/diagrams/${id}/files/${SVG_ID}`);
    assert.deepEqual(readSvg.bytes, SVG);
    assert.equal(readSvg.headers.get("content-type"), "image/svg+xml");
    // Opened directly, an SVG would be a document of our origin: the browser saves it instead.
    assert.match(
      readSvg.headers.get("content-disposition")!,
      new RegExp(`^attachment; filename="${SVG_ID}\\.svg"`),
    );
    assert.equal(
      readSvg.headers.get("content-security-policy"),
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });
});

Deno.test("uploading the same file id again is a 200 that keeps the first bytes", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram();
    assert.equal((await upload(service, id, PNG_ID, "image/png", PNG)).status, 201);
    const again = await upload(service, id, PNG_ID, "image/png", PNG);
    assert.equal(again.status, 200);
    assert.deepEqual(again.json(), { id: PNG_ID, mimeType: "image/png", byteSize: PNG.byteLength });
    assert.equal(await storedImageCount(service, id), 1);
    assert.deepEqual((await service.raw("GET", `/api/diagrams/${id}/files/${PNG_ID}`)).bytes, PNG);
  });
});

Deno.test("uploads are refused with a JSON reason: bytes of another type, an unkept or missing type, too many bytes, a bad file id", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram();
    const disguised = await upload(service, id, PNG_ID, "image/jpeg", PNG);
    assert.equal(disguised.status, 400);
    assert.deepEqual(disguised.json().problems, [
      "the bytes sent as image/jpeg are a PNG image; send them as image/png",
    ]);
    const html = await upload(service, id, PNG_ID, "image/png", "<html><script>x</script>");
    assert.equal(html.status, 400);
    assert.match(String(html.json().problems), /not a PNG image/);

    const bmp = await upload(service, id, PNG_ID, "image/bmp", PNG);
    assert.equal(bmp.status, 415);
    assert.match(String(bmp.json().error), /Content-Type, one of image\/png, image\/jpeg/);
    const untyped = await service.raw("PUT", `/api/diagrams/${id}/files/${PNG_ID}`, { body: PNG });
    assert.equal(untyped.status, 415);
    assert.match(String(untyped.json().error), /Content-Type/);

    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    huge.set(PNG);
    const tooBig = await upload(service, id, PNG_ID, "image/png", huge);
    assert.equal(tooBig.status, 413);
    assert.match(String(tooBig.json().error), /larger than 4 MiB/);
    const atLimit = new Uint8Array(MAX_IMAGE_BYTES);
    atLimit.set(PNG);
    assert.equal((await upload(service, id, "exactly4mib", "image/png", atLimit)).status, 201);

    for (const badId of ["a.b", "x".repeat(129), "%C3%A9"]) {
      const bad = await upload(service, id, badId, "image/png", PNG);
      assert.equal(bad.status, 400, badId);
      assert.match(String(bad.json().problems), /^fileId: must be 1 to 128 letters/, badId);
    }
    assert.equal(await storedImageCount(service, id), 1, "only the upload at the limit");
  });
});

Deno.test("an unknown diagram and another account's diagram are 404s for upload and download", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram();
    assert.equal((await upload(service, id, PNG_ID, "image/png", PNG)).status, 201);
    const unknown = await upload(service, "A".repeat(22), PNG_ID, "image/png", PNG);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json().error, "diagram not found");
    const missingFile = await service.raw("GET", `/api/diagrams/${id}/files/${SVG_ID}`);
    assert.equal(missingFile.status, 404);
    assert.equal(missingFile.json().error, "no such file in this diagram");

    const password = "another long password";
    await service.diagram.admin("reset-password", "other@example.com", password, "--new-account");
    const other = rawClient(service, await service.diagram.login("other@example.com", password));
    const read = await other("GET", `/api/diagrams/${id}/files/${PNG_ID}`);
    assert.equal(read.status, 404);
    assert.equal(read.json().error, "diagram not found");
    const write = await other("PUT", `/api/diagrams/${id}/files/${SVG_ID}`, {
      body: SVG,
      headers: { "content-type": "image/svg+xml" },
    });
    assert.equal(write.status, 404);
    assert.equal(await storedImageCount(service, id), 1);
  });
});

Deno.test("the diagram and its export carry an uploaded image's dataURL once an image element shows it", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram([imageElement("photo", PNG_ID)]);
    const before = await service.api("GET", `/api/diagrams/${id}`);
    assert.deepEqual(before.json.file.files, {}, "nothing to add before the upload");

    assert.equal((await upload(service, id, PNG_ID, "image/png", PNG)).status, 201);
    const read = await service.api("GET", `/api/diagrams/${id}`);
    assert.equal(read.json.file.files[PNG_ID].dataURL, PNG_DATA_URL);
    assert.equal(read.json.file.files[PNG_ID].mimeType, "image/png");
    assert.equal(typeof read.json.file.files[PNG_ID].created, "number");
    const exported = await service.api("GET", `/api/diagrams/${id}/export`);
    assert.deepEqual(exported.json.files, read.json.file.files);
    assert.deepEqual((await storedFile(service, id)).files, {}, "the stored file is untouched");
  });
});

Deno.test("a save naming an uploaded image without its bytes stores none inline, and the export still has them", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram();
    assert.equal((await upload(service, id, PNG_ID, "image/png", PNG)).status, 201);
    const named = { id: PNG_ID, mimeType: "image/png", created: 1735689600000 };
    const file = { ...excalidrawFile([imageElement("photo", PNG_ID)]), files: { [PNG_ID]: named } };
    const saved = await service.api("PUT", `/api/diagrams/${id}`, { file });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    assert.deepEqual((await storedFile(service, id)).files, { [PNG_ID]: named });

    const exported = await service.api("GET", `/api/diagrams/${id}/export`);
    assert.deepEqual(exported.json.files, { [PNG_ID]: { ...named, dataURL: PNG_DATA_URL } });

    // Sent whole (an older editor, a script): the bytes the diagram holds are not stored twice.
    const whole = { ...file, files: { [PNG_ID]: { ...named, dataURL: PNG_DATA_URL } } };
    assert.equal((await service.api("PUT", `/api/diagrams/${id}`, { file: whole })).status, 200);
    assert.deepEqual((await storedFile(service, id)).files, { [PNG_ID]: named });
  });
});

Deno.test("a save naming an image the diagram does not have is a 400 naming the file and how to upload it", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram();
    const file = {
      ...excalidrawFile([imageElement("photo", "never-uploaded")]),
      files: { "never-uploaded": { id: "never-uploaded", mimeType: "image/png", created: 1 } },
    };
    const refused = await service.api("PUT", `/api/diagrams/${id}`, { file });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.json.problems, [
      `files["never-uploaded"] has no dataURL and this diagram has no uploaded file with that id; PUT its bytes to /api/diagrams/${id}/files/never-uploaded first`,
    ]);
    assert.equal((await service.api("GET", `/api/diagrams/${id}`)).json.revision, 1);

    const created = await service.api("POST", "/api/diagrams", { name: "New", file });
    assert.equal(created.status, 400);
    assert.match(
      created.json.problems[0],
      /^files\["never-uploaded"\] has no dataURL and a new diagram/,
    );
  });
});

Deno.test("a duplicate shows the same images; deleting a diagram for good deletes its images and not the copy's", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram([imageElement("photo", PNG_ID)]);
    assert.equal((await upload(service, id, PNG_ID, "image/png", PNG)).status, 201);
    const copy = await service.api("POST", `/api/diagrams/${id}/duplicate`, {});
    assert.equal(copy.status, 201);
    const copyId = copy.json.id;
    const copied = await service.api("GET", `/api/diagrams/${copyId}`);
    assert.equal(copied.json.file.files[PNG_ID].dataURL, PNG_DATA_URL);

    assert.equal((await service.api("DELETE", `/api/diagrams/${id}`)).status, 204);
    // In the trash it keeps them, to come back whole; deleted for good, they go with it.
    assert.equal(await storedImageCount(service, id), 1);
    assert.equal((await service.api("DELETE", `/api/trash/${id}`)).status, 204);
    assert.equal(await storedImageCount(service, id), 0);
    assert.equal(await storedImageCount(service, copyId), 1);
    const served = await service.raw("GET", `/api/diagrams/${copyId}/files/${PNG_ID}`);
    assert.deepEqual(served.bytes, PNG);
  });
});

Deno.test("an imported file's inline image is served as a file and kept inline when a save names it without bytes", async () => {
  await withService(async (service) => {
    const imported = {
      ...excalidrawFile([
        imageElement("photo", "inline", "a0"),
        imageElement("fake", "html", "a1"),
      ]),
      files: {
        inline: { id: "inline", mimeType: "image/png", dataURL: PNG_DATA_URL, created: 7 },
        html: {
          id: "html",
          mimeType: "image/png",
          dataURL: "data:text/html;base64," + btoa("<script>alert(1)</script>"),
          created: 8,
        },
      },
    };
    const created = await service.api("POST", "/api/diagrams", {
      name: "Imported",
      file: imported,
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const id = created.json.id;
    const served = await service.raw("GET", `/api/diagrams/${id}/files/inline`);
    assert.equal(served.status, 200);
    assert.deepEqual(served.bytes, PNG);
    assert.equal(served.headers.get("content-type"), "image/png");
    const fake = await service.raw("GET", `/api/diagrams/${id}/files/html`);
    assert.equal(fake.status, 404, "bytes that are not the image they claim are not served");

    const exportedBefore = await service.raw("GET", `/api/diagrams/${id}/export`);
    const named = {
      inline: { id: "inline", mimeType: "image/png", created: 7 },
      html: { id: "html", mimeType: "image/png", created: 8 },
    };
    const saved = await service.api("PUT", `/api/diagrams/${id}`, {
      file: { ...imported, files: named },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    const stored = await storedFile(service, id);
    assert.equal(stored.files.inline.dataURL, PNG_DATA_URL);
    assert.equal(stored.files.html.dataURL, imported.files.html.dataURL);
    const exportedAfter = await service.raw("GET", `/api/diagrams/${id}/export`);
    assert.deepEqual(exportedAfter.bytes, exportedBefore.bytes, "the same file, byte for byte");
  });
});

Deno.test("a collaboration room's seed names uploaded images its elements show, without their bytes", async () => {
  await withService(async (service) => {
    const id = await service.newDiagram([
      imageElement("photo", PNG_ID, "a0"),
      imageElement("pending", "not-uploaded-yet", "a1"),
    ]);
    assert.equal((await upload(service, id, PNG_ID, "image/png", PNG)).status, 201);
    const path = `/internal/collab/rooms/${id}`;
    const response = await fetch(new URL(path, service.diagram.url), {
      headers: signRequest(service.diagram.env.COLLAB_SECRET, { method: "GET", path }),
    });
    assert.equal(response.status, 200);
    const seed = (await readRoomSeed(response.body!)).header as {
      files: Record<string, Record<string, unknown>>;
    };
    assert.deepEqual(Object.keys(seed.files), [PNG_ID]);
    assert.equal(seed.files[PNG_ID].id, PNG_ID);
    assert.equal(seed.files[PNG_ID].mimeType, "image/png");
    assert.equal(typeof seed.files[PNG_ID].created, "number");
    assert.equal(seed.files[PNG_ID].dataURL, undefined);
  });
});
