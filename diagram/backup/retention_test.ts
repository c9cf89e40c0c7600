import assert from "node:assert/strict";
import { backupsToDelete } from "./retention.ts";

const at = (iso: string) => Date.parse(iso);
const iso = (time: number) => new Date(time).toISOString();

Deno.test("retention: 7 daily and 4 weekly out of 60 days of daily backups", () => {
  // 2026-11-28 is a Saturday; one backup at 03:00 every day back to 2026-09-30.
  const times = Array.from(
    { length: 60 },
    (_, day) => at("2026-11-28T03:00:00Z") - day * 86_400_000,
  );
  const deleted = new Set(backupsToDelete(times, { daily: 7, weekly: 4 }));
  const kept = times.filter((time) => !deleted.has(time)).map(iso).sort();
  assert.deepEqual(kept, [
    // The newest of the four newest ISO weeks: Sundays, and this week's Saturday.
    "2026-11-08T03:00:00.000Z",
    "2026-11-15T03:00:00.000Z",
    // The last seven days (Sunday 22nd among them).
    "2026-11-22T03:00:00.000Z",
    "2026-11-23T03:00:00.000Z",
    "2026-11-24T03:00:00.000Z",
    "2026-11-25T03:00:00.000Z",
    "2026-11-26T03:00:00.000Z",
    "2026-11-27T03:00:00.000Z",
    "2026-11-28T03:00:00.000Z",
  ]);
});

Deno.test("retention: several backups in a day keep only that day's newest", () => {
  const times = ["2026-11-28T01:00:00Z", "2026-11-28T09:00:00Z", "2026-11-28T17:00:00Z"].map(at);
  assert.deepEqual(backupsToDelete(times, { daily: 7, weekly: 4 }).map(iso), [
    "2026-11-28T01:00:00.000Z",
    "2026-11-28T09:00:00.000Z",
  ]);
});

Deno.test("retention: the newest backup is kept even when nothing is to be kept", () => {
  const times = ["2026-11-27T01:00:00Z", "2026-11-28T01:00:00Z"].map(at);
  assert.deepEqual(backupsToDelete(times, { daily: 0, weekly: 0 }).map(iso), [
    "2026-11-27T01:00:00.000Z",
  ]);
  assert.deepEqual(backupsToDelete([], { daily: 7, weekly: 4 }), []);
});
