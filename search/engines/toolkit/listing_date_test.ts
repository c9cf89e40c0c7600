import assert from "node:assert/strict";
import { readListingDate } from "./listing_date.ts";

const now = new Date("2026-11-21T12:00:00Z");

Deno.test("relative dates are counted back from the search time and keep the unit they were counted in", () => {
  const cases: Record<string, [string, string]> = {
    "1 second ago": ["2026-11-21T11:59:59Z", "second"],
    "45 minutes ago": ["2026-11-21T11:15:00Z", "minute"],
    "1 hour ago": ["2026-11-21T11:00:00Z", "hour"],
    "3 days ago": ["2026-11-18T12:00:00Z", "day"],
    "2 weeks ago": ["2026-11-07T12:00:00Z", "week"],
    "1 month ago": ["2026-10-21T12:00:00Z", "month"],
    "2 Years ago": ["2024-11-21T12:00:00Z", "year"],
  };
  for (const [text, [iso, unit]] of Object.entries(cases)) {
    assert.deepEqual(
      readListingDate(text, now),
      { publishedDate: new Date(iso), publishedDatePrecision: unit },
      text,
    );
  }
});

Deno.test("month-name dates are that day in UTC, abbreviated or not, with no unit", () => {
  const day = (iso: string) => ({ publishedDate: new Date(iso) });
  assert.deepEqual(readListingDate("Mar 4, 2024", now), day("2024-03-04T00:00:00Z"));
  assert.deepEqual(readListingDate("Sept. 30, 2023", now), day("2023-09-30T00:00:00Z"));
  assert.deepEqual(readListingDate("June 15, 2021", now), day("2021-06-15T00:00:00Z"));
});

Deno.test("texts that are not a real date give no date", () => {
  for (
    const text of [
      "",
      "Feb 31, 2024",
      "Foo 3, 2024",
      "99999999999999 years ago",
      "yesterday",
      "04.03.2024",
      "3 days",
      "PDF",
    ]
  ) {
    assert.equal(readListingDate(text, now), null, text);
  }
});
