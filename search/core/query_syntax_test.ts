import assert from "node:assert/strict";
import { parseQuerySyntax, type SyntaxTargets } from "./query_syntax.ts";

const targets: SyntaxTargets = {
  engineByBang: new Map([
    ["wikipedia", "wikipedia"],
    ["wp", "wikipedia"],
    ["mojeek news", "mojeek news"],
    ["mjkn", "mojeek news"],
    ["ddg", "duckduckgo"],
  ]),
  categories: new Set(["general", "news"]),
};

Deno.test("leading bangs pick engines by shortcut or name and leave the rest as the query", () => {
  const parsed = parseQuerySyntax("!wp !ddg  rust  language", targets);
  assert.deepEqual(parsed, {
    query: "rust language",
    engines: ["wikipedia", "duckduckgo"],
    categories: [],
    language: null,
    timeoutLimit: null,
  });
});

Deno.test("an engine name with a space is written with _ or - in a bang", () => {
  assert.deepEqual(parseQuerySyntax("!mojeek_news floods", targets).engines, ["mojeek news"]);
  assert.deepEqual(parseQuerySyntax("!MOJEEK-NEWS floods", targets).engines, ["mojeek news"]);
});

Deno.test("a category bang selects the category", () => {
  const parsed = parseQuerySyntax("!news elections", targets);
  assert.deepEqual(parsed.categories, ["news"]);
  assert.equal(parsed.query, "elections");
});

Deno.test("a language token and a timeout token are read, timeouts under 100 in seconds", () => {
  const parsed = parseQuerySyntax(":de-CH <3 käse", targets);
  assert.equal(parsed.language, "de-CH");
  assert.equal(parsed.timeoutLimit, 3);
  assert.equal(parsed.query, "käse");
  assert.equal(parseQuerySyntax("<850 x", targets).timeoutLimit, 0.85);
});

Deno.test("syntax is only read at the start of the query", () => {
  const parsed = parseQuerySyntax("css !important :hover", targets);
  assert.deepEqual(parsed, {
    query: "css !important :hover",
    engines: [],
    categories: [],
    language: null,
    timeoutLimit: null,
  });
});

Deno.test("unknown bangs, bad language tags and external !! bangs stay in the query", () => {
  assert.equal(parseQuerySyntax("!nope x", targets).query, "!nope x");
  assert.equal(parseQuerySyntax(":english x", targets).query, ":english x");
  assert.equal(parseQuerySyntax("!!g x", targets).query, "!!g x");
});

Deno.test("a query made only of syntax searches for its own text", () => {
  assert.deepEqual(parseQuerySyntax("!wp", targets), {
    query: "!wp",
    engines: [],
    categories: [],
    language: null,
    timeoutLimit: null,
  });
  assert.equal(parseQuerySyntax("   ", targets).query, "");
});
