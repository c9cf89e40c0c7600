// Reads a zip archive from untrusted bytes, refusing rather than guessing: the central directory
// is the index (bounded entry count), every name must be a plain relative path (no "..", no
// absolute path, no backslash, no drive letter) and unique, the declared sizes together stay under
// a cap, each entry is inflated (DecompressionStream "deflate-raw") only up to its declared size,
// and its CRC-32 and size must match. Stored and deflated entries only; no zip64, no encryption.
import { crc32 } from "../drawing/png/crc32.ts";
import {
  CENTRAL_HEADER,
  CENTRAL_HEADER_BYTES,
  DEFLATED,
  END_BYTES,
  END_OF_CENTRAL_DIRECTORY,
  LOCAL_HEADER,
  LOCAL_HEADER_BYTES,
  STORED,
  ZipError,
} from "./zip_format.ts";

export { ZipError };

export interface ZipLimits {
  /** Entries (folders included) the archive may list. */
  maxEntries: number;
  /** What all entries may hold together once inflated. */
  maxTotalBytes: number;
}

/** The longest comment an end record can carry: how far back from the end it is looked for. */
const MAX_COMMENT = 0xffff;
const FLAG_ENCRYPTED = 0x0001;

/**
 * The files of the archive by name, in the order the central directory lists them (folder
 * entries, names ending in "/", are left out). Throws ZipError naming the first problem.
 */
export async function readZip(
  bytes: Uint8Array,
  limits: ZipLimits,
): Promise<Map<string, Uint8Array<ArrayBuffer>>> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEnd(view);
  const count = view.getUint16(end + 10, true);
  const centralSize = view.getUint32(end + 12, true);
  const centralOffset = view.getUint32(end + 16, true);
  if (count > limits.maxEntries) {
    throw new ZipError(`the archive lists ${count} entries; at most ${limits.maxEntries} are read`);
  }
  if (centralOffset + centralSize > end) {
    throw new ZipError("the archive's central directory lies outside the file");
  }
  const entries = readCentralDirectory(view, centralOffset, count, limits);
  const files = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const entry of entries) {
    if (entry.name.endsWith("/")) continue;
    files.set(entry.name, await entryBytes(bytes, view, entry));
  }
  return files;
}

interface CentralEntry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  localOffset: number;
}

function findEnd(view: DataView): number {
  const last = view.byteLength - END_BYTES;
  for (let at = last; at >= 0 && at >= last - MAX_COMMENT; at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipError("this is not a zip archive (no end of central directory record)");
}

function readCentralDirectory(
  view: DataView,
  offset: number,
  count: number,
  limits: ZipLimits,
): CentralEntry[] {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const entries: CentralEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (
      at + CENTRAL_HEADER_BYTES > view.byteLength || view.getUint32(at, true) !== CENTRAL_HEADER
    ) {
      throw new ZipError(`the archive's central directory is damaged at entry ${i + 1}`);
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const nameStart = at + CENTRAL_HEADER_BYTES;
    if (nameStart + nameLength > view.byteLength) {
      throw new ZipError(`the archive's central directory is damaged at entry ${i + 1}`);
    }
    let name: string;
    try {
      name = decoder.decode(new Uint8Array(view.buffer, view.byteOffset + nameStart, nameLength));
    } catch {
      throw new ZipError(`entry ${i + 1}'s name is not UTF-8`);
    }
    const problem = nameProblem(name);
    if (problem !== null) throw new ZipError(`entry ${JSON.stringify(name)} ${problem}`);
    if (names.has(name)) throw new ZipError(`entry ${JSON.stringify(name)} is listed twice`);
    names.add(name);
    const entry: CentralEntry = {
      name,
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    if (entry.flags & FLAG_ENCRYPTED) {
      throw new ZipError(`entry ${JSON.stringify(name)} is encrypted`);
    }
    if (entry.method !== STORED && entry.method !== DEFLATED) {
      throw new ZipError(
        `entry ${
          JSON.stringify(name)
        } uses compression method ${entry.method}; only stored and deflated entries are read`,
      );
    }
    total += entry.size;
    if (total > limits.maxTotalBytes) {
      throw new ZipError(
        `the archive's entries hold more than ${limits.maxTotalBytes} bytes together once unpacked`,
      );
    }
    entries.push(entry);
    at = nameStart + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Why `name` is not a plain relative path inside the archive; null when it is. Nothing read from
 * an archive may name a place outside the folder it would be unpacked into.
 */
export function nameProblem(name: string): string | null {
  if (name === "" || name === "/") return "has no name";
  if (name.includes("\\")) return "holds a backslash";
  if (name.startsWith("/")) return "is an absolute path";
  if (/^[A-Za-z]:/.test(name)) return "starts with a drive letter";
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return "holds a control character";
  const parts = name.replace(/\/$/, "").split("/");
  if (parts.some((part) => part === ".." || part === "." || part === "")) {
    return "is not a plain relative path (it holds '..', '.' or an empty folder name)";
  }
  return null;
}

async function entryBytes(
  bytes: Uint8Array,
  view: DataView,
  entry: CentralEntry,
): Promise<Uint8Array<ArrayBuffer>> {
  const at = entry.localOffset;
  const label = JSON.stringify(entry.name);
  if (at + LOCAL_HEADER_BYTES > view.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) {
    throw new ZipError(`entry ${label}'s local header is missing`);
  }
  const start = at + LOCAL_HEADER_BYTES + view.getUint16(at + 26, true) +
    view.getUint16(at + 28, true);
  if (start + entry.compressed > view.byteLength) {
    throw new ZipError(`entry ${label} runs past the end of the archive`);
  }
  const data = bytes.subarray(start, start + entry.compressed);
  const out = entry.method === STORED
    ? new Uint8Array(data)
    : await inflateRaw(data, entry.size, label);
  if (out.byteLength !== entry.size) {
    throw new ZipError(`entry ${label} unpacks to another size than the archive says`);
  }
  if (crc32(out) !== entry.crc) {
    throw new ZipError(`entry ${label} is damaged (its CRC-32 does not match)`);
  }
  return out;
}

/** Inflates `data`, stopping as soon as it passes `size` bytes: a bomb is never unpacked whole. */
async function inflateRaw(
  data: Uint8Array,
  size: number,
  label: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const out = new Uint8Array(size);
  let length = 0;
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream()
    .pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length + value.byteLength > size) {
        throw new ZipError(
          `entry ${label} unpacks to more than the ${size} bytes the archive says`,
        );
      }
      out.set(value, length);
      length += value.byteLength;
    }
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError(`entry ${label} is damaged (it does not inflate)`);
  } finally {
    reader.cancel().catch(() => {});
  }
  return out.subarray(0, length) as Uint8Array<ArrayBuffer>;
}
