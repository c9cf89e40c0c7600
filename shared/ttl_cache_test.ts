import assert from "node:assert/strict";
import { createTtlCache } from "./ttl_cache.ts";

Deno.test("an entry is returned until its time to live has passed", () => {
  let clock = 1_000;
  const cache = createTtlCache<string>({ maxEntries: 10, now: () => clock });
  cache.set("k", "v", 500);
  clock = 1_499;
  assert.equal(cache.get("k"), "v");
  clock = 1_500;
  assert.equal(cache.get("k"), undefined);
  assert.equal(cache.size, 0, "an expired entry is dropped when met");
});

Deno.test("the least recently used entry goes when the cache is full", () => {
  const cache = createTtlCache<number>({ maxEntries: 2 });
  cache.set("a", 1, 60_000);
  cache.set("b", 2, 60_000);
  assert.equal(cache.get("a"), 1);
  cache.set("c", 3, 60_000);
  assert.equal(cache.get("b"), undefined);
  assert.equal(cache.get("a"), 1);
  assert.equal(cache.get("c"), 3);
});

Deno.test("the total weight stays within its budget", () => {
  const cache = createTtlCache<string>({ maxEntries: 100, maxWeight: 10, weigh: (v) => v.length });
  cache.set("a", "12345", 60_000);
  cache.set("b", "12345", 60_000);
  cache.set("c", "123", 60_000);
  assert.equal(cache.get("a"), undefined, "the oldest entry made room");
  assert.equal(cache.get("b"), "12345");
  cache.set("huge", "x".repeat(11), 60_000);
  assert.equal(cache.get("huge"), undefined, "a value over the whole budget is not stored");
  assert.equal(cache.get("c"), "123", "and it evicted nothing");
});

Deno.test("replacing a key releases the weight of its old value", () => {
  const cache = createTtlCache<string>({ maxEntries: 100, maxWeight: 10, weigh: (v) => v.length });
  cache.set("a", "1234567890", 60_000);
  cache.set("a", "12", 60_000);
  cache.set("b", "12345678", 60_000);
  assert.equal(cache.get("a"), "12");
  assert.equal(cache.get("b"), "12345678");
});

Deno.test("a zero time to live or a zero size stores nothing", () => {
  const cache = createTtlCache<string>({ maxEntries: 10 });
  cache.set("a", "v", 0);
  assert.equal(cache.get("a"), undefined);
  const none = createTtlCache<string>({ maxEntries: 0 });
  none.set("a", "v", 1000);
  assert.equal(none.get("a"), undefined);
});
