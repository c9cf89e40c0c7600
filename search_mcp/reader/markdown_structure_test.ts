import assert from "node:assert/strict";
import { findHeadings, splitParagraphs } from "./markdown_structure.ts";

const DOC = [
  "# Title",
  "",
  "Intro text.",
  "",
  "```sh",
  "# a shell comment, not a heading",
  "",
  "ls",
  "```",
  "",
  "## Usage ##",
  "Text under usage.",
].join("\n");

Deno.test("headings are found with level, text and offset, skipping fenced code", () => {
  assert.deepEqual(findHeadings(DOC).map(({ level, text, start }) => ({ level, text, start })), [
    { level: 1, text: "Title", start: 0 },
    { level: 2, text: "Usage", start: DOC.indexOf("## Usage") },
  ]);
});

Deno.test("a fence closes only with the same character at least as long", () => {
  const doc = "````\n```\n# inside\n````\n# outside";
  assert.deepEqual(findHeadings(doc).map(({ text }) => text), ["outside"]);
});

Deno.test("#hashtag without a space is not a heading", () => {
  assert.deepEqual(findHeadings("#hashtag\n#\n### "), [
    { level: 1, text: "", line: "#", start: 9 },
    { level: 3, text: "", line: "### ", start: 11 },
  ]);
});

Deno.test("paragraphs split on blank lines, but a code block with blank lines stays whole", () => {
  assert.deepEqual(splitParagraphs(DOC), [
    "# Title",
    "Intro text.",
    "```sh\n# a shell comment, not a heading\n\nls\n```",
    "## Usage ##\nText under usage.",
  ]);
});
