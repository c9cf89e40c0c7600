import assert from "node:assert/strict";
import { EngineStats, percentile } from "./engine_stats.ts";

Deno.test("the summary gives median and 95th percentile of successes and the error rate", () => {
  const stats = new EngineStats();
  for (let ms = 1; ms <= 100; ms++) stats.record("brave", { ms });
  const at = Date.parse("2026-05-01T10:00:00Z");
  for (let i = 0; i < 20; i++) {
    stats.record("brave", { ms: 3000, failed: { reason: "timeout", at: at + i * 1000 } });
  }
  for (let i = 0; i < 5; i++) {
    stats.record("brave", { ms: 40, failed: { reason: "CAPTCHA", at: at + 60_000 + i } });
  }
  const summary = stats.summary("brave");
  assert.deepEqual({ ...summary, recent_errors: summary.recent_errors.length }, {
    searches: 125,
    errors: 25,
    error_rate: 0.2,
    median_ms: 50,
    p95_ms: 95,
    errors_by_reason: { timeout: 20, CAPTCHA: 5 },
    recent_errors: 10,
  });
  // Newest first, each with its time.
  assert.deepEqual(summary.recent_errors.slice(4, 6), [
    { at: "2026-05-01T10:01:00.000Z", reason: "CAPTCHA" },
    { at: "2026-05-01T10:00:19.000Z", reason: "timeout" },
  ]);
});

Deno.test("an engine never used has an empty summary", () => {
  assert.deepEqual(new EngineStats().summary("bing"), {
    searches: 0,
    errors: 0,
    error_rate: 0,
    median_ms: null,
    p95_ms: null,
    errors_by_reason: {},
    recent_errors: [],
  });
});

Deno.test("only the most recent 500 durations count", () => {
  const stats = new EngineStats();
  for (let i = 0; i < 500; i++) stats.record("ddg", { ms: 1000 });
  for (let i = 0; i < 500; i++) stats.record("ddg", { ms: 10 });
  assert.equal(stats.summary("ddg").p95_ms, 10);
});

Deno.test("percentile uses the nearest rank", () => {
  assert.equal(percentile([], 0.5), null);
  assert.equal(percentile([7], 0.95), 7);
  assert.equal(percentile([1, 2, 3, 4], 0.5), 2);
});
