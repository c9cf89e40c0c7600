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
    const match = /^\s*charset\s*=\s*("?)([^";]*)\1\s*$/i.exec(parameter);
    if (match && match[2].trim() !== "") {
      charset = match[2].trim();
      break;
    }
  }
  return { essence: essence.includes("/") ? essence : "", charset };
}
