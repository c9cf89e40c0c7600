import assert from "node:assert/strict";
import { createTokenStore } from "./token_store.ts";

Deno.test("a token is returned until its time to live has passed", () => {
  let clock = 1_000;
  const store = createTokenStore({ now: () => clock });
  store.set("vqd:rust", "4-123", 500);
  assert.equal(store.get("vqd:rust"), "4-123");
  clock = 1_499;
  assert.equal(store.get("vqd:rust"), "4-123");
  clock = 1_500;
  assert.equal(store.get("vqd:rust"), undefined);
});

Deno.test("the oldest token is dropped when the store is full", () => {
  const store = createTokenStore({ maxEntries: 2 });
  store.set("a", "1", 60_000);
  store.set("b", "2", 60_000);
  store.set("a", "1'", 60_000);
  store.set("c", "3", 60_000);
  assert.equal(store.get("b"), undefined);
  assert.equal(store.get("a"), "1'");
  assert.equal(store.get("c"), "3");
});
