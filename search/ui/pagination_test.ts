import assert from "node:assert/strict";
import { pageWindow } from "./pagination.ts";

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
