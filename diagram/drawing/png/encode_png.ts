// Opaque RGBA pixels → PNG bytes. resvg can write PNGs itself, but its encoder took longer than
// the render (137 ms for a 1200 × 1417 diagram) and wrote 59 KB where this writes 20 to 40: a
// diagram has few colours, so most images become an 8-bit palette (one byte a pixel, runs of
// white that deflate to nothing), and deflate is the runtime's own CompressionStream.
//
// Decisions:
// - Pixels are taken as opaque (the renderer paints a white background first) and alpha is not
//   written: no client has to composite our PNG over its own background.
// - Up to 256 distinct colours: palette, no row filter (filters rarely help indexed images).
//   More: 8-bit RGB with the Up filter on every row (diagrams repeat vertically; choosing a
//   filter per row cost more time than it saved bytes).
// - `maxColourBits` below 8 rounds each channel to fewer bits first: the caller's last resort
//   when even the smallest allowed image is too many bytes (anti-aliased photos of text would
//   otherwise stay RGB).
import { crc32 } from "./crc32.ts";

/** The CRC-32 that PNG chunks end with (ISO 3309, as in zlib and zip). */
export { crc32 };

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PALETTE_MAX = 256;

export interface EncodeOptions {
  /** Bits kept per channel (1–8): fewer make a palette likelier and the file smaller. */
  channelBits?: number;
}

/** `pixels` is width × height × 4 bytes, row by row (RGBA; alpha ignored). */
export async function encodePng(
  pixels: Uint8Array,
  width: number,
  height: number,
  options: EncodeOptions = {},
): Promise<Uint8Array> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`cannot encode a ${width} × ${height} image`);
  }
  if (pixels.length !== width * height * 4) {
    throw new Error(`expected ${width * height * 4} bytes of RGBA pixels, got ${pixels.length}`);
  }
  const bits = Math.min(8, Math.max(1, Math.floor(options.channelBits ?? 8)));
  const colours = colourKeys(pixels, bits);
  const indexed = paletteRows(colours, width, height);
  const [colourType, rows, palette] = indexed === null
    ? [2, rgbRows(colours, width, height), null]
    : [3, indexed.rows, indexed.palette];
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, colourType, 0, 0, 0], 8);
  const chunks = [chunk("IHDR", header)];
  if (palette !== null) chunks.push(chunk("PLTE", palette));
  chunks.push(chunk("IDAT", await deflate(rows)), chunk("IEND", new Uint8Array(0)));
  return concat([new Uint8Array(SIGNATURE), ...chunks]);
}

/**
 * Each pixel's colour as one number, red in the low byte (the bytes' own order read as a
 * little-endian word; the alpha byte above is to be masked off with COLOUR); channels rounded to
 * `bits` bits. At 8 bits on a little-endian machine, the pixels themselves, not a copy.
 */
function colourKeys(pixels: Uint8Array, bits: number): Uint32Array {
  const count = pixels.length / 4;
  if (bits === 8 && LITTLE_ENDIAN) {
    const aligned = pixels.byteOffset % 4 === 0 ? pixels : pixels.slice();
    return new Uint32Array(aligned.buffer, aligned.byteOffset, count);
  }
  const keys = new Uint32Array(count);
  // Rounded to the nearest kept level, then spread back over 0–255, so white stays white.
  const levels = (1 << bits) - 1;
  const level = new Uint8Array(256).map((_, value) =>
    bits === 8 ? value : Math.round(Math.round(value * levels / 255) * 255 / levels)
  );
  for (let i = 0, p = 0; i < count; i++, p += 4) {
    keys[i] = level[pixels[p]] | (level[pixels[p + 1]] << 8) | (level[pixels[p + 2]] << 16);
  }
  return keys;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** The colour bits of a key. */
const COLOUR = 0xffffff;

/** Filter byte 0 and one palette index per pixel, or null past 256 colours. */
function paletteRows(
  colours: Uint32Array,
  width: number,
  height: number,
): { rows: Uint8Array; palette: Uint8Array } | null {
  const indexOf = new Map<number, number>();
  const rows = new Uint8Array((width + 1) * height);
  let last = -1;
  let lastIndex = 0;
  for (let y = 0, i = 0; y < height; y++) {
    let out = y * (width + 1) + 1;
    for (let x = 0; x < width; x++, i++) {
      const colour = colours[i] & COLOUR;
      if (colour !== last) {
        let index = indexOf.get(colour);
        if (index === undefined) {
          if (indexOf.size === PALETTE_MAX) return null;
          index = indexOf.size;
          indexOf.set(colour, index);
        }
        last = colour;
        lastIndex = index;
      }
      rows[out++] = lastIndex;
    }
  }
  const palette = new Uint8Array(indexOf.size * 3);
  for (const [colour, index] of indexOf) {
    palette[index * 3] = colour & 0xff;
    palette[index * 3 + 1] = (colour >> 8) & 0xff;
    palette[index * 3 + 2] = colour >> 16;
  }
  return { rows, palette };
}

/** Filter byte 2 (Up) and each byte minus the one above it. */
function rgbRows(colours: Uint32Array, width: number, height: number): Uint8Array {
  const stride = width * 3 + 1;
  const rows = new Uint8Array(stride * height);
  for (let y = 0, i = 0; y < height; y++) {
    let out = y * stride;
    rows[out++] = 2;
    for (let x = 0; x < width; x++, i++) {
      const colour = colours[i] & COLOUR;
      const above = y === 0 ? 0 : colours[i - width] & COLOUR;
      rows[out++] = ((colour & 0xff) - (above & 0xff)) & 0xff;
      rows[out++] = (((colour >> 8) & 0xff) - ((above >> 8) & 0xff)) & 0xff;
      rows[out++] = ((colour >> 16) - (above >> 16)) & 0xff;
    }
  }
  return rows;
}

async function deflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** The parts, one after another, in one new array. */
export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
