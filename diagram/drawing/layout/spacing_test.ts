import assert from "node:assert/strict";
import { ROOMY, TIGHT, withGroupPadding } from "./spacing.ts";
import type { LayoutInput } from "./layout_types.ts";

const PADDING = { top: 40, right: 24, bottom: 24, left: 24 };
const INPUT: LayoutInput = {
  direction: "TB",
  nodes: [{ id: "a", width: 100, height: 40, group: "inner" }],
  edges: [],
  groups: [
    { id: "outer", padding: PADDING, minWidth: 10 },
    { id: "inner", parent: "outer", padding: PADDING, minWidth: 10 },
  ],
};

Deno.test("the usual spacing keeps every group's padding as the scene measured it", () => {
  assert.deepEqual(withGroupPadding(INPUT, ROOMY), INPUT);
});

Deno.test("tight spacing cuts an outermost group's padding all round, a nested one's but where its title is", () => {
  const [outer, inner] = withGroupPadding(INPUT, TIGHT).groups!;
  const cut = TIGHT.groupPadding;
  assert.deepEqual(outer.padding, { top: cut, right: cut, bottom: cut, left: cut });
  assert.deepEqual(inner.padding, { top: 40, right: cut, bottom: cut, left: cut });
});

Deno.test("padding already under the cut stays as it is", () => {
  const thin = { top: 4, right: 4, bottom: 4, left: 4 };
  const input = { ...INPUT, groups: [{ id: "outer", padding: thin, minWidth: 10 }] };
  assert.deepEqual(withGroupPadding(input, TIGHT).groups![0].padding, thin);
});
