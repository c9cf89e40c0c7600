// Sanitising takes time in proportion to the input, whatever the input: hostile values for every
// CSS grammar, in every place CSS can sit, as long as a value may be and as long as a whole
// thumbnail may be. Patterns that backtracked held the diagram service for seconds on a few
// dozen characters (issue 29: `rgb(` and 22 digits, 15 s), so each bound here is generous for
// linear work and hopeless for anything worse.
import assert from "node:assert/strict";
import { MAX_CSS_VALUE_LENGTH } from "./svg_css.ts";
import { MAX_THUMBNAIL_BYTES, sanitizeSvg } from "./sanitize_svg.ts";

/**
 * Per property, and so per grammar, a value of exactly `length` characters that starts like an
 * acceptable one and breaks only at its end, which is what made patterns try every way to read it.
 */
const HOSTILE: Record<string, (length: number) => string> = {
  // paint: a colour function, and one after a reference
  "fill": (length) => `rgb(${"1".repeat(length - 4)}`,
  "stroke": (length) => `url(#a) rgba(${"1".repeat(length - 13)}`,
  // color
  "stop-color": (length) => `hsl(${"1".repeat(length - 4)}`,
  "flood-color": (length) => `hsla(${"1%".repeat(length)}`.slice(0, length),
  // lengths, length, number, weight
  "stroke-dasharray": (length) => `${"1".repeat(length - 1)}x`,
  "stroke-width": (length) => `${"1".repeat(length - 1)}x`,
  "opacity": (length) => `${"1".repeat(length - 1)}x`,
  "font-weight": (length) => `${"1".repeat(length - 1)}x`,
  // fontFamily, keywords, reference
  "font-family": (length) => `${"Segoe UI, ".repeat(length)}`.slice(0, length - 1) + "!",
  "fill-rule": (length) => `${"a ".repeat(length)}`.slice(0, length - 1) + "!",
  "clip-path": (length) => `url(#${"a".repeat(length - 5)}`,
};

/** Where CSS sits in an SVG: a presentation attribute, a `style` attribute, a `<style>` rule. */
const PLACES: Record<string, (property: string, value: string) => string> = {
  "a presentation attribute": (property, value) => `<rect ${property}="${value}"/>`,
  "a style attribute": (property, value) => `<rect style="${property}: ${value}"/>`,
  "a <style> rule": (property, value) => `<style>rect { ${property}: ${value} }</style><rect/>`,
};

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">';

/** Sanitises, insisting it takes under a second and drops the hostile value. */
function assertSanitisedQuickly(svg: string, value: string, what: string): void {
  const started = performance.now();
  const clean = sanitizeSvg(svg);
  const elapsed = performance.now() - started;
  assert.ok(elapsed < 1000, `${what}: ${Math.round(elapsed)} ms`);
  assert.ok(clean !== null && clean.includes("<rect"), what);
  assert.ok(!clean.includes(value.slice(0, 40)), `${what}: the value is dropped`);
}

Deno.test("a hundred hostile values as long as a value may be are sanitised in under a second, for every grammar and place", () => {
  for (const [property, hostile] of Object.entries(HOSTILE)) {
    const value = hostile(MAX_CSS_VALUE_LENGTH);
    assert.equal(value.length, MAX_CSS_VALUE_LENGTH, property);
    for (const [place, write] of Object.entries(PLACES)) {
      const svg = `${OPEN}${write(property, value).repeat(100)}</svg>`;
      assertSanitisedQuickly(svg, value, `100 × ${property} in ${place}`);
    }
  }
});

Deno.test("one hostile value as long as a whole thumbnail may be is sanitised in under a second, for every grammar and place", () => {
  for (const [property, hostile] of Object.entries(HOSTILE)) {
    for (const [place, write] of Object.entries(PLACES)) {
      const room = MAX_THUMBNAIL_BYTES - `${OPEN}${write(property, "")}</svg>`.length;
      const value = hostile(room);
      const svg = `${OPEN}${write(property, value)}</svg>`;
      assert.equal(svg.length, MAX_THUMBNAIL_BYTES);
      assertSanitisedQuickly(svg, value, `${property} in ${place}`);
    }
  }
});
