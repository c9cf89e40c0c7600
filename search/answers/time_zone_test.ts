import assert from "node:assert/strict";
import { testContext } from "./answers_testing.ts";
import { timeZone } from "./time_zone.ts";

// 2026-11-28T21:05:00Z
const context = testContext();

Deno.test("time zone answers the local time, date and zone of a city", () => {
  assert.equal(
    timeZone("time in Tokyo", context),
    "Asia/Tokyo: Sunday, November 29, 2026 at 6:05 AM (GMT+9)",
  );
  assert.equal(
    timeZone("time Berlin", context),
    "Europe/Berlin: Saturday, November 28, 2026 at 10:05 PM (GMT+1)",
  );
  assert.equal(
    timeZone("clock New York", testContext({ language: "en-US" })),
    "America/New York: Saturday, November 28, 2026 at 4:05 PM (EST)",
  );
  assert.match(timeZone("time in San Francisco", context)!, /^America\/Los Angeles: .* 1:05 PM/);
  assert.match(timeZone("time in Beijing", context)!, /^Asia\/Shanghai: Sunday, .* 5:05 AM/);
  assert.match(timeZone("time in India", context)!, /^Asia\/Kolkata: Sunday, .* 2:35 AM/);
  assert.match(timeZone("time london", context)!, /^Europe\/London: .* 9:05 PM \(GMT\)$/);
});

Deno.test("time zone ignores case and accents and reads spaces as underscores", () => {
  assert.match(timeZone("TIME IN SÃO PAULO", context)!, /^America\/Sao Paulo: /);
  assert.match(timeZone("time sao paulo", context)!, /^America\/Sao Paulo: /);
  assert.match(timeZone("now Asia/Tokyo", context)!, /^Asia\/Tokyo: /);
  assert.match(timeZone("timezone zürich", context)!, /^Europe\/Zurich: /);
});

Deno.test("time zone writes the date in the search language", () => {
  assert.equal(
    timeZone("time in Berlin", testContext({ language: "de" })),
    "Europe/Berlin: Samstag, 28. November 2026 um 22:05 (MEZ)",
  );
});

Deno.test("time alone answers UTC, named as such", () => {
  assert.equal(timeZone("time", context), "UTC: Saturday, November 28, 2026 at 9:05 PM (UTC)");
});

Deno.test("time zone declines places it does not know and queries not starting with its words", () => {
  for (
    const query of [
      "time in Atlantis",
      "time flies like an arrow",
      "now that's what I call music",
      "tokyo time",
      "what time is it",
      "time in 東京",
      "time in " + "a".repeat(200),
    ]
  ) {
    assert.equal(timeZone(query, context), null, query.slice(0, 40));
  }
});
