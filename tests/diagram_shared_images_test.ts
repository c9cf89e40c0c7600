// A share link's visitor and the diagram's uploaded images, over HTTP with no session: the images
// its current scene shows at /s/<secret>/files/<fileId> (and /d/<id>/files/… for a collection's
// diagram), headers that keep an upload from running as a page, the same 404 for any other file
// or an ended link; and the images drawn into the shared SVG and PNG instead of placeholders.
import assert from "node:assert/strict";
import {
  type DiagramWithAccount,
  excalidrawFile,
  startDiagramWithAccount,
} from "./helpers/collab_instance.ts";
import { imageElement } from "./helpers/scene_fixture.ts";
import { decodePng, pixelsNear, solidPng } from "./helpers/png.ts";

const RED_RGB = [230, 20, 20] as const;
const RED = await solidPng(RED_RGB);
const BLUE = await solidPng([20, 20, 230]);
/** Excalidraw's file ids are sha-1 hex digests; these only need to be ids. */
const RED_ID = "aa11bb22cc33dd44ee55ff66aa11bb22cc33dd44";
const BLUE_ID = "bb22cc33dd44ee55ff66aa11bb22cc33dd44ee55";
const LOOSE_ID = "cc33dd44ee55ff66aa11bb22cc33dd44ee55ff66";

async function upload(setup: DiagramWithAccount, id: string, fileId: string, bytes: Uint8Array) {
  assert.equal(await setup.uploadImage(id, fileId, bytes), 201);
}

/** A diagram showing file `fileId` (uploaded after, as the editor saves), in `collectionId`. */
async function diagramWithImage(
  setup: DiagramWithAccount,
  fileId: string,
  collectionId?: string,
): Promise<string> {
  const file = excalidrawFile([{ ...imageElement("picture", fileId), width: 200, height: 200 }]);
  const made = await setup.api("POST", "/api/diagrams", { name: "Photo", file, collectionId });
  assert.equal(made.status, 201);
  return made.json.id;
}

async function share(
  setup: DiagramWithAccount,
  target: string,
): Promise<{ path: string; id: string }> {
  const made = await setup.api("POST", `${target}/shares`, {});
  assert.equal(made.status, 201);
  return { path: new URL(made.json.url).pathname, id: made.json.id };
}

async function visit(
  setup: DiagramWithAccount,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(new URL(path, setup.diagram.url), { headers });
  return { status: response.status, headers: response.headers, body: await response.bytes() };
}

Deno.test("a share link serves the images its diagram shows, as inert files revalidated by ETag, and the same 404 for any other file or once revoked", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await diagramWithImage(setup, RED_ID);
  await upload(setup, id, RED_ID, RED);
  // Uploaded for this diagram but shown by no element of it (a deleted one only).
  await upload(setup, id, LOOSE_ID, BLUE);
  const other = await diagramWithImage(setup, BLUE_ID);
  await upload(setup, other, BLUE_ID, BLUE);
  const stored = await setup.api("GET", `/api/diagrams/${id}`);
  const deleted = { ...imageElement("gone", LOOSE_ID, "a1"), isDeleted: true };
  const saved = await setup.api("PUT", `/api/diagrams/${id}`, {
    file: { ...stored.json.file, elements: [...stored.json.file.elements, deleted] },
  });
  assert.equal(saved.status, 200);
  const { path, id: linkId } = await share(setup, `/api/diagrams/${id}`);

  const image = await visit(setup, `${path}/files/${RED_ID}`);
  assert.equal(image.status, 200);
  assert.deepEqual(image.body, RED);
  assert.equal(image.headers.get("content-type"), "image/png");
  assert.equal(image.headers.get("x-content-type-options"), "nosniff");
  const csp = image.headers.get("content-security-policy")!;
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /sandbox/);
  assert.doesNotMatch(csp, /script-src/);
  assert.equal(image.headers.get("cache-control"), "private, no-cache");
  const etag = image.headers.get("etag")!;
  assert.ok(etag);
  const again = await visit(setup, `${path}/files/${RED_ID}`, { "if-none-match": etag });
  assert.equal(again.status, 304);

  const miss = await visit(setup, "/s/nothing");
  assert.equal(miss.status, 404);
  for (
    const address of [
      `${path}/files/${BLUE_ID}`, // another diagram's image
      `${path}/files/${LOOSE_ID}`, // this diagram's, shown by no live element
      `${path}/files/0123456789abcdef0123456789abcdef01234567`, // guessed
      `${path}/files/`,
      `${path}/d/${id}/files/${RED_ID}`, // a diagram link has no /d/
      `${path.slice(0, -1)}/files/${RED_ID}`, // truncated secret
    ]
  ) {
    const answer = await visit(setup, address);
    assert.equal(answer.status, 404, address);
    assert.deepEqual(answer.body, miss.body, address);
  }

  assert.equal((await setup.api("DELETE", `/api/shares/${linkId}`)).status, 204);
  const revoked = await visit(setup, `${path}/files/${RED_ID}`, { "if-none-match": etag });
  assert.equal(revoked.status, 404);
  assert.deepEqual(revoked.body, miss.body);
});

Deno.test("a collection link serves each of its diagrams' images under that diagram's page, and no image of a diagram outside it", async () => {
  await using setup = await startDiagramWithAccount();
  const folder = (await setup.api("POST", "/api/collections", { name: "Photos" })).json.id;
  const inside = await diagramWithImage(setup, RED_ID, folder);
  await upload(setup, inside, RED_ID, RED);
  const outside = await diagramWithImage(setup, BLUE_ID);
  await upload(setup, outside, BLUE_ID, BLUE);
  const { path } = await share(setup, `/api/collections/${folder}`);

  const image = await visit(setup, `${path}/d/${inside}/files/${RED_ID}`);
  assert.equal(image.status, 200);
  assert.deepEqual(image.body, RED);
  for (
    const address of [
      `${path}/files/${RED_ID}`, // the collection's own address shows no drawing
      `${path}/d/${outside}/files/${BLUE_ID}`,
      `${path}/d/${inside}/files/${BLUE_ID}`,
    ]
  ) {
    assert.equal((await visit(setup, address)).status, 404, address);
  }
});

Deno.test("the shared SVG and PNG draw an uploaded image in place of its placeholder, and the owner's SVG export does too", async () => {
  await using setup = await startDiagramWithAccount();
  const id = await diagramWithImage(setup, RED_ID);
  const { path } = await share(setup, `/api/diagrams/${id}`);
  const dataUrl = `data:image/png;base64,${RED.toBase64()}`;

  // Before its bytes are there: the placeholder.
  const placeholderSvg = new TextDecoder().decode((await visit(setup, `${path}/image.svg`)).body);
  assert.doesNotMatch(placeholderSvg, /<image/);
  const placeholderPng = await visit(setup, `${path}/image.png`);
  assert.equal(placeholderPng.status, 200);
  assert.equal(pixelsNear(await decodePng(placeholderPng.body), RED_RGB), 0);

  await upload(setup, id, RED_ID, RED);
  for (const address of [`${path}/image.svg`, `${path}/download.svg`]) {
    const svg = new TextDecoder().decode((await visit(setup, address)).body);
    assert.match(svg, new RegExp(`<image href="${dataUrl.replace(/[+/]/g, "\\$&")}"`), address);
  }
  const owners = await fetch(new URL(`/api/diagrams/${id}/export.svg`, setup.diagram.url), {
    headers: { cookie: await setup.signIn() },
  });
  assert.ok((await owners.text()).includes(`href="${dataUrl}"`));

  const png = await visit(setup, `${path}/image.png`);
  assert.equal(png.status, 200);
  const decoded = await decodePng(png.body);
  // The picture fills the drawing but for its margins: most of the PNG is the image's red.
  assert.ok(pixelsNear(decoded, RED_RGB) > decoded.width * decoded.height * 0.5);
});
