import assert from "node:assert/strict";
import { all, attr, first, text } from "../engines/toolkit/html.ts";
import { renderEngineStatsPage, renderStatsPage } from "./stats_page.ts";
import { checkPage, samplePrefs, sampleSite, SCRIPT_PAYLOAD } from "./pages_testing.ts";

Deno.test("the stats page shows searches, errors, error rate, timings and suspensions", () => {
  const page = renderStatsPage(sampleSite(), samplePrefs(), [
    {
      name: "duckduckgo",
      searches: 40,
      errors: 5,
      error_rate: 0.125,
      median_ms: 412.6,
      p95_ms: 1890.2,
      suspended_until: "2026-11-21T13:00:00Z",
      suspended_because: "CAPTCHA",
      errors_by_reason: { CAPTCHA: 5 },
      recent_errors: [],
    },
    {
      name: SCRIPT_PAYLOAD,
      searches: 0,
      errors: 0,
      error_rate: 0,
      median_ms: null,
      p95_ms: null,
      suspended_until: null,
      suspended_because: null,
      errors_by_reason: {},
      recent_errors: [],
    },
  ]);
  const rows = all(checkPage(page), "tbody tr").map((row) => all(row, "th, td").map(text));
  assert.deepEqual(rows, [
    ["duckduckgo", "40", "5", "12.5 %", "413 ms", "1890 ms", "2026-11-21 13:00 UTC"],
    [SCRIPT_PAYLOAD, "0", "0", "0.0 %", "–", "–", "–"],
  ]);
  assert.equal(
    attr(first(checkPage(page), "tbody time"), "datetime"),
    "2026-11-21T13:00:00.000Z",
  );
});

Deno.test("the stats page says so when no engine has searched yet", () => {
  const document = checkPage(renderStatsPage(sampleSite(), samplePrefs(), []));
  assert.equal(first(document, "table"), null);
  assert.match(text(first(document, "main")), /No engine has searched yet/);
});

Deno.test("an engine's own stats page shows its settings, why it failed and its latest failures, escaped", () => {
  const document = checkPage(renderEngineStatsPage(sampleSite(), samplePrefs(), {
    name: SCRIPT_PAYLOAD,
    searches: 10,
    errors: 3,
    error_rate: 0.3,
    median_ms: 200,
    p95_ms: 400,
    suspended_until: "2026-11-21T13:00:00Z",
    suspended_because: "too many requests",
    errors_by_reason: { timeout: 1, "too many requests": 2 },
    recent_errors: [
      { at: "2026-11-21T12:57:00.000Z", reason: "too many requests" },
      { at: "2026-11-21T12:50:00.000Z", reason: "timeout" },
    ],
    shortcut: "br",
    categories: ["general", "news"],
    disabled: false,
    timeout_ms: 3000,
    weight: 1,
    paging: true,
  }));
  assert.equal(text(first(document, "h1")), SCRIPT_PAYLOAD);
  const facts = text(first(document, "dl"));
  assert.match(facts, /Shortcut\s*!br/);
  assert.match(facts, /Categories\s*general, news/);
  assert.match(facts, /Suspended until\s*2026-11-21 13:00 UTC \(too many requests\)/);
  assert.deepEqual(all(document, "main ul li").map(text), ["too many requests: 2", "timeout: 1"]);
  assert.deepEqual(all(document, "ol.recent-errors li").map(text), [
    "2026-11-21 12:57:00 UTC: too many requests",
    "2026-11-21 12:50:00 UTC: timeout",
  ]);
});
