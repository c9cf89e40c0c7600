import assert from "node:assert/strict";
import { answerQuery } from "./answer_query.ts";
import { PLUGINS } from "../plugins/catalog.ts";
import { ALL_ANSWER_PLUGINS, ANSWER_PLUGINS } from "./answer_plugins.ts";
import { testContext } from "./answers_testing.ts";

Deno.test("the answer plugins are SearXNG's, each on by default in the catalog: calculator, units, hashes, self info, time zones", () => {
  assert.deepEqual(
    ANSWER_PLUGINS.map(({ id }) => [id, PLUGINS.find((plugin) => plugin.id === id)?.active]),
    [
      ["calculator", true],
      ["unit_converter", true],
      ["hash_plugin", true],
      ["self_info", true],
      ["time_zone", true],
    ],
  );
});

Deno.test("a query's answers come in SearXNG's answer shape, named by the plugin", () => {
  assert.deepEqual(answerQuery("2+2", testContext(), ALL_ANSWER_PLUGINS), [{
    url: null,
    engine: "calculator",
    parsed_url: null,
    template: "answer/legacy.html",
    answer: "2+2 = 4",
  }]);
  assert.equal(
    answerQuery("avg 1 2 3", testContext(), ALL_ANSWER_PLUGINS)[0].engine,
    "statistics",
  );
  assert.equal(
    answerQuery("random uuid", testContext(), ALL_ANSWER_PLUGINS)[0].engine,
    "random",
  );
});

Deno.test("a plugin that is not active does not answer; the answerers always do", () => {
  const none = new Set<string>();
  assert.deepEqual(answerQuery("2+2", testContext(), none), []);
  assert.deepEqual(answerQuery("ip", testContext(), new Set(["calculator"])), []);
  assert.equal(answerQuery("sum 1 2", testContext(), none)[0].answer, "3");
});

Deno.test("an ordinary query gets no answer", () => {
  for (const query of ["deno web framework", "weather", "", "   "]) {
    assert.deepEqual(answerQuery(query, testContext(), ALL_ANSWER_PLUGINS), [], query);
  }
});
