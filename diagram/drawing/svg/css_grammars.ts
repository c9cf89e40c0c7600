// The grammars of the CSS values untrusted SVG may keep (svg_css.ts says which property
// has which): colours, lengths and numbers, keywords, font names, references inside the document.
// Each reads a value with its whitespace already collapsed to single spaces, through its tokens
// (css_tokens.ts) or, for font lists, by splitting at commas: one pass, however the value
// is crafted. They were regular expressions, which backtracked exponentially on some values.
import { type CssToken, tokenizeCss } from "./css_tokens.ts";

type Tokens = readonly CssToken[];

const LENGTH_UNITS = new Set([
  "",
  "px",
  "em",
  "rem",
  "ex",
  "ch",
  "pt",
  "pc",
  "cm",
  "mm",
  "in",
  "q",
  "vw",
  "vh",
  "vmin",
  "vmax",
  "%",
]);
const NO_UNIT = new Set([""]);
const PERCENTAGE = new Set(["", "%"]);
const COLOUR_FUNCTIONS = new Set(["rgb", "rgba", "hsl", "hsla"]);
/** What a colour function's numbers may carry: percentages, and degrees for a hue. */
const COLOUR_UNITS = new Set(["", "%", "deg"]);
const HEX_DIGITS = /^[0-9a-f]*$/i;
/** An id inside the document: what a reference may name. */
const FRAGMENT = /^#[\w.:-]+$/;
/** One font of a list, its spaces trimmed: quoted, or plain words (single spaces: collapsed). */
const FONT_NAME = /^(?:'[\w -]+'|"[\w -]+"|[\w -]+)$/;

function isIdent(token: CssToken | undefined): boolean {
  return token?.type === "ident";
}

function isKeyword(token: CssToken | undefined, keyword: string): boolean {
  return token?.type === "ident" && token.name.toLowerCase() === keyword;
}

function isDelim(token: CssToken | undefined, char: string): boolean {
  return token?.type === "delim" && token.char === char;
}

function isNumber(token: CssToken | undefined, units: ReadonlySet<string>): boolean {
  return token?.type === "number" && units.has(token.unit.toLowerCase());
}

/** `url(#id)`, optionally quoted: a gradient, marker, clip path or mask of the same document. */
function isReference(token: CssToken | undefined): boolean {
  return token?.type === "url" && FRAGMENT.test(token.target);
}

/** Where a colour starting at `at` ends (a name, `#rgb[a]`, `#rrggbb[aa]`, `rgb(…)` and kin), or -1. */
function colourEnd(tokens: Tokens, at: number): number {
  const token = tokens[at];
  if (token?.type === "ident") return at + 1;
  if (token?.type === "hash") {
    const { name } = token;
    return [3, 4, 6, 8].includes(name.length) && HEX_DIGITS.test(name) ? at + 1 : -1;
  }
  if (token?.type !== "function" || !COLOUR_FUNCTIONS.has(token.name.toLowerCase())) return -1;
  // Numbers, commas and slashes in any order, spaced or not, at least one: as lenient as the
  // pattern this replaces, so that no colour it let through is dropped now.
  let items = 0;
  for (let index = at + 1; index < tokens.length; index++) {
    const argument = tokens[index];
    if (isDelim(argument, ")")) return items > 0 ? index + 1 : -1;
    if (argument.type === "space") continue;
    const isItem = isNumber(argument, COLOUR_UNITS) || isDelim(argument, ",") ||
      isDelim(argument, "/");
    if (!isItem) return -1;
    items++;
  }
  return -1;
}

function isColour(tokens: Tokens): boolean {
  return colourEnd(tokens, 0) === tokens.length;
}

/** `none`, a colour, or a reference with an optional fallback colour after a space. */
function isPaint(tokens: Tokens): boolean {
  if (!isReference(tokens[0])) return isColour(tokens);
  return tokens.length === 1 ||
    (tokens[1].type === "space" && colourEnd(tokens, 2) === tokens.length);
}

/** Lengths, each after a space, a comma, or a comma with spaces: `8 4`, `8,4`, `8 , 4`. */
function isLengthList(tokens: Tokens): boolean {
  let previous: "nothing" | "length" | "separator" = "nothing";
  let commas = 0;
  for (const token of tokens) {
    if (isNumber(token, LENGTH_UNITS)) {
      if (previous === "length") return false;
      previous = "length";
      commas = 0;
    } else if (previous !== "nothing" && (token.type === "space" || isDelim(token, ","))) {
      if (token.type === "delim" && ++commas > 1) return false;
      previous = "separator";
    } else {
      return false;
    }
  }
  return previous === "length";
}

/** Names separated by spaces. */
function isKeywordList(tokens: Tokens): boolean {
  return tokens.length % 2 === 1 &&
    tokens.every((token, index) => index % 2 === 0 ? isIdent(token) : token.type === "space");
}

/** Font names separated by commas, with or without a space on either side. */
function isFontFamilyList(value: string): boolean {
  return value.split(",").every((name) => FONT_NAME.test(name.trim()));
}

/** A check on a value's tokens, as a check on the value. */
function onTokens(check: (tokens: Tokens) => boolean): (value: string) => boolean {
  return (value) => check(tokenizeCss(value));
}

/** A check on a value of one token. */
function oneToken(check: (token: CssToken) => boolean): (value: string) => boolean {
  return onTokens((tokens) => tokens.length === 1 && check(tokens[0]));
}

export const CSS_GRAMMARS = {
  paint: onTokens(isPaint),
  color: onTokens(isColour),
  length: oneToken((token) => isNumber(token, LENGTH_UNITS) || isIdent(token)),
  lengths: onTokens((tokens) =>
    (tokens.length === 1 && isKeyword(tokens[0], "none")) || isLengthList(tokens)
  ),
  number: oneToken((token) => isNumber(token, PERCENTAGE)),
  keywords: onTokens(isKeywordList),
  weight: oneToken((token) => isNumber(token, NO_UNIT) || isIdent(token)),
  fontFamily: isFontFamilyList,
  reference: oneToken((token) => isKeyword(token, "none") || isReference(token)),
} satisfies Record<string, (value: string) => boolean>;

export type CssGrammar = keyof typeof CSS_GRAMMARS;
