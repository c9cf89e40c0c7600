import assert from "node:assert/strict";
import type { Point } from "../excalidraw/types.ts";
import type { Rect } from "./node_boxes.ts";
import {
  type ArrowRoute,
  centredRect,
  LABEL_MARGIN,
  NODE_MARGIN,
  placeEdgeLabels,
  segmentCrossesRect,
  withMiddleAt,
} from "./edge_labels.ts";
import { arrowLabelCentre } from "./scene.ts";

/** Where Excalidraw centres the label of an arrow drawn through these absolute points. */
function excalidrawCentre(points: Point[]): Point {
  const [x, y] = points[0];
  return arrowLabelCentre({ x, y, points: points.map(([px, py]): Point => [px - x, py - y]) });
}

function onRoute(route: Point[], [x, y]: Point): boolean {
  return route.slice(1).some(([bx, by], i) => {
    const [ax, ay] = route[i];
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const within = Math.min(ax, bx) - 1e-9 <= x && x <= Math.max(ax, bx) + 1e-9 &&
      Math.min(ay, by) - 1e-9 <= y && y <= Math.max(ay, by) + 1e-9;
    return Math.abs(cross) < 1e-6 && within;
  });
}

function overlaps(a: Rect, b: Rect, margin = 0): boolean {
  return a.x < b.x + b.width + margin && b.x < a.x + a.width + margin &&
    a.y < b.y + b.height + margin && b.y < a.y + a.height + margin;
}

const LABEL = { width: 60, height: 20 };

Deno.test("the wanted spot becomes the middle of an odd count, on the route, ends kept", () => {
  const routes: Point[][] = [
    [[0, 0], [0, 200]],
    [[0, 0], [0, 100], [200, 100]],
    [[0, 0], [0, 50], [300, 50], [300, 100]],
    [[0, 0], [0, 40], [100, 40], [100, 80], [400, 80], [400, 300]],
  ];
  for (const route of routes) {
    for (let segment = 0; segment + 1 < route.length; segment++) {
      const [a, b] = [route[segment], route[segment + 1]];
      for (const fraction of [0.2, 0.5, 0.9]) {
        const wanted: Point = [a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction];
        const points = withMiddleAt(route, wanted, segment);
        const where = `${JSON.stringify(route)} at ${wanted}`;
        assert.equal(points.length % 2, 1, where);
        assert.deepEqual(excalidrawCentre(points), wanted, where);
        assert.deepEqual([points[0], points.at(-1)], [route[0], route.at(-1)], where);
        assert.ok(points.every((point) => onRoute(route, point)), where);
        assert.ok(route.every((bend) => points.some((p) => p[0] === bend[0] && p[1] === bend[1])));
      }
    }
  }
});

Deno.test("a spot on a bend needs no new point there; the count still comes out odd", () => {
  const route: Point[] = [[0, 0], [0, 100], [200, 100], [200, 300]];
  const points = withMiddleAt(route, [200, 100], 2);
  assert.equal(points.length, 5);
  assert.deepEqual(points[2], [200, 100]);
});

Deno.test("points added beside an end leave the end piece most of its length", () => {
  // The spot sits near the start: three points must go before it, on the first segment only.
  const route: Point[] = [[0, 0], [0, 120], [100, 120], [100, 200], [300, 200]];
  const points = withMiddleAt(route, [0, 80], 0);
  assert.deepEqual(excalidrawCentre(points), [0, 80]);
  assert.ok(points[1][1] >= 0.75 * 80 - 1e-9, `start piece ends at ${points[1]}`);
  // And near the end: the last piece keeps three quarters of what the spot left it.
  const late = withMiddleAt(route, [260, 200], 3);
  assert.deepEqual(excalidrawCentre(late), [260, 200]);
  assert.ok(300 - late.at(-2)![0] >= 0.75 * 40 - 1e-9, `end piece starts at ${late.at(-2)}`);
  assert.ok(
    late.slice(1).every((point, i) =>
      Math.hypot(point[0] - late[i][0], point[1] - late[i][1]) >= 1
    ),
  );
});

Deno.test("labels of two parallel straight arrows sit side by side, not on each other", () => {
  const arrows: ArrowRoute[] = [
    { route: [[0, 0], [300, 0]], label: LABEL },
    { route: [[0, 15], [300, 15]], label: LABEL },
  ];
  const [first, second] = placeEdgeLabels(arrows, []);
  const boxes = [centredRect(first!.centre, LABEL), centredRect(second!.centre, LABEL)];
  assert.ok(!overlaps(boxes[0], boxes[1], LABEL_MARGIN), JSON.stringify(boxes));
  assert.equal(first!.centre[1], 0);
  assert.equal(second!.centre[1], 15);
  assert.deepEqual(excalidrawCentre(first!.points), first!.centre);
  assert.deepEqual(excalidrawCentre(second!.points), second!.centre);
});

Deno.test("a label moves along its arrow off a node the route passes close to", () => {
  // The middle of the route, (150, 0), lies 10 px from this node's box.
  const node: Rect = { x: 120, y: 10, width: 60, height: 60 };
  const [placed] = placeEdgeLabels([{ route: [[0, 0], [300, 0]], label: LABEL }], [node]);
  const box = centredRect(placed!.centre, LABEL);
  assert.ok(!overlaps(box, node, NODE_MARGIN), JSON.stringify(box));
  assert.equal(placed!.centre[1], 0);
});

Deno.test("a label prefers a spot no other arrow runs through", () => {
  const arrows: ArrowRoute[] = [
    { route: [[0, 0], [300, 0]], label: LABEL },
    { route: [[150, -100], [150, 100]], label: null },
  ];
  const [placed, unlabelled] = placeEdgeLabels(arrows, []);
  assert.equal(unlabelled, null);
  const box = centredRect(placed!.centre, LABEL);
  assert.ok(!segmentCrossesRect([150, -100], [150, 100], box), JSON.stringify(box));
});

Deno.test("a label leaves the start and the arrowhead free", () => {
  // Nodes at both ends push nothing; only the ends limit the spots on this short arrow.
  const [placed] = placeEdgeLabels([{ route: [[0, 0], [100, 0]], label: LABEL }], [
    { x: 20, y: 5, width: 30, height: 30 },
  ]);
  const box = centredRect(placed!.centre, LABEL);
  assert.ok(box.x >= 0 && box.x + box.width <= 100 - 15, JSON.stringify(box));
});

Deno.test("the same arrows give the same placements", () => {
  const arrows: ArrowRoute[] = [
    { route: [[0, 0], [0, 60], [200, 60], [200, 120]], label: LABEL },
    { route: [[20, 0], [20, 70], [220, 70], [220, 120]], label: { width: 90, height: 40 } },
    { route: [[0, 200], [400, 200]], label: null },
  ];
  assert.deepEqual(placeEdgeLabels(arrows, []), placeEdgeLabels(arrows, []));
});

Deno.test("a label on an arrow too short for any spot sits at its middle, on the segment it falls on", () => {
  // Down 24, across 41, down 24: the middle is half way across, on the second segment.
  const route: Point[] = [[0, 0], [0, 24], [41, 24], [41, 48]];
  const [placed] = placeEdgeLabels([{ route, label: { width: 150, height: 40 } }], []);
  assert.deepEqual(placed!.centre, [20.5, 24]);
  for (let i = 1; i < placed!.points.length; i++) {
    const [[ax, ay], [bx, by]] = [placed!.points[i - 1], placed!.points[i]];
    assert.ok(ax === bx || ay === by, `segment ${i - 1} is not orthogonal`);
  }
  assert.ok(placed!.points.every((point) => onRoute(route, point)));
});
