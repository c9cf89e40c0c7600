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
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        entries.delete(entries.keys().next().value!);
      }
    },
  };
}
