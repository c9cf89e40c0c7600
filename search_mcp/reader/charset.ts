// Bytes to text, choosing the encoding the way a browser would, in this order: byte order mark,
// the Content-Type charset, a <meta> charset in the first 4 KiB of HTML, an XML declaration,
// UTF-8 when the bytes are valid UTF-8, and windows-1252 last (what browsers assume for
// undeclared western pages, and a superset of latin1 that never fails).
import { parseMediaType } from "../../shared/media_type.ts";

const META_PRESCAN_BYTES = 4096;

export function decodeText(bytes: Uint8Array, contentType: string | null): string {
  const bom = encodingFromByteOrderMark(bytes);
  // TextDecoder drops the byte order mark itself.
  if (bom) return new TextDecoder(bom).decode(bytes);
  const { essence, charset } = parseMediaType(contentType);
  const declared = decoderFor(charset) ??
    (mayBeHtml(essence) ? decoderFor(metaCharset(bytes)) : null) ??
    decoderFor(xmlDeclarationEncoding(bytes));
  if (declared) return declared.decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

function encodingFromByteOrderMark(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/** A decoder for a WHATWG encoding label, or null when the label is unknown. */
function decoderFor(label: string | null): TextDecoder | null {
  if (label === null) return null;
  try {
    return new TextDecoder(label.trim());
  } catch {
    return null;
  }
}

/** Untyped or generic responses are sniffed later and may turn out to be HTML. */
function mayBeHtml(essence: string): boolean {
  return essence === "" || essence.includes("html") || essence === "application/octet-stream";
}

/** Bytes as latin1 text: every byte maps to one character, enough to find ASCII markup. */
function asciiView(bytes: Uint8Array, limit: number): string {
  return new TextDecoder("windows-1252").decode(bytes.subarray(0, limit));
}

/**
 * Covers both `<meta charset="x">` and `<meta http-equiv="content-type" content="…; charset=x">`.
 * A page cannot declare itself UTF-16 from inside the bytes it is decoded with, so the HTML
 * standard reads such a declaration as UTF-8.
 */
function metaCharset(bytes: Uint8Array): string | null {
  const head = asciiView(bytes, META_PRESCAN_BYTES);
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const match = /charset\s*=\s*["']?\s*([\w.:+-]+)/i.exec(tag);
    if (match) return /^utf-?16/i.test(match[1]) ? "utf-8" : match[1];
  }
  return null;
}

function xmlDeclarationEncoding(bytes: Uint8Array): string | null {
  const head = asciiView(bytes, 256);
  return /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1] ?? null;
}
