// The `hash_plugin` plugin: "sha256 hello" → "sha256 hash digest: 2cf24dba…", SearXNG's text.
import { createHash } from "node:crypto";

const FUNCTIONS = new Set(["md5", "sha1", "sha224", "sha256", "sha384", "sha512"]);

export function hashPlugin(query: string): string | null {
  const space = query.indexOf(" ");
  if (space <= 0) return null;
  const fn = query.slice(0, space).toLowerCase();
  // The text is hashed as typed after the first space (the query's spaces are already single).
  const text = query.slice(space + 1);
  if (!FUNCTIONS.has(fn) || text === "") return null;
  return `${fn} hash digest: ${createHash(fn).update(text, "utf8").digest("hex")}`;
}
