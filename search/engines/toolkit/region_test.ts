import assert from "node:assert/strict";
import { localeOf } from "./region.ts";

Deno.test("'all' has no locale, so providers use their worldwide setting", () => {
  assert.equal(localeOf("all"), null);
  assert.equal(localeOf("ALL"), null);
});

Deno.test("a language with a country keeps both, normalised in case", () => {
  assert.deepEqual(localeOf("en-GB"), { language: "en", country: "GB" });
  assert.deepEqual(localeOf("zh-tw"), { language: "zh", country: "TW" });
  assert.deepEqual(localeOf("PT-br"), { language: "pt", country: "BR" });
});

Deno.test("a bare language gets the country most likely meant by it", () => {
  assert.deepEqual(localeOf("de"), { language: "de", country: "DE" });
  assert.deepEqual(localeOf("en"), { language: "en", country: "US" });
  assert.deepEqual(localeOf("ja"), { language: "ja", country: "JP" });
});

Deno.test("a bare language without a likely country has no country", () => {
  assert.deepEqual(localeOf("eo"), { language: "eo", country: null });
});

Deno.test("tags that are not language[-COUNTRY] are treated as worldwide", () => {
  for (const tag of ["", "zh-Hant-TW", "english", "en_US", "e", "en-USA"]) {
    assert.equal(localeOf(tag), null, tag);
  }
});
