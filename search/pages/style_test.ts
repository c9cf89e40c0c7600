import assert from "node:assert/strict";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import { STYLE_CSS } from "./style.ts";

Deno.test("the stylesheet implements the light, dark and system themes", () => {
  assert.match(STYLE_CSS, /:root\[data-theme="dark"\]/);
  assert.match(STYLE_CSS, /@media \(prefers-color-scheme: dark\) \{\s*:root\[data-theme="auto"\]/);
});

Deno.test("the stylesheet shows focus, hides visually-hidden labels and lays out a sidebar on wide screens", () => {
  assert.match(STYLE_CSS, /:focus-visible \{[^}]*outline/);
  assert.match(STYLE_CSS, /\.visually-hidden \{[^}]*clip/);
  assert.match(
    STYLE_CSS,
    /@media \(min-width: [^)]+\) \{\s*\.results \.page \{\s*grid-template-columns/,
  );
});

Deno.test("the stylesheet loads nothing from elsewhere", () => {
  assert.doesNotMatch(STYLE_CSS, /@import|url\(/);
});

Deno.test("the dark theme and the system theme on a dark system get the same colours", () => {
  const declarations = (rule: RegExp) => collapseWhitespace(rule.exec(STYLE_CSS)![1]);
  const dark = declarations(/\n:root\[data-theme="dark"\] \{([^}]*)\}/);
  const system = declarations(
    /@media \(prefers-color-scheme: dark\) \{\s*:root\[data-theme="auto"\] \{([^}]*)\}/,
  );
  assert.match(dark, /color-scheme: dark;.*--bg: #0d1117;.*--visited:/);
  assert.equal(system, dark);
});

Deno.test("no rule meant for a form or table sizes the body of the page named like it", () => {
  // Each page's <body> has its kind as class (preferences, stats…): a bare `.stats,` or
  // `.preferences {` would narrow the whole page, header included.
  for (const kind of ["start", "results", "preferences", "stats", "embed", "error"]) {
    assert.doesNotMatch(STYLE_CSS, new RegExp(`(^|[\\s,}])\\.${kind}\\s*[,{]`, "m"), kind);
  }
});
