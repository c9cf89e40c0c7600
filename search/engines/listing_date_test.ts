import assert from "node:assert/strict";
import { parseListingDate } from "./listing_date.ts";

const now = new Date("2026-11-21T12:00:00Z");

Deno.test("relative dates are counted back from the search time", () => {
  const cases: Record<string, string> = {
    "1 second ago": "2026-11-21T11:59:59Z",
    "45 minutes ago": "2026-11-21T11:15:00Z",
    "1 hour ago": "2026-11-21T11:00:00Z",
    "3 days ago": "2026-11-18T12:00:00Z",
    "2 weeks ago": "2026-11-07T12:00:00Z",
    "1 month ago": "2026-10-21T12:00:00Z",
    "2 Years ago": "2024-11-21T12:00:00Z",
  };
  for (const [text, iso] of Object.entries(cases)) {
    assert.deepEqual(parseListingDate(text, now), new Date(iso), text);
  }
});

Deno.test("month-name dates are that day in UTC, abbreviated or not", () => {
  assert.deepEqual(parseListingDate("Mar 4, 2024", now), new Date("2024-03-04T00:00:00Z"));
  assert.deepEqual(parseListingDate("Sept. 30, 2023", now), new Date("2023-09-30T00:00:00Z"));
  assert.deepEqual(parseListingDate("June 15, 2021", now), new Date("2021-06-15T00:00:00Z"));
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
    assert.equal(parseListingDate(text, now), null, text);
  }
});
