import assert from "node:assert/strict";
import { indexKeys } from "./fractional_index.ts";

Deno.test("the first keys count up in base 62 from a0, as rocicorp's generateNKeysBetween does", () => {
  const keys = indexKeys(64);
  assert.deepEqual(keys.slice(0, 12), [
    "a0",
    "a1",
    "a2",
    "a3",
    "a4",
    "a5",
    "a6",
    "a7",
    "a8",
    "a9",
    "aA",
    "aB",
  ]);
  assert.equal(keys[36], "aa");
  assert.deepEqual(keys.slice(60), ["ay", "az", "b00", "b01"]);
});

Deno.test("after the last two-digit key comes the first three-digit key", () => {
  const keys = indexKeys(62 + 62 ** 2 + 2);
  assert.deepEqual(keys.slice(-3), ["bzz", "c000", "c001"]);
});

Deno.test("30,000 keys are unique and strictly increasing by plain string comparison", () => {
  const keys = indexKeys(30_000);
  assert.equal(keys.length, 30_000);
  for (let i = 1; i < keys.length; i++) {
    assert.ok(keys[i - 1] < keys[i], `${keys[i - 1]} < ${keys[i]} at ${i}`);
  }
  assert.equal(new Set(keys).size, keys.length);
});

Deno.test("no keys are asked for, none are given", () => {
  assert.deepEqual(indexKeys(0), []);
});

Deno.test("a count that is not a non-negative integer is refused", () => {
  assert.throws(() => indexKeys(-1), /non-negative integer/);
  assert.throws(() => indexKeys(1.5), /non-negative integer/);
});
