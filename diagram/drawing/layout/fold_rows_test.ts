import assert from "node:assert/strict";
import { foldIntoRows, type Route } from "./fold_rows.ts";

const SCREEN = { width: 1280, height: 751 };
const SPACING = { edge: 10, edgeNode: 24, row: 30 };
const node = (x: number, width: number) => ({ x, y: 0, width, height: 60 });

Deno.test("a row shorter than the others starts a gutter further along, the way into it beside the longest row", () => {
  // A chain of three boxes left to right, folded one per row: the middle one is the longest.
  const nodes = new Map([["a", node(0, 1000)], ["b", node(1100, 1300)], ["c", node(2500, 100)]]);
  const edges = new Map<string, Route>([
    ["ab", [[1000, 30], [1100, 30]]],
    ["bc", [[2400, 30], [2500, 30]]],
  ]);
  const folded = foldIntoRows(
    { direction: "LR", blocks: [...nodes.values()], nodes, groups: new Map(), edges },
    SCREEN,
    SPACING,
  )!;
  const [a, b, c] = ["a", "b", "c"].map((id) => folded.nodes.get(id)!);
  assert.deepEqual([a.y < b.y, b.y < c.y], [true, true], "one row each, in order");
  // The gutter: 24 px to the node and one 10 px track for the single edge crossing each cut.
  assert.equal(b.x, a.x, "the longest row and the first start alike");
  assert.equal(c.x, b.x + 34, "the short last row starts a gutter further along");
  const into = (id: string) => Math.min(...folded.edges.get(id)!.map(([x]) => x));
  assert.ok(into("bc") >= b.x, `the way into the last row at ${into("bc")}, beside the longest`);
  assert.ok(into("ab") < b.x, "the way into the longest row runs before its start, as before");
});
