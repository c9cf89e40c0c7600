// The parts of a Content-Type header value we act on: the lowercased type/subtype and
// the charset parameter (other parameters are ignored).

export interface MediaType {
  /** "type/subtype", lowercased; "" when the header is missing or has no type. */
  essence: string;
  charset: string | null;
}

export function parseMediaType(contentType: string | null): MediaType {
  if (contentType === null) return { essence: "", charset: null };
  const [typePart, ...parameters] = contentType.split(";");
  const essence = typePart.trim().toLowerCase();
  let charset: string | null = null;
  for (const parameter of parameters) {
    const equals = parameter.indexOf("=");
    if (equals < 0 || parameter.slice(0, equals).trim().toLowerCase() !== "charset") continue;
    const value = unquoted(parameter.slice(equals + 1).trim())?.trim();
    if (value) {
      charset = value;
      break;
    }
  }
  return { essence: essence.includes("/") ? essence : "", charset };
}

/**
 * A parameter's value without the quotes around it; null when a quote is anywhere else. Read by
 * hand: the pattern it replaces, `\s*("?)([^";]*)\1\s*$`, took time in the square of a header's
 * length (60 KB of spaces held a server for 6 s).
 */
function unquoted(value: string): string | null {
  const quoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"');
  const inner = quoted ? value.slice(1, -1) : value;
  return inner.includes('"') ? null : inner;
}
