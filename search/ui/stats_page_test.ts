import assert from "node:assert/strict";
import { all, attr, first, text } from "../engines/html.ts";
import { renderStatsPage } from "./stats_page.ts";
import { checkPage, samplePrefs, sampleSite, SCRIPT_PAYLOAD } from "./testing.ts";

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
    },
    {
      name: SCRIPT_PAYLOAD,
      searches: 0,
      errors: 0,
      error_rate: 0,
      median_ms: null,
      p95_ms: null,
      suspended_until: null,
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
