// Writes a zip archive in memory: each entry deflated (CompressionStream "deflate-raw") unless that
// makes it no smaller, then stored; UTF-8 names; no zip64, so an archive past 4 GiB or 65,535
// entries is refused rather than written broken.
import { crc32 } from "../drawing/png/crc32.ts";
import {
  CENTRAL_HEADER,
  CENTRAL_HEADER_BYTES,
  DEFLATED,
  END_BYTES,
  END_OF_CENTRAL_DIRECTORY,
  LOCAL_HEADER,
  LOCAL_HEADER_BYTES,
  MAX_ZIP32,
  MAX_ZIP32_ENTRIES,
  STORED,
  UTF8_NAMES,
  ZipError,
} from "./zip_format.ts";

export interface ZipEntry {
  /** A relative path with "/" between folders. */
  name: string;
  bytes: Uint8Array;
}

/** The archive of `entries`, in order, each written at `modified` (the format keeps 2 s steps). */
export async function writeZip(
  entries: readonly ZipEntry[],
  modified = new Date(),
): Promise<Uint8Array<ArrayBuffer>> {
  if (entries.length > MAX_ZIP32_ENTRIES) {
    throw new ZipError(`a zip holds at most ${MAX_ZIP32_ENTRIES} entries without zip64`);
  }
  const { time, date } = dosDateTime(modified);
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const deflated = await deflateRaw(entry.bytes);
    const method = deflated.byteLength < entry.bytes.byteLength ? DEFLATED : STORED;
    const data = method === DEFLATED ? deflated : entry.bytes;
    if (entry.bytes.byteLength >= MAX_ZIP32 || offset >= MAX_ZIP32) tooLarge();
    const fields = {
      method,
      time,
      date,
      crc: crc32(entry.bytes),
      compressed: data.byteLength,
      size: entry.bytes.byteLength,
      name,
    };
    const local = new Uint8Array(LOCAL_HEADER_BYTES + name.byteLength);
    const view = new DataView(local.buffer);
    view.setUint32(0, LOCAL_HEADER, true);
    writeCommon(view, 4, fields);
    local.set(name, LOCAL_HEADER_BYTES);
    locals.push(local, data);
    centrals.push(centralHeader(fields, offset));
    offset += local.byteLength + data.byteLength;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.byteLength, 0);
  if (offset + centralSize + END_BYTES > MAX_ZIP32) tooLarge();
  const end = new Uint8Array(END_BYTES);
  const view = new DataView(end.buffer);
  view.setUint32(0, END_OF_CENTRAL_DIRECTORY, true);
  view.setUint16(8, entries.length, true);
  view.setUint16(10, entries.length, true);
  view.setUint32(12, centralSize, true);
  view.setUint32(16, offset, true);
  return concat([...locals, ...centrals, end]);
}

interface EntryFields {
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  name: Uint8Array;
}

/** From "version needed" to "extra field length": the same in local and central headers. */
function writeCommon(view: DataView, at: number, fields: EntryFields): void {
  view.setUint16(at, 20, true); // version needed: 2.0 (deflate)
  view.setUint16(at + 2, UTF8_NAMES, true);
  view.setUint16(at + 4, fields.method, true);
  view.setUint16(at + 6, fields.time, true);
  view.setUint16(at + 8, fields.date, true);
  view.setUint32(at + 10, fields.crc, true);
  view.setUint32(at + 14, fields.compressed, true);
  view.setUint32(at + 18, fields.size, true);
  view.setUint16(at + 22, fields.name.byteLength, true);
  view.setUint16(at + 24, 0, true); // no extra field
}

function centralHeader(fields: EntryFields, localOffset: number): Uint8Array {
  const header = new Uint8Array(CENTRAL_HEADER_BYTES + fields.name.byteLength);
  const view = new DataView(header.buffer);
  view.setUint32(0, CENTRAL_HEADER, true);
  view.setUint16(4, 20, true); // made by: 2.0, MS-DOS attributes
  writeCommon(view, 6, fields);
  // Comment length, disk number, internal and external attributes stay 0.
  view.setUint32(42, localOffset, true);
  header.set(fields.name, CENTRAL_HEADER_BYTES);
  return header;
}

function tooLarge(): never {
  throw new ZipError("the archive would pass 4 GiB, which a zip without zip64 cannot hold");
}

async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** MS-DOS time and date (local fields, read as UTC here), from 1980 on. */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
