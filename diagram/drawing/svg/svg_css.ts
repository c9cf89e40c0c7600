// CSS that untrusted SVG may keep: an allowlist of properties, each with the grammar of the values
// it accepts (colours, numbers with units, keywords, plain font names, references inside the
// document). Nothing else can pass, so nothing that fetches (url(…) to elsewhere, image-set(…)),
// runs (expression(…), javascript:) or hides a word from these checks (escapes, comments) can.
import { collapseWhitespace } from "../../../shared/collapse_whitespace.ts";
import { CSS_GRAMMARS, type CssGrammar } from "./css_grammars.ts";

/**
 * The longest value any property may have, in characters once its whitespace is collapsed; a
 * longer one is dropped before its grammar is read. The grammars take time in proportion to the
 * value, and this bounds what one value may cost whatever a grammar becomes. Drawings need a few
 * dozen characters (a font stack, a dash pattern).
 */
export const MAX_CSS_VALUE_LENGTH = 256;

/** The properties SVG drawings use (as presentation attributes or in `style`), by value grammar. */
const PROPERTIES: Record<string, CssGrammar> = {
  "fill": "paint",
  "stroke": "paint",
  "color": "color",
  "stop-color": "color",
  "flood-color": "color",
  "lighting-color": "color",
  "fill-opacity": "number",
  "stroke-opacity": "number",
  "stop-opacity": "number",
  "flood-opacity": "number",
  "opacity": "number",
  "stroke-miterlimit": "number",
  "stroke-width": "length",
  "stroke-dashoffset": "length",
  "font-size": "length",
  "letter-spacing": "length",
  "word-spacing": "length",
  "stroke-dasharray": "lengths",
  "font-weight": "weight",
  "font-family": "fontFamily",
  "clip-path": "reference",
  "mask": "reference",
  "filter": "reference",
  "marker-start": "reference",
  "marker-mid": "reference",
  "marker-end": "reference",
  "fill-rule": "keywords",
  "clip-rule": "keywords",
  "stroke-linecap": "keywords",
  "stroke-linejoin": "keywords",
  "font-style": "keywords",
  "font-variant": "keywords",
  "text-anchor": "keywords",
  "text-decoration": "keywords",
  "dominant-baseline": "keywords",
  "alignment-baseline": "keywords",
  "direction": "keywords",
  "visibility": "keywords",
  "display": "keywords",
  "white-space": "keywords",
  "paint-order": "keywords",
  "vector-effect": "keywords",
  "shape-rendering": "keywords",
  "text-rendering": "keywords",
  "mix-blend-mode": "keywords",
  "isolation": "keywords",
  "overflow": "keywords",
};

/** Whether `name` is a CSS property we check, whether written as an attribute or in `style`. */
export function isCssProperty(name: string): boolean {
  return Object.hasOwn(PROPERTIES, name);
}

/**
 * The value with its whitespace collapsed if `property` allows it, else null. Whitespace is
 * collapsed first so the grammars need not allow for it, which also turns the tabs and newlines
 * a browser would skip into the single spaces the grammars expect.
 */
export function safePropertyValue(property: string, value: string): string | null {
  if (!isCssProperty(property)) return null;
  const collapsed = collapseWhitespace(value);
  if (collapsed.length > MAX_CSS_VALUE_LENGTH) return null;
  return CSS_GRAMMARS[PROPERTIES[property]](collapsed) ? collapsed : null;
}

/**
 * Words that show the text was written to attack, not to draw: a value holding one is not
 * salvaged declaration by declaration but dropped whole. The grammars refuse all of them anyway.
 * Backslashes (escapes) and comments are here because they could split or spell any word.
 */
const HOSTILE = [
  "\\",
  "/*",
  "*/",
  "@import",
  "expression",
  "javascript:",
  "image-set(",
  "-moz-binding",
  "behavior",
  "<",
];

/**
 * Whether `css` holds a hostile word or a URL leaving the document. `squeezed` is the text
 * lower-cased and with every character a reader might skip removed.
 */
export function looksHostile(squeezed: string): boolean {
  return HOSTILE.some((word) => squeezed.includes(word)) || /url\((?!['"]?#)/.test(squeezed);
}

/**
 * The allowed declarations of a declaration list (a `style` attribute or a rule's block),
 * re-written as `name: value; name: value`; the others are dropped one by one. Empty when none
 * is left.
 */
export function safeDeclarations(list: string): string {
  const kept: string[] = [];
  for (const declaration of list.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = safePropertyValue(name, declaration.slice(colon + 1));
    if (value !== null) kept.push(`${name}: ${value}`);
  }
  return kept.join("; ");
}

/** Type, class and id selectors with combinators and plain pseudo-classes; nothing quoted. */
const SELECTOR = /^[a-z0-9_\-.#>+~*,: ]+$/i;

/**
 * The rules of a stylesheet (without at-rules: the caller removes `@font-face`), each with an
 * allowed selector and its allowed declarations, re-written one per line. Other at-rules, rules
 * with other selectors and rules left without declarations are dropped.
 */
export function safeRules(css: string): string {
  const kept: string[] = [];
  let from = 0;
  while (from < css.length) {
    const open = css.indexOf("{", from);
    if (open < 0) break;
    const close = endOfBlock(css, open);
    const selector = collapseWhitespace(css.slice(from, open));
    from = close;
    if (selector.startsWith("@") || !SELECTOR.test(selector)) continue;
    // A block the input never closed ends with the input.
    const end = css[close - 1] === "}" ? close - 1 : close;
    const declarations = safeDeclarations(css.slice(open + 1, end));
    if (declarations !== "") kept.push(`${selector} { ${declarations} }`);
  }
  return kept.join("\n");
}

/** The index just past the `}` that closes the block opened at `open`, skipping quoted strings. */
export function endOfBlock(css: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let index = open; index < css.length; index++) {
    const char = css[index];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === "{") {
      depth++;
    } else if (char === "}" && --depth === 0) {
      return index + 1;
    }
  }
  return css.length;
}
