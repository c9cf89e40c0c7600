import assert from "node:assert/strict";
import { approximateAge, approximateCalendarDate } from "./approximate_date.ts";

const now = new Date("2026-11-21T12:00:00Z");

Deno.test("a counted-back date reads as its age in its own unit, one at least", () => {
  assert.equal(
    approximateAge(new Date("2024-11-21T00:00:00Z"), "year", now),
    "about 2 years ago",
  );
  assert.equal(
    approximateAge(new Date("2026-10-31T00:00:00Z"), "week", now),
    "about 3 weeks ago",
  );
  assert.equal(approximateAge(new Date("2026-10-21T00:00:00Z"), "month", now), "about 1 month ago");
  assert.equal(approximateAge(new Date("2026-11-21T07:00:00Z"), "hour", now), "about 5 hours ago");
  // "3 days ago" at noon is cut to the day: three and a half days back, still 3 days.
  assert.equal(approximateAge(new Date("2026-11-18T00:00:00Z"), "day", now), "about 3 days ago");
  assert.equal(
    approximateAge(new Date("2026-09-21T00:00:00Z"), "month", now),
    "about 2 months ago",
  );
  assert.equal(
    approximateAge(new Date("2023-11-22T00:00:00Z"), "year", now),
    "about 2 years ago",
  );
  // A clock a little behind the engine's still says something sensible.
  assert.equal(
    approximateAge(new Date("2026-11-21T12:00:01Z"), "second", now),
    "about 1 second ago",
  );
});

Deno.test("a counted-back date's calendar part goes no finer than its unit", () => {
  const date = new Date("2024-11-21T00:00:00Z");
  assert.equal(approximateCalendarDate(date, "year"), "2024");
  assert.equal(approximateCalendarDate(date, "month"), "2024-11");
  assert.equal(approximateCalendarDate(date, "week"), "2024-11-21");
  assert.equal(approximateCalendarDate(date, "hour"), "2024-11-21");
});
