import assert from "node:assert/strict";
import { selectContent, SelectionError, truncationHint } from "./paging.ts";

const DOC = [
  "# Guide",
  "Welcome.",
  "## Install",
  "Run the installer.",
  "### Linux",
  "Use the package.",
  "## Configure",
  "Edit the file.",
  "# Appendix",
  "Extra notes.",
].join("\n\n");

function selectionError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof SelectionError, `expected SelectionError: ${error}`);
    return error.message;
  }
  assert.fail("expected a SelectionError");
}

Deno.test("without options the whole text is selected, with nothing left", () => {
  assert.deepEqual(selectContent(DOC, {}), { text: DOC, nextStart: null, total: DOC.length });
});

Deno.test("readHeadings returns only the heading lines and ignores section and range", () => {
  const { text } = selectContent(DOC, {
    readHeadings: true,
    section: "nope",
    paragraphRange: "99",
  });
  assert.equal(text, "# Guide\n## Install\n### Linux\n## Configure\n# Appendix");
});

Deno.test("readHeadings on text without headings says so", () => {
  assert.equal(
    selectionError(() => selectContent("plain\n\ntext", { readHeadings: true })),
    "No headings found in the content.",
  );
});

Deno.test("a section runs to the next heading of the same or a higher level", () => {
  assert.equal(
    selectContent(DOC, { section: "INSTALL" }).text,
    "## Install\n\nRun the installer.\n\n### Linux\n\nUse the package.",
  );
  assert.equal(selectContent(DOC, { section: "append" }).text, "# Appendix\n\nExtra notes.");
});

Deno.test("a missing section lists the headings there are", () => {
  assert.equal(
    selectionError(() => selectContent(DOC, { section: "Uninstall" })),
    'Section "Uninstall" not found in the content. ' +
      'Headings: "Guide", "Install", "Linux", "Configure", "Appendix".',
  );
});

Deno.test("the heading list stops at 20 and counts the rest", () => {
  const doc = Array.from({ length: 25 }, (_, i) => `## H${i + 1}`).join("\n\n");
  const message = selectionError(() => selectContent(doc, { section: "zzz" }));
  assert.match(message, /"H20" … and 5 more\.$/);
  assert.doesNotMatch(message, /"H21"/);
});

Deno.test("paragraph ranges are 1-based: N, N-M and N-", () => {
  assert.equal(selectContent(DOC, { paragraphRange: "2" }).text, "Welcome.");
  assert.equal(
    selectContent(DOC, { paragraphRange: "3-4" }).text,
    "## Install\n\nRun the installer.",
  );
  assert.equal(selectContent(DOC, { paragraphRange: "9-" }).text, "# Appendix\n\nExtra notes.");
  assert.equal(selectContent(DOC, { paragraphRange: "9-40" }).text, "# Appendix\n\nExtra notes.");
});

Deno.test("invalid or out-of-range paragraph ranges are refused with the paragraph count", () => {
  for (const range of ["0", "11", "5-3", "a-b", "1,2"]) {
    assert.equal(
      selectionError(() => selectContent(DOC, { paragraphRange: range })),
      `Paragraph range "${range}" is invalid or out of bounds (the content has 10 paragraphs).`,
      range,
    );
  }
});

Deno.test("empty section and paragraph range mean no selection", () => {
  assert.equal(selectContent(DOC, { section: "", paragraphRange: "" }).text, DOC);
});

Deno.test("section, then paragraph range, then the character window apply in that order", () => {
  const selection = selectContent(DOC, {
    section: "Install",
    paragraphRange: "2-",
    startChar: 4,
    maxLength: 10,
  });
  // The section's paragraphs 2.. are "Run the installer.", "### Linux", "Use the package.".
  const selected = "Run the installer.\n\n### Linux\n\nUse the package.";
  assert.deepEqual(selection, {
    text: selected.slice(4, 14),
    nextStart: 14,
    total: selected.length,
  });
});

Deno.test("the character window reports where the next window starts, until the end", () => {
  const first = selectContent("abcdefghij", { maxLength: 4 });
  assert.deepEqual(first, { text: "abcd", nextStart: 4, total: 10 });
  const last = selectContent("abcdefghij", { startChar: 8, maxLength: 4 });
  assert.deepEqual(last, { text: "ij", nextStart: null, total: 10 });
});

Deno.test("a start past the end of the content is refused", () => {
  assert.equal(
    selectionError(() => selectContent("abc", { startChar: 3 })),
    "startChar=3 is past the end of the content (3 characters).",
  );
  assert.deepEqual(selectContent("", { startChar: 0 }), { text: "", nextStart: null, total: 0 });
});

Deno.test("negative or fractional window options are refused", () => {
  assert.match(selectionError(() => selectContent("abc", { startChar: -1 })), /^startChar must/);
  assert.match(selectionError(() => selectContent("abc", { maxLength: 0 })), /^maxLength must/);
  assert.match(selectionError(() => selectContent("abc", { maxLength: 1.5 })), /^maxLength must/);
});

Deno.test("a window never ends inside a surrogate pair", () => {
  const text = "ab😀cd"; // the emoji is two UTF-16 code units, at 2 and 3
  assert.deepEqual(selectContent(text, { maxLength: 3 }), { text: "ab", nextStart: 2, total: 6 });
  // A window too small for the pair takes the whole pair rather than nothing.
  assert.deepEqual(selectContent(text, { startChar: 2, maxLength: 1 }), {
    text: "😀",
    nextStart: 4,
    total: 6,
  });
});

Deno.test("a window starting inside a surrogate pair starts at the pair", () => {
  assert.equal(selectContent("ab😀cd", { startChar: 3, maxLength: 3 }).text, "😀c");
});

Deno.test("the truncation hint tells how much is left and where to continue", () => {
  assert.equal(
    truncationHint(5000, 17345),
    "… 12,345 more characters; call again with startChar=5000 to continue.",
  );
  assert.equal(
    truncationHint(9, 10),
    "… 1 more character; call again with startChar=9 to continue.",
  );
});
