import assert from "node:assert/strict";
import { RETENTION, revisionsToPrune } from "./retention.ts";

const NOW = Date.parse("2026-06-30T12:00:00Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Revisions numbered in time order, saved `ago` milliseconds before NOW. */
function saved(...ago: number[]) {
  return ago.map((age, index) => ({
    revision: index + 1,
    savedAt: new Date(NOW - age).toISOString(),
  }));
}

Deno.test("every revision of the last day is kept, however many", () => {
  const revisions = saved(...Array.from({ length: 300 }, (_, i) => DAY - 1 - i * 1000));
  assert.deepEqual(revisionsToPrune(revisions, NOW), []);
});

Deno.test("between a day and 30 days old, the newest revision of each hour is kept", () => {
  // 13:05, 13:40 and 13:55 two days ago, and 15:10 the same day.
  const base = Date.parse("2026-06-28T13:00:00Z");
  const at = (minutes: number) => NOW - (base + minutes * 60_000);
  const revisions = saved(at(5), at(40), at(55), at(130));
  assert.deepEqual(revisionsToPrune(revisions, NOW).sort(), [1, 2]);
});

Deno.test("after 30 days one revision a day is kept, the newest 100 such days", () => {
  const old = 31 * DAY;
  // Two a day for 120 days, all older than 30 days.
  const ages = Array.from({ length: 120 }, (_, day) => [old + day * DAY + HOUR, old + day * DAY])
    .flat().reverse();
  const revisions = saved(...ages);
  const pruned = new Set(revisionsToPrune(revisions, NOW));
  const kept = revisions.filter((revision) => !pruned.has(revision.revision));
  assert.equal(kept.length, RETENTION.maxDaily);
  // The newest of each of the newest 100 days.
  const newestDays = kept.map((revision) => NOW - Date.parse(revision.savedAt)).sort((a, b) =>
    a - b
  );
  assert.deepEqual(newestDays.slice(0, 2), [old, old + DAY]);
  assert.equal(newestDays.at(-1), old + 99 * DAY);
});
