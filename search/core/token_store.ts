// Tokens providers hand out per query (DuckDuckGo's vqd), kept in memory for a while.
import type { TokenStore } from "./engine.ts";
import { createTtlCache } from "../../shared/ttl_cache.ts";

/**
 * An in-memory TokenStore with per-entry expiry and a bound on the number of entries: tokens such
 * as DuckDuckGo's vqd are keyed by query, so an unbounded map would grow with every search.
 */
export function createTokenStore(
  { maxEntries = 1000, now = Date.now }: { maxEntries?: number; now?: () => number } = {},
): TokenStore {
  const cache = createTtlCache<string>({ maxEntries, now });
  return {
    get: (key) => cache.get(key),
    set: (key, value, ttlMs) => cache.set(detached(key), detached(value), ttlMs),
  };
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. A token read out of a
 * page is a slice of that page, and V8 keeps the whole page alive for as long as the slice lives:
 * a thousand cached vqd tokens would otherwise pin a thousand result pages.
 */
function detached(text: string): string {
  return JSON.parse(JSON.stringify(text));
}
