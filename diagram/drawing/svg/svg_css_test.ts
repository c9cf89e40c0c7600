import assert from "node:assert/strict";
import { MAX_CSS_VALUE_LENGTH, safePropertyValue } from "./svg_css.ts";

Deno.test("a value longer than the budget is dropped; one of the budget's length is kept", () => {
  const longest = `${"1 ".repeat(MAX_CSS_VALUE_LENGTH / 2 - 1)}12`;
  assert.equal(longest.length, MAX_CSS_VALUE_LENGTH);
  assert.equal(safePropertyValue("stroke-dasharray", longest), longest);
  assert.equal(safePropertyValue("stroke-dasharray", `${longest}3`), null);
  // The budget counts the value as kept: whitespace collapsed.
  assert.equal(safePropertyValue("stroke-dasharray", `\n  ${longest}\t`), longest);
  const font = `'${"a".repeat(MAX_CSS_VALUE_LENGTH)}'`;
  assert.equal(safePropertyValue("font-family", font), null);
});

Deno.test("a unit runs on to the end of its name, as CSS reads it: 9deg1 is no number", () => {
  assert.equal(safePropertyValue("fill", "hsl(9deg 1% 1%)"), "hsl(9deg 1% 1%)");
  assert.equal(safePropertyValue("fill", "hsl(9deg1%1%)"), null);
  assert.equal(safePropertyValue("stroke-width", "2px3"), null);
});
