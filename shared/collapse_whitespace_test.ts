import assert from "node:assert/strict";
import { collapseWhitespace } from "./collapse_whitespace.ts";

Deno.test("runs of whitespace of any kind become one space, none at either end", () => {
  assert.equal(collapseWhitespace("  a\n\n\tb \u00a0 c\u2003 "), "a b c");
});

Deno.test("text without extra whitespace is unchanged, and blank text becomes empty", () => {
  assert.equal(collapseWhitespace("one two"), "one two");
  assert.equal(collapseWhitespace(" \n\t "), "");
});

Deno.test("each way whitespace can need collapsing alone is collapsed", () => {
  for (
    const [value, expected] of [
      [" a", "a"],
      ["a ", "a"],
      ["a  b", "a b"],
      ["a\nb", "a b"],
      ["a\u00a0b", "a b"],
      ["a\u2003b", "a b"],
      ["\t", ""],
      ["", ""],
    ]
  ) assert.equal(collapseWhitespace(value), expected, JSON.stringify(value));
});
