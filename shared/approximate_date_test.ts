import assert from "node:assert/strict";
import { approximateAge, approximateCalendarDate, type DateUnit } from "./approximate_date.ts";

const now = new Date("2026-11-21T12:00:00Z");

Deno.test("a counted-back date reads as its age in its own unit, one at least", () => {
  const cases: [iso: string, unit: DateUnit, age: string][] = [
    ["2024-11-21T00:00:00Z", "year", "about 2 years ago"],
    // Almost three years, as YouTube's "2 years ago" may be.
    ["2023-11-22T00:00:00Z", "year", "about 2 years ago"],
    ["2026-10-21T00:00:00Z", "month", "about 1 month ago"],
    ["2026-09-21T00:00:00Z", "month", "about 2 months ago"],
    ["2026-10-31T00:00:00Z", "week", "about 3 weeks ago"],
    // "3 days ago" at noon is cut to the day: three and a half days back, still 3 days.
    ["2026-11-18T00:00:00Z", "day", "about 3 days ago"],
    ["2026-11-21T07:00:00Z", "hour", "about 5 hours ago"],
    // A clock a little behind the engine's still says something sensible.
    ["2026-11-21T12:00:01Z", "second", "about 1 second ago"],
  ];
  for (const [iso, unit, age] of cases) {
    assert.equal(approximateAge(new Date(iso), unit, now), age, iso);
  }
});

Deno.test("a counted-back date's calendar part goes no finer than its unit", () => {
  const date = new Date("2024-11-21T00:00:00Z");
  assert.equal(approximateCalendarDate(date, "year"), "2024");
  assert.equal(approximateCalendarDate(date, "month"), "2024-11");
  assert.equal(approximateCalendarDate(date, "week"), "2024-11-21");
  assert.equal(approximateCalendarDate(date, "hour"), "2024-11-21");
});
