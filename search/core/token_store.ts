import type { TokenStore } from "../engines/engine.ts";

/**
 * An in-memory TokenStore with per-entry expiry and a bound on the number of entries: tokens such
 * as DuckDuckGo's vqd are keyed by query, so an unbounded map would grow with every search.
 */
export function createTokenStore(
  { maxEntries = 1000, now = Date.now }: { maxEntries?: number; now?: () => number } = {},
): TokenStore {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, ttlMs) {
      // Re-inserting moves the key to the end, so the first key is always the oldest write.
      entries.delete(key);
      entries.set(detached(key), { value: detached(value), expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        entries.delete(entries.keys().next().value!);
      }
    },
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
