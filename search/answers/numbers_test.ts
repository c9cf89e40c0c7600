import assert from "node:assert/strict";
import { formatNumber, numberStyle, parseNumber } from "./numbers.ts";

const en = numberStyle("en");
const de = numberStyle("de");

Deno.test("numbers are read in the search language's style", () => {
  assert.equal(parseNumber("2.5", en), 2.5);
  assert.equal(parseNumber("1,000.5", en), 1000.5);
  assert.equal(parseNumber("2,5", de), 2.5);
  assert.equal(parseNumber("1.000,5", de), 1000.5);
  assert.equal(parseNumber(".5", en), 0.5);
  assert.equal(parseNumber("-3e2", en), -300);
  assert.equal(parseNumber("1.5E-3", en), 0.0015);
});

Deno.test("a separator that is not the language's decimal or a group of three is no number", () => {
  assert.equal(parseNumber("2,5", en), null);
  assert.equal(parseNumber("2.5", de), null);
  assert.equal(parseNumber("1,0000", en), null);
  assert.equal(parseNumber("1234,567", en), null);
  assert.equal(parseNumber("", en), null);
  assert.equal(parseNumber("12a", en), null);
});

Deno.test("languages that are not locales read and write English numbers", () => {
  assert.equal(numberStyle("all").decimal, ".");
  assert.equal(numberStyle("auto").locale, "en");
  assert.equal(numberStyle("de-CH").decimal, ".");
  assert.equal(numberStyle("fr").decimal, ",");
  assert.equal(numberStyle("fr").group, "", "fr groups with a space, which a query cannot tell");
});

Deno.test("results are written without float noise, exactly for integers, in exponent form at the ends", () => {
  assert.equal(formatNumber(0.1 + 0.2, en), "0.3");
  assert.equal(formatNumber(1 / 3, en), "0.333333333333");
  assert.equal(formatNumber(3072, en), "3,072");
  assert.equal(formatNumber(2.5, de), "2,5");
  assert.equal(formatNumber(2 ** 53 - 1, en), "9,007,199,254,740,991");
  assert.equal(formatNumber(2 ** 64, en), "1.84467440737e+19");
  assert.equal(formatNumber(1e21, en), "1e+21");
  assert.equal(formatNumber(1.5e-9, de), "1,5e-9");
  assert.equal(formatNumber(-0.25, en), "-0.25");
  assert.equal(formatNumber(-0, en), "0");
  assert.equal(formatNumber(Infinity, en), null);
  assert.equal(formatNumber(NaN, en), null);
});
