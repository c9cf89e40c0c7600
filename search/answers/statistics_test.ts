import assert from "node:assert/strict";
import { statistics } from "./statistics.ts";
import { testContext } from "./answers_testing.ts";

const stats = (query: string, language = "en") => statistics(query, testContext({ language }));

Deno.test("statistics answers min, max, avg, sum and prod of the numbers", () => {
  assert.equal(stats("avg 1 2 3"), "2");
  assert.equal(stats("min 4 -2 7.5"), "-2");
  assert.equal(stats("max 4 -2 7.5"), "7.5");
  assert.equal(stats("sum 0.1 0.2"), "0.3");
  assert.equal(stats("prod 2 3 4"), "24");
  assert.equal(stats("AVG 1 2"), "1.5");
  assert.equal(stats("avg 1,5 2,5", "de"), "2");
});

Deno.test("statistics declines words that are not numbers, and results beyond floating point", () => {
  for (
    const query of [
      "avg",
      "sum of squares",
      "max 1 two 3",
      "min 1,5 2",
      "prod 1e300 1e300",
      "sum 1 2 3x",
      "average 1 2",
    ]
  ) {
    assert.equal(stats(query), null, query);
  }
  assert.equal(stats("sum " + "1 ".repeat(2_000)), null, "more numbers than a person types");
});
