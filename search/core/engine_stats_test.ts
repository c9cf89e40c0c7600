import assert from "node:assert/strict";
import { EngineStats, percentile } from "./engine_stats.ts";

Deno.test("the summary gives median and 95th percentile of successes and the error rate", () => {
  const stats = new EngineStats();
  for (let ms = 1; ms <= 100; ms++) stats.record("brave", { ok: true, ms });
  for (let i = 0; i < 25; i++) stats.record("brave", { ok: false, ms: 3000 });
  assert.deepEqual(stats.summary("brave"), {
    searches: 125,
    errors: 25,
    error_rate: 0.2,
    median_ms: 50,
    p95_ms: 95,
  });
});

Deno.test("an engine never used has an empty summary", () => {
  assert.deepEqual(new EngineStats().summary("bing"), {
    searches: 0,
    errors: 0,
    error_rate: 0,
    median_ms: null,
    p95_ms: null,
  });
});

Deno.test("only the most recent 500 durations count", () => {
  const stats = new EngineStats();
  for (let i = 0; i < 500; i++) stats.record("ddg", { ok: true, ms: 1000 });
  for (let i = 0; i < 500; i++) stats.record("ddg", { ok: true, ms: 10 });
  assert.equal(stats.summary("ddg").p95_ms, 10);
});

Deno.test("percentile uses the nearest rank", () => {
  assert.equal(percentile([], 0.5), null);
  assert.equal(percentile([7], 0.95), 7);
  assert.equal(percentile([1, 2, 3, 4], 0.5), 2);
});
