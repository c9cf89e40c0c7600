// A bounded in-memory cache with per-entry expiry. Bounded twice: by entry count and, when the
// caller weighs entries (e.g. characters of a converted page), by total weight, so a few huge
// values cannot hold the memory a thousand small ones were budgeted for. Least recently used
// entries go first. Pure: the clock is injected.

export interface TtlCacheOptions<V> {
  maxEntries: number;
  /** Upper bound on the summed weight of all entries; needs `weigh`. */
  maxWeight?: number;
  weigh?: (value: V) => number;
  now?: () => number;
}

export interface TtlCache<V> {
  get(key: string): V | undefined;
  /** Values heavier than `maxWeight` on their own, or a ttl of 0, are not stored. */
  set(key: string, value: V, ttlMs: number): void;
  delete(key: string): void;
  readonly size: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
  weight: number;
}

export function createTtlCache<V>(
  { maxEntries, maxWeight = Infinity, weigh = () => 0, now = Date.now }: TtlCacheOptions<V>,
): TtlCache<V> {
  // A Map iterates in insertion order; re-inserting on every hit keeps the least recent first.
  const entries = new Map<string, Entry<V>>();
  let totalWeight = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalWeight -= entry.weight;
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, ttlMs) {
      remove(key);
      const weight = weigh(value);
      if (ttlMs <= 0 || maxEntries <= 0 || weight > maxWeight) return;
      entries.set(key, { value, expiresAt: now() + ttlMs, weight });
      totalWeight += weight;
      while (entries.size > maxEntries || totalWeight > maxWeight) {
        remove(entries.keys().next().value!);
      }
    },
    delete: remove,
    get size() {
      return entries.size;
    },
  };
}
