import assert from "node:assert/strict";
import { tokenizeCss } from "./css_tokens.ts";

Deno.test("numbers keep their unit; names, functions, hashes, spaces and other characters are told apart", () => {
  assert.deepEqual(tokenizeCss("rgb(1.5e3 50%,-2DEG/.5) #a5d8ff x-y 9deg1 1. --"), [
    { type: "function", name: "rgb" },
    { type: "number", unit: "" },
    { type: "space" },
    { type: "number", unit: "%" },
    { type: "delim", char: "," },
    { type: "number", unit: "DEG" },
    { type: "delim", char: "/" },
    { type: "number", unit: "" },
    { type: "delim", char: ")" },
    { type: "space" },
    { type: "hash", name: "a5d8ff" },
    { type: "space" },
    { type: "ident", name: "x-y" },
    { type: "space" },
    { type: "number", unit: "deg1" },
    { type: "space" },
    { type: "number", unit: "" },
    { type: "space" },
    { type: "delim", char: "-" },
    { type: "delim", char: "-" },
  ]);
});

Deno.test("url(…) is one token, quoted or not; a malformed one is one bad token up to its parenthesis", () => {
  assert.deepEqual(tokenizeCss("url(#a) URL( '#b c' ) url(#c d) e url(\"#f"), [
    { type: "url", target: "#a" },
    { type: "space" },
    { type: "url", target: "#b c" },
    { type: "space" },
    { type: "bad" },
    { type: "space" },
    { type: "ident", name: "e" },
    { type: "space" },
    { type: "bad" },
  ]);
});

Deno.test("a long value is read in one pass, however its url( and quotes are arranged", () => {
  for (const value of ["url(".repeat(100_000), "url('".repeat(100_000), "9".repeat(400_000)]) {
    const started = performance.now();
    tokenizeCss(value);
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 1000, `${value.slice(0, 10)}…: ${Math.round(elapsed)} ms`);
  }
});
