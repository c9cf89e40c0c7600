import assert from "node:assert/strict";
import { randomAnswer } from "./random.ts";

Deno.test("random answers a fresh value of each kind", () => {
  assert.match(randomAnswer("random string")!, /^[A-Za-z0-9]{8,16}$/);
  const int = Number(randomAnswer("random int"));
  assert.ok(Number.isInteger(int) && int >= 0 && int < 2 ** 31);
  const float = Number(randomAnswer("random float"));
  assert.ok(float >= 0 && float < 1);
  assert.match(randomAnswer("random sha256")!, /^[0-9a-f]{64}$/);
  assert.match(
    randomAnswer("Random UUID")!,
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  assert.match(randomAnswer("random color")!, /^#[0-9a-f]{6}$/);
  assert.notEqual(randomAnswer("random uuid"), randomAnswer("random uuid"));
});

Deno.test("random declines other kinds and longer queries", () => {
  for (
    const query of [
      "random",
      "random number",
      "random walk theory",
      "random uuid please",
      "random constructor",
      "random __proto__",
    ]
  ) {
    assert.equal(randomAnswer(query), null, query);
  }
});
