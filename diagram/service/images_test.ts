// What is kept as an image: the bytes must be the type they are sent as, recognised by signature;
// data: URLs read back to bytes; and how a write's `files` meet the images stored apart.
import assert from "node:assert/strict";
import {
  bytesOfDataUrl,
  dataUrlOf,
  diagramImagesProblem,
  idsWithoutBytes,
  imageProblem,
  imageTypeOf,
  MAX_DIAGRAM_IMAGE_BYTES,
  MAX_IMAGE_BYTES,
  settleFiles,
  withImageBytes,
} from "./images.ts";
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";

const text = (value: string) => new TextEncoder().encode(value);
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => typeof part === "string" ? [...text(part)] : part));

/** A real 1×1 PNG. */
const PNG = Uint8Array.fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF");
const WEBP = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");
/** An ftyp box of 28 bytes: major brand, minor version 0, then compatible brands. */
const ftyp = (major: string, ...compatible: string[]) =>
  bytes([0, 0, 0, 16 + 4 * compatible.length], "ftyp", major, [0, 0, 0, 0], compatible.join(""));

Deno.test("each kept type is recognised by its signature, whatever the rest holds", () => {
  assert.equal(imageTypeOf(PNG), "image/png");
  assert.equal(imageTypeOf(JPEG), "image/jpeg");
  assert.equal(imageTypeOf(bytes("GIF87a", [1, 0, 1, 0])), "image/gif");
  assert.equal(imageTypeOf(bytes("GIF89a", [1, 0, 1, 0])), "image/gif");
  assert.equal(imageTypeOf(WEBP), "image/webp");
  assert.equal(imageTypeOf(ftyp("avif", "mif1", "miaf")), "image/avif");
  assert.equal(imageTypeOf(ftyp("avis", "msf1")), "image/avif");
  assert.equal(
    imageTypeOf(ftyp("mif1", "miaf", "avif")),
    "image/avif",
    "AVIF as a compatible brand",
  );
});

Deno.test("near misses are no image: truncated signatures, other RIFF and ISO files, BMP, HTML", () => {
  assert.equal(imageTypeOf(PNG.slice(0, 7)), null);
  assert.equal(imageTypeOf(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x00])), null);
  assert.equal(imageTypeOf(bytes([0xff, 0xd8])), null);
  assert.equal(imageTypeOf(bytes("GIF88a")), null);
  assert.equal(imageTypeOf(bytes("RIFF", [0x24, 0, 0, 0], "WAVEfmt ")), null);
  assert.equal(imageTypeOf(ftyp("heic", "mif1", "heic")), null);
  assert.equal(imageTypeOf(bytes("BM", [0x46, 0, 0, 0])), null);
  assert.equal(imageTypeOf(text("<!doctype html><html><svg></svg></html>")), null);
  assert.equal(imageTypeOf(new Uint8Array()), null);
});

Deno.test("an SVG is UTF-8 whose first element is <svg, after a declaration, comments and a doctype", () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';
  for (
    const accepted of [
      svg,
      `\n  ${svg}`,
      `\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n${svg}`,
      `<?xml version="1.0"?><!-- made by hand -->\n<?xml-stylesheet href="a.css"?>${svg}`,
      `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg}`,
      `<!doctype svg [ <!ENTITY arrow "->"> ]>\n${svg}`,
      "<svg>\u00e9</svg>",
    ]
  ) {
    assert.equal(imageTypeOf(text(accepted)), "image/svg+xml", accepted);
  }
  for (
    const refused of [
      "<svgx/>",
      "<html><svg/></html>",
      "<!-- never closed <svg/>",
      "<?xml version='1.0' <svg/>",
      "<!DOCTYPE svg [ <!ENTITY x '>'> <svg/>",
      "hello <svg/>",
    ]
  ) {
    assert.equal(imageTypeOf(text(refused)), null, refused);
  }
  assert.equal(imageTypeOf(bytes("<svg>", [0xff, 0xfe], "</svg>")), null, "not UTF-8");
});

Deno.test("imageProblem names what is wrong: the type, the size, or what the bytes really are", () => {
  assert.equal(imageProblem("image/png", PNG), null);
  assert.match(imageProblem("image/bmp", PNG)!, /^image\/bmp is not an image type .* image\/png/);
  assert.match(imageProblem("", PNG)!, /^no type is not an image type/);
  assert.equal(imageProblem("image/png", new Uint8Array()), "the image is empty");
  const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
  big.set(PNG);
  assert.equal(
    imageProblem("image/png", big),
    "the image is 4194305 bytes; at most 4194304 bytes (4 MiB) are accepted per image",
  );
  assert.equal(
    imageProblem("image/png", JPEG),
    "the bytes sent as image/png are a JPEG image; send them as image/jpeg",
  );
  assert.equal(
    imageProblem("image/gif", text("<html>hi</html>")),
    "the bytes sent as image/gif are not a GIF image (nor any image type kept here)",
  );
});

Deno.test("a diagram takes images up to its total and not a byte more", () => {
  assert.equal(diagramImagesProblem(MAX_DIAGRAM_IMAGE_BYTES - 10, 10), null);
  assert.match(
    diagramImagesProblem(MAX_DIAGRAM_IMAGE_BYTES - 10, 11)!,
    /^this diagram's images already take 64 MiB of the 64 MiB a diagram may hold; this 1 KiB image/,
  );
});

Deno.test("data: URLs read back to their bytes, base64 or percent-encoded; other URLs are never fetched", async () => {
  const image = { mimeType: "image/png" as const, bytes: PNG };
  assert.deepEqual(await bytesOfDataUrl(dataUrlOf(image)), PNG);
  assert.deepEqual(
    await bytesOfDataUrl("data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E"),
    text("<svg/>"),
  );
  assert.equal(await bytesOfDataUrl("data:image/png;base64,@@@"), null);
  assert.equal(await bytesOfDataUrl("http://127.0.0.1:9/image.png"), null);
});

const file = (files: ExcalidrawFile["files"], fileIds: string[] = []): ExcalidrawFile => ({
  type: "excalidraw",
  version: 2,
  source: "test",
  elements: fileIds.map((fileId, i) => ({ id: `image${i}`, type: "image", fileId })),
  appState: {},
  files,
});

Deno.test("a whole file needs the bytes of listed entries without them and of unlisted images", () => {
  const inline = {
    id: "inline",
    mimeType: "image/png",
    dataURL: dataUrlOf({ mimeType: "image/png", bytes: PNG }),
  };
  const named = { id: "named", mimeType: "image/png", created: 5 };
  const stored = file({ inline, named }, ["inline", "named", "unlisted", "unlisted"]);
  assert.deepEqual(idsWithoutBytes(stored), ["named", "unlisted"]);
  const whole = withImageBytes(stored, [
    { id: "named", mimeType: "image/png", bytes: PNG, created: 1 },
    { id: "unlisted", mimeType: "image/jpeg", bytes: JPEG, created: 2 },
  ]);
  assert.deepEqual(whole.files, {
    inline,
    named: { ...named, dataURL: inline.dataURL },
    unlisted: {
      id: "unlisted",
      mimeType: "image/jpeg",
      dataURL: dataUrlOf({ mimeType: "image/jpeg", bytes: JPEG }),
      created: 2,
    },
  });
  assert.deepEqual(idsWithoutBytes(whole), []);
});

Deno.test("settling a write's files: uploaded bytes are dropped, named ones resolved, the rest kept as sent", () => {
  const dataURL = "data:image/png;base64,AAAA";
  const sent = {
    uploadedInline: { id: "uploadedInline", mimeType: "image/png", dataURL, created: 1 },
    uploadedNamed: { id: "uploadedNamed", mimeType: "image/png", created: 2 },
    imported: { id: "imported", mimeType: "image/png", dataURL, created: 3 },
    importedNamed: { id: "importedNamed", mimeType: "image/png", created: 4 },
    unknown: { id: "unknown", mimeType: "image/png", created: 5 },
  };
  const storedBefore = {
    importedNamed: { id: "importedNamed", mimeType: "image/png", dataURL, created: 4 },
  };
  const { files, missing } = settleFiles(
    sent,
    new Set(["uploadedInline", "uploadedNamed"]),
    storedBefore,
  );
  assert.deepEqual(files, {
    uploadedInline: { id: "uploadedInline", mimeType: "image/png", created: 1 },
    uploadedNamed: sent.uploadedNamed,
    imported: sent.imported,
    importedNamed: storedBefore.importedNamed,
    unknown: sent.unknown,
  });
  assert.deepEqual(missing, ["unknown"]);
  const untouched = { imported: sent.imported };
  assert.equal(settleFiles(untouched, new Set(), {}).files, untouched, "the same map, unchanged");
});

Deno.test("a file id such as __proto__ stays an entry when bytes are added or dropped", () => {
  const named: ExcalidrawFile["files"] = JSON.parse(
    '{"__proto__": {"id": "__proto__", "mimeType": "image/png", "created": 1}}',
  );
  const image = { id: "__proto__", mimeType: "image/png" as const, bytes: PNG, created: 1 };
  const whole = withImageBytes(file(named), [image]);
  assert.equal(JSON.parse(JSON.stringify(whole.files)).__proto__.dataURL, dataUrlOf(image));
  const added = withImageBytes(file({}, ["__proto__"]), [image]);
  assert.deepEqual(Object.keys(added.files), ["__proto__"]);
  const settled = settleFiles(whole.files, new Set(["__proto__"]), {});
  assert.deepEqual(JSON.parse(JSON.stringify(settled.files)), {
    ["__proto__"]: { id: "__proto__", mimeType: "image/png", created: 1 },
  });
});
