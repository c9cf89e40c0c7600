import assert from "node:assert/strict";
import { measureNesting } from "./html_nesting.ts";

Deno.test("depth and ancestor count follow the tree, void and implied closes included", () => {
  // html > body > (p > br, img) and ul > li, li: <br>, <img> and the first <li> close themselves.
  const nesting = measureNesting(
    "<html><body><p>a<br><img src=x></p><ul><li>one<li>two</ul></body></html>",
  );
  assert.deepEqual(nesting, { maxDepth: 4, ancestorCount: 0 + 1 + 2 + 3 + 3 + 2 + 3 + 3 });
});

Deno.test("a long chain of unclosed elements is as deep as it is long", () => {
  assert.equal(measureNesting("<div>".repeat(300)).maxDepth, 300);
});
