// A CSS value split into tokens in one pass over its characters, for the value grammars of
// svg_css.ts. Those grammars were regular expressions, and patterns like "numbers, commas
// and spaces, any number of times" backtracked exponentially on a crafted value: `rgb(` and 22
// digits held the diagram service for 15 s (issue 29). Checking a value against tokens reads
// each character once.
//
// Only what the grammars accept is told apart, the way CSS Syntax tokenizes it: numbers with
// their unit, names, `name(`, `url(…)`, `#name` and spaces. Everything else (strings, escapes,
// comments, non-ASCII) is a one-character `delim`, which a grammar refuses unless it asks for
// that character (commas, slashes and closing parentheses).

export type CssToken =
  /** `12`, `-1.5e3`, `50%`, `2px`: the unit is "", "%" or the name right after the number. */
  | { type: "number"; unit: string }
  | { type: "ident"; name: string }
  /** A name directly followed by `(`; its arguments and `)` are the tokens after it. */
  | { type: "function"; name: string }
  /** A whole `url(…)`, with its target unquoted. */
  | { type: "url"; target: string }
  /** A malformed `url(…)`, up to its `)`. */
  | { type: "bad" }
  | { type: "hash"; name: string }
  /** A run of spaces (values are checked with their whitespace collapsed to single spaces). */
  | { type: "space" }
  | { type: "delim"; char: string };

/** The tokens of `value`, in order. */
export function tokenizeCss(value: string): CssToken[] {
  const tokens: CssToken[] = [];
  let at = 0;
  while (at < value.length) {
    const char = value[at];
    if (char === " ") {
      while (value[at] === " ") at++;
      tokens.push({ type: "space" });
    } else if (startsNumber(value, at)) {
      at = numberEnd(value, at);
      const unitEnd = value[at] === "%" ? at + 1 : startsName(value, at) ? nameEnd(value, at) : at;
      tokens.push({ type: "number", unit: value.slice(at, unitEnd) });
      at = unitEnd;
    } else if (startsName(value, at)) {
      const end = nameEnd(value, at);
      const name = value.slice(at, end);
      if (value[end] !== "(") {
        tokens.push({ type: "ident", name });
        at = end;
        continue;
      }
      if (name.toLowerCase() === "url") {
        const url = urlToken(value, end + 1);
        tokens.push(url.token);
        at = url.end;
      } else {
        tokens.push({ type: "function", name });
        at = end + 1;
      }
    } else if (char === "#") {
      const end = nameCharsEnd(value, at + 1);
      tokens.push({ type: "hash", name: value.slice(at + 1, end) });
      at = end;
    } else {
      tokens.push({ type: "delim", char });
      at++;
    }
  }
  return tokens;
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

function isLetter(char: string | undefined): boolean {
  return char !== undefined && ((char >= "a" && char <= "z") || (char >= "A" && char <= "Z"));
}

function isNameChar(char: string | undefined): boolean {
  return isLetter(char) || isDigit(char) || char === "_" || char === "-";
}

/** A digit, or a sign or point before one: `1`, `.5`, `-2`, `+.5`. */
function startsNumber(value: string, at: number): boolean {
  const start = value[at] === "+" || value[at] === "-" ? at + 1 : at;
  return isDigit(value[start]) || (value[start] === "." && isDigit(value[start + 1]));
}

/**
 * Past `[+-]?(digits[.digits?]|.digits)(e[+-]?digits)?`. A point with no digit after it still
 * belongs to the number (`1.`), as it did in the patterns this replaces.
 */
function numberEnd(value: string, at: number): number {
  let end = value[at] === "+" || value[at] === "-" ? at + 1 : at;
  while (isDigit(value[end])) end++;
  if (value[end] === ".") end++;
  while (isDigit(value[end])) end++;
  if (value[end] === "e" || value[end] === "E") {
    const sign = value[end + 1] === "+" || value[end + 1] === "-" ? 1 : 0;
    if (isDigit(value[end + 1 + sign])) {
      end += 1 + sign;
      while (isDigit(value[end])) end++;
    }
  }
  return end;
}

/** A name starts `-?[a-z_]` (ASCII only, any case). */
function startsName(value: string, at: number): boolean {
  const start = value[at] === "-" ? at + 1 : at;
  return isLetter(value[start]) || value[start] === "_";
}

function nameEnd(value: string, at: number): number {
  return nameCharsEnd(value, value[at] === "-" ? at + 1 : at);
}

function nameCharsEnd(value: string, at: number): number {
  let end = at;
  while (isNameChar(value[end])) end++;
  return end;
}

/**
 * The `url(…)` whose `(` ends just before `at`, and where it ends: an optional space, the target
 * (quoted, or up to a space or `)`), an optional space, `)`. Anything else is a `bad` token that
 * runs to the next `)`, as in CSS; it also means no character is scanned twice.
 */
function urlToken(value: string, at: number): { token: CssToken; end: number } {
  let start = value[at] === " " ? at + 1 : at;
  let end: number;
  let next: number;
  const quote = value[start];
  if (quote === "'" || quote === '"') {
    start++;
    end = value.indexOf(quote, start);
    if (end < 0) return { token: { type: "bad" }, end: value.length };
    next = end + 1;
  } else {
    end = start;
    while (end < value.length && value[end] !== " " && value[end] !== ")") end++;
    next = end;
  }
  if (value[next] === " ") next++;
  if (value[next] === ")") {
    return { token: { type: "url", target: value.slice(start, end) }, end: next + 1 };
  }
  const close = value.indexOf(")", next);
  return { token: { type: "bad" }, end: close < 0 ? value.length : close + 1 };
}
