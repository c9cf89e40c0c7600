// Bytes to text, choosing the encoding the way a browser would, in this order: byte order mark,
// the Content-Type charset, for HTML a <meta> charset in the first 4 KiB, an XML declaration, UTF-8
// when the bytes are valid UTF-8, and windows-1252 last (what browsers assume for undeclared
// western pages, and a superset of latin1 that never fails).
// html-encoding-sniffer finds the declarations as the HTML standard's prescan does, so a <meta>
// inside a comment or an attribute value declares nothing. The UTF-8 step is ours: the standard
// goes from the declarations straight to windows-1252, which garbles the many undeclared pages
// that are UTF-8.
import htmlEncodingSniffer from "html-encoding-sniffer";
import { parseMediaType } from "../../shared/media_type.ts";

/** The options of html-encoding-sniffer's one function, as its README gives them. */
interface SniffOptions {
  xml?: boolean;
  transportLayerEncodingLabel?: string;
  defaultEncoding?: string;
  maxPrescanBytes?: number;
}

// The package ships no type declarations.
const sniffEncoding: (bytes: Uint8Array, options: SniffOptions) => string = htmlEncodingSniffer;

const META_PRESCAN_BYTES = 4096;
// The sniffer's answer when nothing declares an encoding; it answers encoding names otherwise, and
// this is none.
const UNDECLARED = "undeclared";

/** `bytes` as text, in the encoding the header, a byte order mark or the document declares. */
export function decodeText(bytes: Uint8Array, contentType: string | null): string {
  const { essence, charset } = parseMediaType(contentType);
  const html = mayBeHtml(essence);
  const declared = sniffEncoding(bytes, {
    // Outside HTML a <meta> declares nothing: only a byte order mark, the header and an XML
    // declaration count.
    xml: !html,
    transportLayerEncodingLabel: charset ?? undefined,
    defaultEncoding: UNDECLARED,
    ...(html ? { maxPrescanBytes: META_PRESCAN_BYTES } : {}),
  });
  const decoder = declared === UNDECLARED ? null : decoderFor(declared);
  // TextDecoder drops a byte order mark itself.
  if (decoder) return decoder.decode(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * A decoder for an encoding, or null for one TextDecoder refuses ("replacement", which a header
 * such as charset=iso-2022-kr names, would decode the whole page to one U+FFFD).
 */
function decoderFor(encoding: string): TextDecoder | null {
  try {
    return new TextDecoder(encoding);
  } catch {
    return null;
  }
}

/** Untyped or generic responses are sniffed later and may turn out to be HTML. */
function mayBeHtml(essence: string): boolean {
  return essence === "" || essence.includes("html") || essence === "application/octet-stream";
}
