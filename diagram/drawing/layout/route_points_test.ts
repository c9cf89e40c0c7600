import assert from "node:assert/strict";
import { withoutStraightBends } from "./route_points.ts";

Deno.test("repeated points and bends in line with their neighbours are dropped; corners and both ends stay", () => {
  assert.deepEqual(
    withoutStraightBends([[0, 0], [0, 0], [0, 50], [0, 100], [80, 100], [80, 100], [80, 160]]),
    [[0, 0], [0, 100], [80, 100], [80, 160]],
  );
});

Deno.test("a route that runs on and comes back along one line keeps only where it turns", () => {
  assert.deepEqual(
    withoutStraightBends([[0, 0], [0, 66], [300, 66], [200, 66], [200, 100]]),
    [[0, 0], [0, 66], [200, 66], [200, 100]],
  );
});
