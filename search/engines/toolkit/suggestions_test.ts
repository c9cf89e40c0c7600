import assert from "node:assert/strict";
import { ParseError } from "../../core/engine.ts";
import { parseSuggestions } from "./suggestions.ts";

Deno.test("the OpenSearch shape gives its list of suggestions, non-strings dropped", () => {
  assert.deepEqual(
    parseSuggestions('["rust", ["rust programming", "rust game", 3, null]]'),
    ["rust programming", "rust game"],
  );
  assert.deepEqual(parseSuggestions('["rust", []]'), []);
});

Deno.test("the older list of phrase objects gives the phrases", () => {
  assert.deepEqual(
    parseSuggestions('[{"phrase":"rust lang"},{"phrase":"rustup"}]'),
    ["rust lang", "rustup"],
  );
  assert.deepEqual(parseSuggestions("[]"), []);
});

Deno.test("anything else is a parse error", () => {
  for (const body of ["", "<html>", "{}", '"rust"', "[1, 2]", '[{"phrase": 1}]', "[", "null"]) {
    assert.throws(() => parseSuggestions(body), ParseError, body);
  }
});
