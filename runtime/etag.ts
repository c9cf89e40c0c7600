// Revalidation: an answer with an ETag is sent again only when the client's copy is not the
// current one (If-None-Match, RFC 9110 §13.1.2), else 304 with no body.
import type { Context } from "hono";
import { createHash } from "node:crypto";

/** A strong ETag for `content`: a prefix of its SHA-256, quoted. */
export function contentEtag(content: string | Uint8Array): string {
  return `"${createHash("sha256").update(content).digest("hex").slice(0, 32)}"`;
}

/**
 * Whether `If-None-Match` names `etag`: `*`, or any tag of its list equal to it once both lose
 * a `W/` (weak comparison, so a tag the compression middleware weakened still matches).
 */
export function ifNoneMatchHits(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const wanted = opaque(etag);
  return listedTags(ifNoneMatch).some((tag) => tag === "*" || opaque(tag) === wanted);
}

function opaque(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

/** The tags of a list, split at commas outside quotes (a tag's quoted part may hold one). */
function listedTags(header: string): string[] {
  const tags: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    if (char === "," && !quoted) {
      tags.push(current.trim());
      current = "";
    } else current += char;
  }
  tags.push(current.trim());
  return tags.filter((tag) => tag !== "");
}

/**
 * `body` with an ETag of its content and `headers`, or a 304 with the same headers when the
 * client holds it already. Content-Type stays on the 304: it tells the compression middleware to
 * add Vary, as on the 200.
 */
export function bodyOrNotModified(
  c: Context,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
  etag = contentEtag(body),
): Response {
  const all = { ...headers, ETag: etag };
  if (ifNoneMatchHits(c.req.header("if-none-match"), etag)) return c.body(null, 304, all);
  return c.body(body, 200, all);
}
