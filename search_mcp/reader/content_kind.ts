// What kind of document a response is, from its Content-Type and, when the type is missing,
// generic or contradicted by the bytes, from a sniff of the first bytes.
import { parseMediaType } from "../../shared/media_type.ts";

/** What a fetched body is, as the reader converts it. */
export type ContentKind =
  | { kind: "html" }
  | { kind: "pdf" }
  | { kind: "json" }
  /** `language` is the fence tag for the text ("" for plain text). */
  | { kind: "text"; language: string }
  | { kind: "unsupported"; reason: string };

const WHAT_WE_READ = "web_url_read reads text, HTML, JSON, XML and PDF only";
const SNIFF_BYTES = 1024;

/** Signatures of binary formats, each with what it is called in an error message. */
const MAGIC_NUMBERS: readonly { bytes: (number | null)[]; what: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], what: "a PNG image" },
  { bytes: [0xff, 0xd8, 0xff], what: "a JPEG image" },
  { bytes: ascii("GIF8"), what: "a GIF image" },
  { bytes: [...ascii("RIFF"), null, null, null, null, ...ascii("WEBP")], what: "a WebP image" },
  { bytes: [0x00, 0x00, 0x01, 0x00], what: "an icon" },
  { bytes: [null, null, null, null, ...ascii("ftyp")], what: "a video or audio file" },
  { bytes: [0x1a, 0x45, 0xdf, 0xa3], what: "a video file" },
  { bytes: ascii("OggS"), what: "an audio or video file" },
  { bytes: ascii("ID3"), what: "an audio file" },
  { bytes: ascii("fLaC"), what: "an audio file" },
  { bytes: ascii("wOFF"), what: "a font" },
  { bytes: ascii("wOF2"), what: "a font" },
  { bytes: [0x50, 0x4b, 0x03, 0x04], what: "a ZIP archive (or an Office document)" },
  { bytes: [0x1f, 0x8b], what: "a gzip archive" },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: "a 7z archive" },
  { bytes: ascii("Rar!\x1a\x07"), what: "a RAR archive" },
  { bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], what: "an xz archive" },
  { bytes: [0x28, 0xb5, 0x2f, 0xfd], what: "a zstd archive" },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], what: "an old Office document" },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: "an executable (ELF)" },
  { bytes: ascii("MZ"), what: "an executable" },
  { bytes: [0x00, 0x61, 0x73, 0x6d], what: "a WebAssembly module" },
];

const TEXT_LANGUAGES: Readonly<Record<string, string>> = {
  "application/xml": "xml",
  "text/xml": "xml",
  "application/rss": "xml",
  "application/yaml": "yaml",
  "application/x-yaml": "yaml",
  "text/yaml": "yaml",
  "text/x-yaml": "yaml",
  "application/toml": "toml",
  "text/toml": "toml",
  "text/csv": "csv",
  "text/markdown": "markdown",
  "text/x-markdown": "markdown",
  "text/javascript": "javascript",
  "application/javascript": "javascript",
  "application/x-javascript": "javascript",
  "application/ecmascript": "javascript",
  "text/css": "css",
};

const ARCHIVE_TYPES = new Set([
  "application/zip",
  "application/gzip",
  "application/x-gzip",
  "application/x-tar",
  "application/x-7z-compressed",
  "application/vnd.rar",
  "application/x-rar-compressed",
  "application/x-bzip2",
  "application/x-xz",
  "application/zstd",
]);

const MEDIA_FAMILIES: Readonly<Record<string, string>> = {
  image: "an image",
  audio: "audio",
  video: "a video",
  font: "a font",
};

/** The kind of a body by its bytes first, then its type; binaries and archives are "unsupported", with why. */
export function classifyContent(bytes: Uint8Array, contentType: string | null): ContentKind {
  const { essence } = parseMediaType(contentType);
  const head = bytes.subarray(0, SNIFF_BYTES);
  const subject = essence === "" ? "the content" : essence;
  // Servers label downloads carelessly, so the bytes win over a type that contradicts them.
  if (hasPrefix(head, ascii("%PDF-"))) return { kind: "pdf" };
  const declared = kindOfDeclaredType(essence);
  if (declared === null) return sniffUntyped(head, subject);
  if (declared.kind !== "unsupported" && declared.kind !== "pdf" && looksBinary(head)) {
    return unsupported(`${subject} is ${describeBinary(head)}`);
  }
  return declared;
}

/** The kind a type names, or null when the type is missing, generic or unknown. */
function kindOfDeclaredType(essence: string): ContentKind | null {
  const family = MEDIA_FAMILIES[essence.split("/")[0]];
  if (family) return unsupported(`${essence} is ${family}`);
  if (ARCHIVE_TYPES.has(essence)) return unsupported(`${essence} is an archive`);
  if (essence === "text/html" || essence === "application/xhtml+xml") return { kind: "html" };
  if (essence === "application/pdf" || essence === "application/x-pdf") return { kind: "pdf" };
  if (/^(application|text)\/(json|x-ndjson|.+\+json)$/.test(essence)) return { kind: "json" };
  if (essence.endsWith("+xml")) return { kind: "text", language: "xml" };
  const language = TEXT_LANGUAGES[essence];
  if (language !== undefined) return { kind: "text", language };
  if (essence.startsWith("text/")) return { kind: "text", language: "" };
  return null;
}

/** For a missing, generic or unknown type: markup is recognised, anything binary refused. */
function sniffUntyped(head: Uint8Array, subject: string): ContentKind {
  // PDF readers accept the header anywhere in the first kilobyte.
  if (latin1(head).includes("%PDF-")) return { kind: "pdf" };
  const magic = binaryMagic(head);
  if (magic !== null || looksBinary(head)) {
    return unsupported(`${subject} is ${describeBinary(head)}`);
  }
  const start = new TextDecoder().decode(head).replace(/^\s+/, "").slice(0, 64).toLowerCase();
  if (/^(<!doctype html|<html|<head|<body)\b/.test(start)) return { kind: "html" };
  if (/^(<\?xml|<rss|<feed)\b/.test(start)) return { kind: "text", language: "xml" };
  return { kind: "text", language: "" };
}

/**
 * A NUL byte never occurs in text except UTF-16, which announces itself with a byte order mark;
 * real binary formats have one within their first kilobyte. Magic numbers alone would misread
 * text that happens to start with "MZ" or "ID3".
 */
function looksBinary(head: Uint8Array): boolean {
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  return !utf16 && head.includes(0);
}

function binaryMagic(head: Uint8Array): string | null {
  return MAGIC_NUMBERS.find(({ bytes: signature }) => hasPrefix(head, signature))?.what ?? null;
}

function describeBinary(head: Uint8Array): string {
  return binaryMagic(head) ?? "binary data";
}

function unsupported(what: string): ContentKind {
  return { kind: "unsupported", reason: `${what}; ${WHAT_WE_READ}` };
}

function latin1(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252").decode(bytes);
}

function hasPrefix(bytes: Uint8Array, signature: readonly (number | null)[]): boolean {
  return bytes.length >= signature.length &&
    signature.every((byte, index) => byte === null || bytes[index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}
