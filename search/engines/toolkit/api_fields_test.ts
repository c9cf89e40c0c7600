import assert from "node:assert/strict";
import { countLabel, dateFromParts, isoDate } from "./api_fields.ts";

Deno.test("isoDate reads dates and timestamps, null for anything else", () => {
  assert.deepEqual(isoDate("2024-03-01"), new Date("2024-03-01T00:00:00Z"));
  assert.deepEqual(isoDate("2019-10-23T01:36:24Z"), new Date("2019-10-23T01:36:24Z"));
  assert.equal(isoDate("not a date"), null);
  assert.equal(isoDate(""), null);
  assert.equal(isoDate(null), null);
});

Deno.test("dateFromParts fills a missing month or day with the first, refuses impossible dates", () => {
  assert.deepEqual(dateFromParts(2019, 10, 23), new Date("2019-10-23T00:00:00Z"));
  assert.deepEqual(dateFromParts(2019, 10), new Date("2019-10-01T00:00:00Z"));
  assert.deepEqual(dateFromParts(2019), new Date("2019-01-01T00:00:00Z"));
  assert.equal(dateFromParts(2019, 2, 31), null);
  assert.equal(dateFromParts(2019, 13), null);
  assert.equal(dateFromParts(0), null);
  assert.equal(dateFromParts(Number.NaN), null);
});

Deno.test("countLabel shortens large counts and never shows 1000 of a step", () => {
  assert.equal(countLabel(0, "stars"), "0 stars");
  assert.equal(countLabel(999, "stars"), "999 stars");
  assert.equal(countLabel(1000, "stars"), "1k stars");
  assert.equal(countLabel(3449, "stars"), "3.4k stars");
  assert.equal(countLabel(123_456, "downloads"), "123k downloads");
  assert.equal(countLabel(999_600, "downloads"), "1M downloads");
  assert.equal(countLabel(12_345_678, "downloads"), "12.3M downloads");
  assert.equal(countLabel(2_500_000_000, "downloads"), "2.5B downloads");
});
