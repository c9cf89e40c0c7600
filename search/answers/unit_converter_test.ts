import assert from "node:assert/strict";
import { testContext } from "./answers_testing.ts";
import { unitConverter } from "./unit_converter.ts";

const convert = (query: string, language = "en") => unitConverter(query, testContext({ language }));

Deno.test("unit converter answers the value in the target unit, with its symbol", () => {
  assert.equal(convert("10 km to miles"), "6.21371192237 mi");
  assert.equal(convert("5 ft in cm"), "152.4 cm");
  assert.equal(convert("100 f to c"), "37.7777777778 °C");
  assert.equal(convert("-40 °C in °F"), "-40 °F");
  assert.equal(convert("0 K to celsius"), "-273.15 °C");
  assert.equal(convert("3 GiB in MB"), "3,221.225472 MB");
  assert.equal(convert("1 GB to GiB"), "0.931322574615 GiB");
  assert.equal(convert("8 bits in bytes"), "1 B");
  assert.equal(convert("100 Mbit to MB"), "12.5 MB");
  assert.equal(convert("2 lbs to kg"), "0.90718474 kg");
  assert.equal(convert("16 oz in lb"), "1 lb");
  assert.equal(convert("1 gal to l"), "3.785411784 l");
  assert.equal(convert("1 acre in m²"), "4,046.8564224 m²");
  assert.equal(convert("1 hectare to acres"), "2.47105381467 acre");
  assert.equal(convert("60 mph in km/h"), "96.56064 km/h");
  assert.equal(convert("10 knots to m/s"), "5.14444444444 m/s");
  assert.equal(convert("90 minutes in hours"), "1.5 h");
  assert.equal(convert("1 square mile to square kilometres"), "2.58998811034 km²");
});

Deno.test("unit converter reads units glued to the number, any case, and inches as 'in'", () => {
  assert.equal(convert("10km to mi"), "6.21371192237 mi");
  assert.equal(convert("5 in to cm"), "12.7 cm");
  assert.equal(convert("12 INCHES in FEET"), "1 ft");
  assert.equal(convert("1e3 m to km"), "1 km");
  assert.equal(convert("2 mb to kb"), "2,000 kB", "lower-case mb and kb are bytes");
});

Deno.test("unit converter reads and writes the number in the search language", () => {
  assert.equal(convert("2,5 km in m", "de"), "2.500 m");
  assert.equal(convert("1,5 l to ml", "fr"), "1\u202f500 ml");
  assert.equal(convert("2,5 km in m"), null, "2,5 is no English number");
});

Deno.test("unit converter declines incompatible and unknown units", () => {
  for (
    const query of [
      "10 km to kg",
      "5 GB in hours",
      "100 f to km",
      "10 furlongs to m",
      "10 km to",
      "km to miles",
      "10 to miles",
      "how to cook",
      "things to do in paris",
      "10 km",
    ]
  ) {
    assert.equal(convert(query), null, query);
  }
});

Deno.test("unit converter declines units in other scripts and long queries at once", () => {
  for (
    const query of [
      "10 км to мили",
      "10 キロ to マイル",
      "10 公里 to 英里",
      "10 ק״מ to מייל",
      "10 كم to ميل",
      "10 😀 to 🚀",
      "10 km to " + "ж".repeat(5_000),
      "1 " + "km ".repeat(600) + "to mi",
    ]
  ) {
    assert.equal(convert(query), null, query.slice(0, 40));
  }
});
