import assert from "node:assert/strict";
import {
  allCategories,
  enabledCategories,
  engineIsOn,
  engineKey,
  orderCategories,
  readEngineList,
} from "./engine_choice.ts";

const ENGINES = [
  { name: "brave", categories: ["general", "news"], disabled: false },
  { name: "bing images", categories: ["images"], disabled: false },
  { name: "qwant videos", categories: ["videos"], disabled: true },
  { name: "arxiv", categories: ["science"], disabled: true },
];
const NONE = { disabled_engines: [], enabled_engines: [] };

Deno.test("an engine is switched per category, with SearXNG's name__category keys", () => {
  const [brave] = ENGINES;
  assert.equal(engineKey("bing images", "images"), "bing images__images");
  const off = { disabled_engines: ["brave__news"], enabled_engines: [] };
  assert.equal(engineIsOn(brave, "general", off), true);
  assert.equal(engineIsOn(brave, "news", off), false);
  assert.equal(engineIsOn(brave, "images", NONE), false, "not a category of the engine");
});

Deno.test("an engine off in settings is on only where the person switched it on, and off wins over on", () => {
  const videos = ENGINES[2];
  assert.equal(engineIsOn(videos, "videos", NONE), false);
  assert.equal(
    engineIsOn(videos, "videos", {
      disabled_engines: [],
      enabled_engines: ["qwant videos__videos"],
    }),
    true,
  );
  assert.equal(
    engineIsOn(videos, "videos", {
      disabled_engines: ["qwant videos__videos"],
      enabled_engines: ["qwant videos__videos"],
    }),
    false,
  );
});

Deno.test("a list keeps the switches that exist, once each, and a bare engine name means all its categories", () => {
  assert.deepEqual(
    readEngineList(
      " brave__news, nope__general,brave__images,,arxiv__science,brave__news",
      ENGINES,
    ),
    ["brave__news", "arxiv__science"],
  );
  assert.deepEqual(readEngineList("brave", ENGINES), ["brave__general", "brave__news"]);
  assert.deepEqual(readEngineList("", ENGINES), []);
});

Deno.test("categories come in SearXNG's tab order, unknown ones after in their own order", () => {
  assert.deepEqual(
    orderCategories(["social media", "zeta", "news", "it", "general", "alpha", "images", "news"]),
    ["general", "images", "news", "it", "social media", "zeta", "alpha"],
  );
});

Deno.test("a tab is offered for each category in which an engine is on for this person", () => {
  assert.deepEqual(enabledCategories(ENGINES, NONE), ["general", "images", "news"]);
  const switched = {
    disabled_engines: ["bing images__images"],
    enabled_engines: ["arxiv__science"],
  };
  assert.deepEqual(enabledCategories(ENGINES, switched), ["general", "news", "science"]);
  assert.deepEqual(allCategories(ENGINES), ["general", "images", "videos", "news", "science"]);
});
