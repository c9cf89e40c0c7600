import assert from "node:assert/strict";
import { calculator, MAX_DEPTH } from "./calculator.ts";
import { testContext } from "./answers_testing.ts";

const calc = (query: string, language = "en") => calculator(query, testContext({ language }));

Deno.test("calculator answers arithmetic with the query and its value", () => {
  assert.equal(calc("2+2"), "2+2 = 4");
  assert.equal(calc("2^10*3"), "2^10*3 = 3,072");
  assert.equal(calc("(1 + 2) * 3"), "(1 + 2) * 3 = 9");
  assert.equal(calc("7 ÷ 2"), "7 ÷ 2 = 3.5");
  assert.equal(calc("6 × 7"), "6 × 7 = 42");
  assert.equal(calc("3 x 4"), "3 x 4 = 12");
  assert.equal(calc("10 − 3"), "10 − 3 = 7");
  assert.equal(calc("1.5e3 / 3"), "1.5e3 / 3 = 500");
  assert.equal(calc("2+2="), "2+2 = 4", "a trailing equals sign asks the same");
});

Deno.test("calculator follows Python's operators, as SearXNG's does", () => {
  assert.equal(calc("7 // 2"), "7 // 2 = 3");
  assert.equal(calc("-7 // 2"), "-7 // 2 = -4");
  assert.equal(calc("-7 % 3"), "-7 % 3 = 2");
  assert.equal(calc("2 ** 3 ** 2"), "2 ** 3 ** 2 = 512");
  assert.equal(calc("-2 ** 2"), "-2 ** 2 = -4");
  assert.equal(calc("2 ** -1"), "2 ** -1 = 0.5");
  assert.equal(calc("--5 - 1"), "--5 - 1 = 4");
});

Deno.test("calculator reads and writes decimals in the search language", () => {
  assert.equal(calc("2,5 * 2", "de"), "2,5 * 2 = 5");
  assert.equal(calc("1.000,5 + 1", "de"), "1.000,5 + 1 = 1.001,5");
  assert.equal(calc("1 / 4", "de-DE"), "1 / 4 = 0,25");
  assert.equal(calc("1,000 + 1"), "1,000 + 1 = 1,001");
  assert.equal(calc("0.1 + 0.2"), "0.1 + 0.2 = 0.3");
});

Deno.test("calculator writes big and small values in exponent form, never float noise", () => {
  assert.equal(calc("2^64"), "2^64 = 1.84467440737e+19");
  assert.equal(calc("2^50"), "2^50 = 1,125,899,906,842,624");
  assert.equal(calc("1/3"), "1/3 = 0.333333333333");
  assert.equal(calc("10^-9 * 3"), "10^-9 * 3 = 3e-9");
});

Deno.test("calculator declines what is not plainly arithmetic", () => {
  for (
    const query of [
      "2024",
      "-5",
      "(5)",
      "555-1234",
      "2024-01-05",
      "978-3-16-148410-0",
      "1/2/2024",
      "0x10",
      "2+",
      "(1+2",
      "1+2)",
      "2 + two",
      "2,5 * 2",
      "x + 1",
      "=",
      "2+2==",
      "50%",
      "1 2",
      "",
    ]
  ) {
    assert.equal(calc(query), null, query);
  }
  assert.equal(calc("10-3"), "10-3 = 7", "a short difference is still a sum");
});

Deno.test("calculator declines division by zero and results beyond floating point", () => {
  for (const query of ["1/0", "1//0", "5 % 0", "0 ** -1", "10^400", "(-8) ** 0.5", "10^10^10^10"]) {
    assert.equal(calc(query), null, query);
  }
});

Deno.test("calculator declines long and deeply nested input without evaluating it", () => {
  assert.equal(calc("1+".repeat(1000) + "1"), null, "2,000 characters of digits and operators");
  assert.equal(calc("(".repeat(10_000) + "1" + ")".repeat(10_000)), null);
  const deep = MAX_DEPTH + 1;
  assert.equal(calc("(".repeat(deep) + "1+1" + ")".repeat(deep)), null);
  assert.equal(calc("-".repeat(deep) + "1+1"), null);
  assert.equal(calc("((1+1))"), "((1+1)) = 2");
});
