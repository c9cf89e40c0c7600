// The gallery's "next page" link carries where the page ended (keyset paging): the last row's
// sort key and rowid, as opaque URL-safe text. A cursor that does not decode is no cursor.
import { z } from "zod";
import { decodeBase64Url, encodeBase64Url } from "../../shared/base64url.ts";
import type { PagePosition } from "../service/diagrams.ts";

const positionSchema = z.tuple([z.string().max(400), z.number().int().min(0)]);

export function encodeCursor(position: PagePosition): string {
  return encodeBase64Url(new TextEncoder().encode(JSON.stringify([position.key, position.rowid])));
}

export function decodeCursor(text: string | undefined): PagePosition | undefined {
  if (text === undefined || text.length > 800) return undefined;
  const bytes = decodeBase64Url(text);
  if (bytes === null) return undefined;
  try {
    const parsed = positionSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? { key: parsed.data[0], rowid: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}
