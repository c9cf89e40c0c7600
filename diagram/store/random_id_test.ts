import assert from "node:assert/strict";
import { RANDOM_ID_SHAPE, randomId } from "./random_id.ts";

Deno.test("randomId gives 22 URL-safe characters and does not repeat", () => {
  const ids = new Set(Array.from({ length: 1000 }, randomId));
  assert.equal(ids.size, 1000);
  for (const id of ids) assert.match(id, RANDOM_ID_SHAPE);
});
