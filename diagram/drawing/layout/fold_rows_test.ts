import assert from "node:assert/strict";
import { type Box, foldIntoRows, type Route } from "./fold_rows.ts";
import type { Direction } from "../spec.ts";

const SCREEN = { width: 1280, height: 751 };
const SPACING = { edge: 10, edgeNode: 24, row: 30 };

/**
 * A chain of three boxes, 1,000, 1,300 and 100 long along the flow (the middle one the longest),
 * folded one per row (one per column, drawn down).
 */
function foldedChain(direction: "LR" | "TB") {
  const turn = direction === "LR"
    ? (box: Box) => box
    : ({ x, y, width, height }: Box) => ({ x: y, y: x, width: height, height: width });
  const along = (start: number, length: number) =>
    turn({ x: start, y: 0, width: length, height: 60 });
  const nodes = new Map([["a", along(0, 1000)], ["b", along(1100, 1300)], ["c", along(2500, 100)]]);
  const point = ([a, c]: [number, number]): [number, number] =>
    direction === "LR" ? [a, c] : [c, a];
  const edges = new Map<string, Route>([
    ["ab", [point([1000, 30]), point([1100, 30])]],
    ["bc", [point([2400, 30]), point([2500, 30])]],
  ]);
  const folded = foldIntoRows(
    {
      direction: direction as Direction,
      blocks: [...nodes.values()],
      nodes,
      groups: new Map(),
      edges,
    },
    SCREEN,
    SPACING,
  )[0];
  const axis = direction === "LR" ? 0 : 1;
  const start = (id: string) => turn(folded.nodes.get(id)!).x;
  const into = (id: string) => Math.min(...folded.edges.get(id)!.map((point) => point[axis]));
  return { start, into, rowOf: (id: string) => turn(folded.nodes.get(id)!).y };
}

Deno.test("a column shorter than the others starts a gutter lower, the way into it beside the longest", () => {
  const { start, into, rowOf } = foldedChain("TB");
  assert.ok(rowOf("a") < rowOf("b") && rowOf("b") < rowOf("c"), "one column each, in order");
  assert.equal(start("b"), start("a"), "the longest column and the first start alike");
  // The gutter: 24 px to the node and one 10 px track for the single edge crossing each cut.
  assert.equal(start("c"), start("b") + 34, "the short last column starts a gutter lower");
  assert.ok(into("bc") >= start("b"), `the way into the last column at ${into("bc")}, beside b`);
  assert.ok(into("ab") < start("b"), "the way into the longest column comes over its top");
});

Deno.test("rows read left to right stay aligned at their start, short or long", () => {
  const { start } = foldedChain("LR");
  assert.deepEqual([start("b"), start("c")], [start("a"), start("a")]);
});

/**
 * Four boxes of 700 in a row left to right, 60 high, and an edge from the last back to the
 * first running 400 below them all (as ELK routes a loop back over the whole drawing).
 */
function loopedRow() {
  const nodes = new Map(
    ["a", "b", "c", "d"].map((id, i) => [id, { x: i * 800, y: 0, width: 700, height: 60 }]),
  );
  const edges = new Map<string, Route>([
    ["ab", [[700, 30], [800, 30]]],
    ["bc", [[1500, 30], [1600, 30]]],
    ["cd", [[2300, 30], [2400, 30]]],
    ["back", [[2800, 60], [2800, 460], [350, 460], [350, 60]]],
  ]);
  const input = {
    direction: "LR" as Direction,
    blocks: [...nodes.values()],
    nodes,
    groups: new Map(),
    edges,
  };
  return foldIntoRows(input, SCREEN, SPACING);
}

Deno.test("a row's edges running beside it come as close as their spacing allows: a loop back over the whole drawing does not make every row as tall as the drawing", () => {
  const [folded] = loopedRow();
  const tops = [...folded.nodes.values()].map(({ y }) => y).sort((a, b) => a - b);
  const rows = [...new Set(tops)];
  assert.ok(rows.length >= 2, `folded into ${rows.length} rows`);
  const back = folded.edges.get("back")!;
  // Each row: 60 high, the loop's lane 24 below it, and the fold's channel for the crossings.
  const rowPitch = rows[1] - rows[0];
  assert.ok(rowPitch < 200, `rows ${rowPitch} px apart, the loop's 400 px not kept`);
  // Between its ends (on the nodes' borders), the loop stays out of every row's boxes.
  for (const [along, across] of back.slice(1, -1)) {
    const inRow = rows.filter((top) => across > top && across < top + 60);
    assert.equal(inRow.length, 0, `the loop at (${along}, ${across}) runs through a row`);
  }
});

Deno.test("the two folds with the best estimated fit are offered, best first, for the layout to finish and measure", () => {
  const folds = loopedRow();
  assert.equal(folds.length, 2);
  const rowCount = (fold: (typeof folds)[number]) =>
    new Set([...fold.nodes.values()].map(({ y }) => y)).size;
  assert.notEqual(rowCount(folds[0]), rowCount(folds[1]));
});
