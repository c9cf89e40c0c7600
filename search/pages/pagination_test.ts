import assert from "node:assert/strict";
import { pageWindow, pagination } from "./pagination.ts";

Deno.test("the page window runs from pageno-4 to pageno+5", () => {
  assert.deepEqual(pageWindow(7, true), [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assert.deepEqual(pageWindow(5, true), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

Deno.test("near the first page the window starts at 1 and still offers ten pages", () => {
  assert.deepEqual(pageWindow(1, true), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  assert.deepEqual(pageWindow(3, true), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
});

Deno.test("a page without results offers no later page", () => {
  assert.deepEqual(pageWindow(1, false), [1]);
  assert.deepEqual(pageWindow(8, false), [4, 5, 6, 7, 8]);
});

Deno.test("an empty first page shows no page navigation at all; an empty later page offers the way back", () => {
  const params = { q: "x", categories: "general", language: "all", time_range: "", safesearch: 1 };
  assert.equal(String(pagination({ ...params, pageno: 1 }, "get", false)).trim(), "");
  const later = String(pagination({ ...params, pageno: 3 }, "get", false));
  assert.match(later, /Previous/);
  assert.match(later, /aria-current="page">3</);
  assert.doesNotMatch(later, /Next/);
  assert.match(String(pagination({ ...params, pageno: 1 }, "get", true)), /Next/);
});
