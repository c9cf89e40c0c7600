import assert from "node:assert/strict";
import { crc32, encodePng } from "./encode_png.ts";
import { decodePng, hasPngSignature } from "../../../tests/helpers/png.ts";

/** RGBA pixels from a function of the position. */
function image(width: number, height: number, colour: (x: number, y: number) => number[]) {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set([...colour(x, y), 255], (y * width + x) * 4);
  }
  return pixels;
}

function rgbOf(pixels: Uint8Array): Uint8Array {
  return pixels.filter((_, index) => index % 4 !== 3);
}

/** The colour type byte of IHDR: 2 RGB, 3 palette. */
const colourType = (png: Uint8Array) => png[25];

Deno.test("an image of few colours is written as a palette that decodes to the same pixels", async () => {
  const pixels = image(37, 11, (x, y) => (x + y) % 3 === 0 ? [255, 255, 255] : [30, 30, 30 + x]);
  const png = await encodePng(pixels, 37, 11);
  assert.ok(hasPngSignature(png));
  assert.equal(colourType(png), 3);
  const decoded = await decodePng(png);
  assert.deepEqual([decoded.width, decoded.height], [37, 11]);
  assert.deepEqual(decoded.rgb, rgbOf(pixels));
});

Deno.test("an image of more than 256 colours is written as RGB that decodes to the same pixels", async () => {
  const pixels = image(64, 9, (x, y) => [x * 4, y * 28, (x * y) & 0xff]);
  const png = await encodePng(pixels, 64, 9);
  assert.equal(colourType(png), 2);
  assert.deepEqual((await decodePng(png)).rgb, rgbOf(pixels));
});

Deno.test("fewer channel bits turn a many-coloured image into a palette and keep white white", async () => {
  const pixels = image(64, 64, (x, y) => x === 0 ? [255, 255, 255] : [x * 4, y * 4, 128]);
  const full = await encodePng(pixels, 64, 64);
  const reduced = await encodePng(pixels, 64, 64, { channelBits: 3 });
  assert.equal(colourType(full), 2);
  assert.equal(colourType(reduced), 3);
  const decoded = await decodePng(reduced);
  assert.deepEqual([...decoded.rgb.subarray(0, 3)], [255, 255, 255]);
  // Each channel is within half a step of 3 bits (255 / 7 / 2) of what it was.
  const original = rgbOf(pixels);
  assert.ok(decoded.rgb.every((value, index) => Math.abs(value - original[index]) <= 19));
});

Deno.test("chunks end with the CRC-32 PNG defines (IEND's is AE 42 60 82)", () => {
  assert.equal(crc32(new TextEncoder().encode("IEND")), 0xae426082);
});

Deno.test("an image of no pixels or the wrong number of bytes is refused", async () => {
  await assert.rejects(encodePng(new Uint8Array(0), 0, 0), /cannot encode a 0 × 0 image/);
  await assert.rejects(encodePng(new Uint8Array(12), 2, 2), /expected 16 bytes/);
});
