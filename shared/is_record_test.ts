import assert from "node:assert/strict";
import { isRecord } from "./is_record.ts";

Deno.test("a parsed mapping is a record, whatever its keys", () => {
  assert.equal(isRecord({}), true);
  assert.equal(isRecord(JSON.parse('{"a": [1]}')), true);
  assert.equal(isRecord(Object.create(null)), true);
});

Deno.test("null, arrays and scalars are not records", () => {
  for (const value of [null, undefined, [], [{}], "{}", 1, true]) {
    assert.equal(isRecord(value), false, JSON.stringify(value));
  }
});
