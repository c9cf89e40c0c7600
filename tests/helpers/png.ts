// Reads a PNG back for the tests' checks: its size from IHDR and its pixels, through the runtime's
// own inflate. Only what a check needs: 8-bit RGB, RGBA, grey or palette images, not interlaced;
// every chunk's CRC is checked, so a corrupt file fails here.
import { concat, crc32, encodePng } from "../../diagram/drawing/png/encode_png.ts";

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface DecodedPng {
  width: number;
  height: number;
  /** RGB, three bytes a pixel, row by row (alpha dropped). */
  rgb: Uint8Array;
}

export function hasPngSignature(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** Width and height from the IHDR chunk, which must come first. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = new TextDecoder().decode(bytes.subarray(12, 16));
  if (!hasPngSignature(bytes) || type !== "IHDR") throw new Error("not a PNG with IHDR first");
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

export async function decodePng(bytes: Uint8Array): Promise<DecodedPng> {
  if (!hasPngSignature(bytes)) throw new Error("no PNG signature");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  let header: Uint8Array | undefined;
  let palette: Uint8Array | undefined;
  const data: Uint8Array[] = [];
  for (;;) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (view.getUint32(at + 8 + length) !== crc32(bytes.subarray(at + 4, at + 8 + length))) {
      throw new Error(`bad CRC in ${type}`);
    }
    if (type === "IHDR") header = body;
    if (type === "PLTE") palette = body;
    if (type === "IDAT") data.push(body);
    at += 12 + length;
    if (type === "IEND") break;
  }
  if (header === undefined) throw new Error("no IHDR");
  const { width, height } = pngSize(bytes);
  const [depth, colourType, , , interlace] = header.subarray(8);
  if (depth !== 8 || interlace !== 0) throw new Error("only 8-bit, non-interlaced PNGs");
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colourType];
  if (channels === undefined) throw new Error(`colour type ${colourType}`);
  const raw = await inflate(concat(data));
  const stride = width * channels;
  const rows = unfilter(raw, stride, height, channels);
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const p = i * channels;
    const [r, g, b] = colourType === 3
      ? palette!.subarray(rows[p] * 3, rows[p] * 3 + 3)
      : channels <= 2
      ? [rows[p], rows[p], rows[p]]
      : rows.subarray(p, p + 3);
    rgb.set([r, g, b], i * 3);
  }
  return { width, height, rgb };
}

/** Pixels that are not white (any channel below 250). */
export function nonWhitePixels({ rgb }: DecodedPng): number {
  let count = 0;
  for (let p = 0; p < rgb.length; p += 3) {
    if (rgb[p] < 250 || rgb[p + 1] < 250 || rgb[p + 2] < 250) count++;
  }
  return count;
}

function unfilter(raw: Uint8Array, stride: number, height: number, bpp: number): Uint8Array {
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? out[row + x - bpp] : 0;
      const up = y > 0 ? out[row - stride + x] : 0;
      const upLeft = x >= bpp && y > 0 ? out[row - stride + x - bpp] : 0;
      const predictor = filter === 0
        ? 0
        : filter === 1
        ? left
        : filter === 2
        ? up
        : filter === 3
        ? (left + up) >> 1
        : paeth(left, up, upLeft);
      out[row + x] = (line[x] + predictor) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A solid 8×8 PNG of one colour: easy to find again in a drawing's pixels. */
export async function solidPng(
  [r, g, b]: readonly [number, number, number],
): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = new Uint8Array(8 * 8 * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([r, g, b, 255], i);
  return new Uint8Array(await encodePng(pixels, 8, 8, { channelBits: 8 }));
}

/** How many of a decoded PNG's pixels are close to colour `rgb` (each channel within about 10). */
export function pixelsNear(
  { rgb }: DecodedPng,
  [r, g, b]: readonly [number, number, number],
): number {
  let count = 0;
  for (let i = 0; i < rgb.length; i += 3) {
    if (Math.abs(rgb[i] - r) + Math.abs(rgb[i + 1] - g) + Math.abs(rgb[i + 2] - b) < 30) count++;
  }
  return count;
}
