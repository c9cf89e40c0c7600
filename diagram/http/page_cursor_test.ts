import assert from "node:assert/strict";
import { decodeCursor, encodeCursor } from "./page_cursor.ts";

Deno.test("a cursor decodes to the position it was made from", () => {
  const position = { key: "2026-11-24T12:00:00.000Z", rowid: 42 };
  const cursor = encodeCursor(position);
  assert.match(cursor, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodeCursor(cursor), position);
  assert.deepEqual(decodeCursor(encodeCursor({ key: "Ünïcode “name”", rowid: 0 })), {
    key: "Ünïcode “name”",
    rowid: 0,
  });
});

Deno.test("anything else is no cursor", () => {
  for (
    const text of [undefined, "", "!!!", "bm90IGpzb24", encodeCursorOf([1, 2]), "a".repeat(900)]
  ) {
    assert.equal(decodeCursor(text), undefined, String(text));
  }
});

function encodeCursorOf(value: unknown): string {
  return btoa(JSON.stringify(value)).replaceAll("=", "");
}
