// The image files of a diagram, the parts that need no database: which types are kept and how their
// bytes are recognised, data: URLs, and how a file's `files` map meets the images stored apart.
// Excalidraw keeps an image as `files[id] = {id, mimeType, dataURL, created}` and an image element
// naming `fileId`; here the bytes of uploaded images live in a table, and the stored file names them
// without a dataURL.
import type { ExcalidrawFile } from "../drawing/excalidraw/types.ts";

/** What Excalidraw accepts as an image, less BMP and ICO, which it only converts. */
export const IMAGE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/svg+xml",
] as const;
export type ImageType = typeof IMAGE_TYPES[number];

/** One image: a photo from a phone fits, a poster does not. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
/** All the images of one diagram together. */
export const MAX_DIAGRAM_IMAGE_BYTES = 64 * 1024 * 1024;

const TYPE_NAMES: Record<ImageType, string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/gif": "GIF",
  "image/webp": "WebP",
  "image/avif": "AVIF",
  "image/svg+xml": "SVG",
};

const FILE_EXTENSIONS: Record<ImageType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/svg+xml": "svg",
};

/** The name an image is saved under: its file id (as it reached us, made safe) and extension. */
export function imageFileName(fileId: string, mimeType: ImageType): string {
  return `${fileId.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 100)}.${FILE_EXTENSIONS[mimeType]}`;
}

export function isImageType(value: string): value is ImageType {
  return (IMAGE_TYPES as readonly string[]).includes(value);
}

/** An image as stored and served: its type and its bytes. */
export interface Image {
  mimeType: ImageType;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Why `bytes` cannot be kept as an image of type `mimeType`, in words for the person who sent it;
 * null when they can. The type is what the bytes are, not what the sender says: a page that names
 * an HTML file image/png must not get it stored.
 */
export function imageProblem(mimeType: string, bytes: Uint8Array): string | null {
  if (!isImageType(mimeType)) {
    return `${mimeType || "no type"} is not an image type this service keeps; send one of ${
      IMAGE_TYPES.join(", ")
    }`;
  }
  if (bytes.byteLength === 0) return "the image is empty";
  if (bytes.byteLength > MAX_IMAGE_BYTES) {
    return `the image is ${bytes.byteLength} bytes; at most ${MAX_IMAGE_BYTES} bytes (${
      size(MAX_IMAGE_BYTES)
    }) are accepted per image`;
  }
  const actual = imageTypeOf(bytes);
  if (actual === mimeType) return null;
  const sent = `sent as ${mimeType}`;
  return actual === null
    ? `the bytes ${sent} are not a ${TYPE_NAMES[mimeType]} image (nor any image type kept here)`
    : `the bytes ${sent} are a ${TYPE_NAMES[actual]} image; send them as ${actual}`;
}

/** The type whose signature `bytes` start with, or null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, 0, ascii("GIF87a")) || startsWith(bytes, 0, ascii("GIF89a"))) {
    return "image/gif";
  }
  if (startsWith(bytes, 0, ascii("RIFF")) && startsWith(bytes, 8, ascii("WEBP"))) {
    return "image/webp";
  }
  if (isAvif(bytes)) return "image/avif";
  // Last: the only check that reads more than a few bytes.
  if (isSvg(bytes)) return "image/svg+xml";
  return null;
}

/** Why a diagram holding `heldBytes` of images cannot take `addedBytes` more; null when it can. */
export function diagramImagesProblem(heldBytes: number, addedBytes: number): string | null {
  if (heldBytes + addedBytes <= MAX_DIAGRAM_IMAGE_BYTES) return null;
  return `this diagram's images already take ${size(heldBytes)} of the ${
    size(MAX_DIAGRAM_IMAGE_BYTES)
  } a diagram may hold; this ${size(addedBytes)} image does not fit`;
}

function startsWith(bytes: Uint8Array, offset: number, signature: readonly number[]): boolean {
  if (bytes.byteLength < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

const AVIF_BRANDS = [ascii("avif"), ascii("avis")];

/**
 * An ISO media file (its first box is `ftyp`) that names AVIF (still or sequence) as its major
 * brand or as one it is compatible with: some encoders lead with a generic brand such as `mif1`.
 */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, 4, ascii("ftyp"))) return false;
  const boxSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0);
  const end = Math.min(boxSize, bytes.byteLength);
  // The major brand at 8, a minor version at 12, then compatible brands to the end of the box.
  for (let offset = 8; offset + 4 <= end; offset += offset === 8 ? 8 : 4) {
    if (AVIF_BRANDS.some((brand) => startsWith(bytes, offset, brand))) return true;
  }
  return false;
}

/**
 * UTF-8 text whose first element is `<svg`, after whatever an SVG file may open with: a byte order
 * mark, white space, an XML declaration or other processing instructions, comments and a doctype.
 * Scanned by hand rather than with one regular expression, which could backtrack for long on a
 * crafted prolog.
 */
function isSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  let at = 0;
  while (true) {
    while (at < text.length && /\s/.test(text[at])) at++;
    let end: number;
    if (text.startsWith("<?", at)) {
      end = closing(text, "?>", at + 2);
    } else if (text.startsWith("<!--", at)) {
      end = closing(text, "-->", at + 4);
    } else if (text.slice(at, at + 9).toUpperCase() === "<!DOCTYPE") {
      // An internal subset in brackets may hold '>' of its own.
      const bracket = text.indexOf("[", at);
      const close = text.indexOf(">", at);
      const subsetEnd = bracket !== -1 && bracket < close ? closing(text, "]", bracket) : at;
      end = subsetEnd === -1 ? -1 : closing(text, ">", subsetEnd);
    } else {
      return /^<svg[\s/>]/.test(text.slice(at, at + 5));
    }
    if (end === -1) return false;
    at = end;
  }
}

/** Where the text after the next `marker` from `from` starts; -1 when there is none. */
function closing(text: string, marker: string, from: number): number {
  const found = text.indexOf(marker, from);
  return found === -1 ? -1 : found + marker.length;
}

/** A size for people: "12 KiB", "3.5 MiB". */
function size(bytes: number): string {
  const mebibytes = bytes / 1024 / 1024;
  return mebibytes < 1
    ? `${Math.ceil(bytes / 1024)} KiB`
    : `${Math.round(mebibytes * 10) / 10} MiB`;
}

export function dataUrlOf(image: Image): string {
  return `data:${image.mimeType};base64,${image.bytes.toBase64()}`;
}

/**
 * The bytes of a data: URL, read the way browsers read one (base64 or percent-encoded), by the
 * runtime's own fetch, which needs no network for it; null for anything else or a malformed one.
 */
export async function bytesOfDataUrl(url: string): Promise<Uint8Array<ArrayBuffer> | null> {
  // Never anything fetch would go out on the network for.
  if (!/^data:/i.test(url)) return null;
  try {
    return await (await fetch(url)).bytes();
  } catch {
    return null;
  }
}

/** A `files` entry as validateScene lets it through: a dataURL when the bytes are inline. */
interface FileEntry extends Record<string, unknown> {
  id: string;
  mimeType: string;
  dataURL?: string;
}

type Files = ExcalidrawFile["files"];

/**
 * The file ids a file needs the bytes of to stand alone: those of its image elements it does not
 * list, and the listed ones without a dataURL (uploaded images, which a stored file only names).
 */
export function idsWithoutBytes(file: ExcalidrawFile): string[] {
  const ids = new Set<string>();
  for (const [id, entry] of Object.entries(file.files)) {
    if ((entry as FileEntry).dataURL === undefined) ids.add(id);
  }
  for (const id of imageFileIds(file.elements)) {
    if (!Object.hasOwn(file.files, id)) ids.add(id);
  }
  return [...ids];
}

/** The file ids image elements show, deleted ones included (an undo brings them back). */
export function imageFileIds(elements: readonly Record<string, unknown>[]): string[] {
  const ids = new Set<string>();
  for (const element of elements) {
    if (element.type === "image" && typeof element.fileId === "string") ids.add(element.fileId);
  }
  return [...ids];
}

/** An image as Excalidraw keeps it in a file's `files`, its `created` in milliseconds. */
export interface ImageEntry extends Image {
  id: string;
  created: number;
}

/**
 * `file` with these images' bytes put in: a listed entry gains its dataURL, another is added. The
 * map is built from entries, never by assignment, so an id such as `__proto__` stays an entry.
 */
export function withImageBytes(
  file: ExcalidrawFile,
  images: readonly ImageEntry[],
): ExcalidrawFile {
  const byId = new Map(images.map((image) => [image.id, image]));
  const entries = Object.entries(file.files).map(([id, entry]) => {
    const image = byId.get(id);
    return [id, image === undefined ? entry : { ...entry as FileEntry, dataURL: dataUrlOf(image) }];
  });
  for (const image of images) {
    if (Object.hasOwn(file.files, image.id)) continue;
    const { id, mimeType, created } = image;
    entries.push([id, { id, mimeType, dataURL: dataUrlOf(image), created }]);
  }
  return { ...file, files: Object.fromEntries(entries) };
}

/**
 * A write's `files` as they are to be stored. An entry whose bytes were uploaded is kept without
 * them (they live once, with the diagram); an entry sent without bytes is the stored file's entry
 * when that holds the bytes inline (an editor names the images an imported file came with), or is
 * `missing`. Entries with inline bytes nobody uploaded stay as they are. The map itself is returned
 * when nothing changes, so an unchanged file serialises to the very same text.
 */
export function settleFiles(
  files: Files,
  uploaded: ReadonlySet<string>,
  stored: Files,
): { files: Files; missing: string[] } {
  const missing: string[] = [];
  let changed = false;
  const entries = Object.entries(files).map(([id, value]): [string, unknown] => {
    const entry = value as FileEntry;
    if (uploaded.has(id)) {
      if (entry.dataURL === undefined) return [id, entry];
      changed = true;
      const { dataURL: _, ...metadata } = entry;
      return [id, metadata];
    }
    if (entry.dataURL !== undefined) return [id, entry];
    const inline = Object.hasOwn(stored, id) ? stored[id] as FileEntry : undefined;
    if (inline?.dataURL === undefined) {
      missing.push(id);
      return [id, entry];
    }
    changed = true;
    return [id, inline];
  });
  // From entries, never by assignment, so an id such as `__proto__` stays an entry.
  return { files: changed ? Object.fromEntries(entries) : files, missing };
}
