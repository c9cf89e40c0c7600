import assert from "node:assert/strict";
import { requiredLiterals, unsafePatternReason } from "./safe_pattern.ts";

Deno.test("SearXNG's example host patterns are accepted", () => {
  for (
    const pattern of [
      "(.*\\.)?youtube\\.com$",
      "(.*\\.)?youtu\\.be$",
      "(www\\.)?twitter\\.com$",
      "(.*\\.)?google(\\..*)?$",
      "^(www\\.)?(reddit|redd)\\.(com|it)$",
      "[a-z0-9-]+\\.example\\.org$",
      "(?P<sub>[a-z]+)\\.example\\.org",
      "^x{2,5}\\.com$",
    ]
  ) {
    assert.equal(unsafePatternReason(pattern), null, pattern);
  }
});

Deno.test("nested quantifiers and repeated alternatives are refused, at any depth", () => {
  for (
    const pattern of [
      "(a+)+",
      "(a*)*",
      "(a|a)*",
      "(.*a){20}",
      "((a+)?)*",
      "(?:x(?:a|b))+",
      "([a-z]+\\.)+com",
      "(a{2,})+",
      "(\\w+)*?$",
    ]
  ) {
    assert.match(unsafePatternReason(pattern) ?? "", /repeated group/, pattern);
  }
});

Deno.test("unbounded repetitions next to each other are refused", () => {
  for (const pattern of [".*.*x", "\\w+\\w*", "a*(b)?a+", "[a-z]+[0-9a-z]+", "a{1,100}b{1,100}c"]) {
    assert.match(unsafePatternReason(pattern) ?? "", /follow one another/, pattern);
  }
  assert.equal(unsafePatternReason(".*x.*"), null);
  assert.equal(unsafePatternReason("(.*\\.)?google(\\..*)?$"), null);
  assert.equal(unsafePatternReason(".*|.*"), null);
});

Deno.test("a second unbounded repetition with more pattern after it is refused", () => {
  for (
    const pattern of [
      ".*a.*b$",
      "[a-z]+\\.[a-z]+\\.com",
      "(.*\\.)?x(.*\\.)?y",
      "a{1,100}x.{1,100}c",
    ]
  ) {
    assert.match(unsafePatternReason(pattern) ?? "", /more than one unbounded/, pattern);
  }
});

Deno.test("backreferences and very long patterns are refused", () => {
  for (const pattern of ["(a)\\1", "(?<n>a)\\k<n>", "(?P<n>a)(?P=n)"]) {
    assert.match(unsafePatternReason(pattern) ?? "", /backreference/, pattern);
  }
  assert.match(unsafePatternReason("a".repeat(501)) ?? "", /longer than 500/);
});

Deno.test("escaped brackets and classes are not mistaken for groups or quantifiers", () => {
  assert.equal(unsafePatternReason("\\(a\\)+"), null);
  assert.equal(unsafePatternReason("[(+*]+x"), null);
  assert.equal(unsafePatternReason("[]a]+x"), null);
});

Deno.test("the literals every match needs are found outside groups, classes and optional atoms", () => {
  assert.deepEqual(requiredLiterals("(.*\\.)?youtube\\.com$"), ["youtube.com"]);
  assert.deepEqual(requiredLiterals("(.*\\.)?google(\\..*)?$"), ["google"]);
  assert.deepEqual(requiredLiterals("^www\\.[a-z]+\\.example\\.org"), ["www.", ".example.org"]);
  assert.deepEqual(requiredLiterals("ab?c+d"), ["a", "c", "d"]);
  assert.deepEqual(requiredLiterals("a\\dbc"), ["a", "bc"]);
  assert.deepEqual(requiredLiterals("youtube|youtu\\.be"), []);
  assert.deepEqual(requiredLiterals("(?:x|y)z{0,2}"), []);
});
