// Labels and ids between Mermaid's text and the spec's. Reading: the parser hands labels back as
// written, with Mermaid's entity codes (`#quot;`, `#35;`) wrapped in markers; HTML tags, HTML
// entities and markdown emphasis are left to us. Writing: every label goes in double quotes with
// whatever Mermaid would read as syntax spelled as an entity code, and every id is one Mermaid
// reads back as the same id. Scans are by hand, in one pass: the text is untrusted.
import { decodeHTML } from "entities/decode";

/** How the parser wraps Mermaid's `#name;` (and `#NNN;`, with a second `°`) entity codes. */
const MARKER_OPEN = "ﬂ°";
const MARKER_CLOSE = "¶ß";

/** The label as Mermaid draws its text; `emphasisDropped` when markdown `**`/`*`/`_` went. */
export function readLabel(
  text: string,
  labelType: string,
): { text: string; emphasisDropped: boolean } {
  let emphasisDropped = false;
  let label = text;
  if (labelType === "markdown") {
    const plain = dropEmphasis(label);
    emphasisDropped = plain !== label;
    // Markdown draws a line break where the string breaks, without the next line's indent.
    label = plain.includes("\n") ? plain.split("\n").map((line) => line.trim()).join("\n") : plain;
  }
  return { text: decodeEntities(dropTags(label)), emphasisDropped };
}

/**
 * HTML tags out, `<br>` (any spelling: `<br/>`, `<BR />`) as a line break. A `<` that does not
 * open a tag (`a < b`, a `<` never closed) is text.
 */
function dropTags(text: string): string {
  if (!text.includes("<")) return text;
  let out = "";
  let at = 0;
  // The next ">" at or after the scan, found once per ">" so a run of unclosed "<" stays linear.
  let nextClose = -2;
  for (let open = text.indexOf("<"); open !== -1; open = text.indexOf("<", open + 1)) {
    if (open < at || !opensTag(text, open)) continue;
    if (nextClose !== -1 && nextClose < open) nextClose = text.indexOf(">", open);
    if (nextClose === -1) break;
    out += text.slice(at, open);
    if (tagName(text, open) === "br") out += "\n";
    at = nextClose + 1;
  }
  return at === 0 ? text : out + text.slice(at);
}

function opensTag(text: string, at: number): boolean {
  const next = text.charCodeAt(at + 1);
  return isAsciiLetter(next) || next === 0x2f /* / */ || next === 0x21 /* ! */;
}

function tagName(text: string, open: number): string {
  let at = open + 1;
  if (text[at] === "/") at++;
  let name = "";
  while (at < text.length && isAsciiLetter(text.charCodeAt(at)) && name.length < 3) {
    name += text[at++].toLowerCase();
  }
  const after = text[at];
  return name === "br" && (after === ">" || after === "/" || after === " " || after === "\t")
    ? "br"
    : name;
}

/**
 * Mermaid's entity codes (`#quot;` → `"`, `#9829;` → ♥) and HTML entities (`&amp;`, `&#39;`,
 * `&#x41;`) as the characters they stand for. A code that names no character stays as written.
 * Each piece is decoded once, so `#amp;lt;` is the text `&lt;`, as Mermaid shows it.
 */
function decodeEntities(text: string): string {
  if (!text.includes(MARKER_OPEN)) return text.includes("&") ? decodeHTML(text) : text;
  let out = "";
  let at = 0;
  // The marker end after the scan, looked up again only once the scan passes it: linear.
  let close = -2;
  for (let open = text.indexOf(MARKER_OPEN); open !== -1; open = text.indexOf(MARKER_OPEN, at)) {
    const codeAt = open + MARKER_OPEN.length;
    if (close !== -1 && close < codeAt) close = text.indexOf(MARKER_CLOSE, codeAt);
    if (close === -1) break;
    const numeric = text[codeAt] === "°";
    const codeStart = codeAt + (numeric ? 1 : 0);
    if (wordRunEnd(text, codeStart) !== close || close === codeStart) {
      out += decodeHTML(text.slice(at, codeAt));
      at = codeAt;
      continue;
    }
    const code = text.slice(codeStart, close);
    // In `&#39;` and `&#x42;` the parser took `#39;` for Mermaid's code: the `&` belongs to it.
    const html = open > at && text[open - 1] === "&" && (numeric || isHexCode(code));
    const before = text.slice(at, html ? open - 1 : open);
    const character = html && !numeric
      ? entityCharacter(String(parseInt(code.slice(1), 16)), true)
      : entityCharacter(code, numeric);
    out += decodeHTML(before) + character;
    at = close + MARKER_CLOSE.length;
  }
  return out + decodeHTML(text.slice(at));
}

/** `x42`: the rest of a hexadecimal HTML entity `&#x42;`. */
function isHexCode(code: string): boolean {
  if (code.length < 2 || (code[0] !== "x" && code[0] !== "X")) return false;
  for (let i = 1; i < code.length; i++) {
    const c = code.charCodeAt(i) | 0x20;
    if (!(isDigit(code.charCodeAt(i)) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/** Where the run of word characters (`\w`) starting at `from` ends. */
function wordRunEnd(text: string, from: number): number {
  let at = from;
  while (at < text.length && isIdChar(text.charCodeAt(at))) at++;
  return at;
}

function entityCharacter(code: string, numeric: boolean): string {
  if (numeric) {
    const point = Number(code);
    const controlNotAllowed = point < 0x20 && point !== 0x09 && point !== 0x0a && point !== 0x0d;
    const valid = Number.isInteger(point) && point <= 0x10ffff &&
      !(point >= 0xd800 && point <= 0xdfff) && !controlNotAllowed &&
      !(point >= 0x7f && point <= 0x9f);
    return valid ? String.fromCodePoint(point) : "\ufffd";
  }
  const entity = `&${code};`;
  const decoded = decodeHTML(entity);
  return decoded === entity ? `#${code};` : decoded;
}

/**
 * Markdown emphasis markers out, text kept: `**bold**`, `*italic*`, `__bold__`, `_italic_`.
 * A run opens when text follows it and closes when text precedes it (underscores also need a
 * word boundary, so `snake_case` keeps its underscores); runs pair with the nearest open run of
 * the same character and length. One pass with one open run per kind.
 */
function dropEmphasis(text: string): string {
  if (!text.includes("*") && !text.includes("_")) return text;
  const runs: { at: number; length: number }[] = [];
  const openRun = new Map<string, number>();
  const dropped = new Set<number>();
  let at = 0;
  while (at < text.length) {
    const char = text[at];
    if (char !== "*" && char !== "_") {
      at++;
      continue;
    }
    let end = at;
    while (end < text.length && text[end] === char) end++;
    const before = at > 0 ? text[at - 1] : " ";
    const after = end < text.length ? text[end] : " ";
    const wordy = char === "_";
    const canOpen = !isSpace(after) && (!wordy || !isWordChar(before));
    const canClose = !isSpace(before) && (!wordy || !isWordChar(after));
    const kind = `${char}${end - at}`;
    const opener = openRun.get(kind);
    if (canClose && opener !== undefined) {
      dropped.add(opener).add(runs.length);
      openRun.delete(kind);
    } else if (canOpen) {
      openRun.set(kind, runs.length);
    }
    runs.push({ at, length: end - at });
    at = end;
  }
  if (dropped.size === 0) return text;
  let out = "";
  let from = 0;
  runs.forEach((run, index) => {
    if (!dropped.has(index)) return;
    out += text.slice(from, run.at);
    from = run.at + run.length;
  });
  return out + text.slice(from);
}

function isSpace(char: string): boolean {
  return char === " " || char === "\t" || char === "\n" || char === "\r";
}

function isWordChar(char: string): boolean {
  const c = char.charCodeAt(0);
  return isAsciiLetter(c) || isDigit(c) || c > 0x7f;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isIdChar(c: number): boolean {
  return isAsciiLetter(c) || isDigit(c) || c === 0x5f /* _ */;
}

/**
 * A label as Mermaid text, to go between double quotes: line breaks as `<br>`, and as entity codes
 * whatever the parser or the browser would read otherwise — `"`, a `#` or `&` that would start an
 * entity, `<` (a tag), a backtick (a markdown string), `%%` (a comment or directive), the parser's
 * own marker character, and whitespace at either end (Mermaid trims labels). `line` is the rest of
 * the line the label is written on (its ids): see guardsColons.
 */
export function writeLabel(label: string, line = ""): string {
  const characters = Array.from(label);
  const colon = guardsColons(label, line) ? "#58;" : ":";
  const isBlank = (char: string) => char.trim() === "";
  const first = characters.findIndex((char) => !isBlank(char));
  const last = characters.findLastIndex((char) => !isBlank(char));
  const pieces = characters.map((char, index) => {
    if (char === "\n") return "<br>";
    if (first === -1 || index < first || index > last) return codeOf(char);
    switch (char) {
      case '"':
        return "#quot;";
      case "<":
        return "#lt;";
      case "`":
        return "#96;";
      case ":":
        return colon;
      case "\r":
      case "\u2028":
      case "\u2029":
      case MARKER_OPEN[0]:
        return codeOf(char);
      default:
        return char;
    }
  });
  // `%%` opens a comment or a `%%{ … }%%` directive wherever it stands, even inside quotes.
  for (let index = 0; index + 1 < pieces.length; index++) {
    if (pieces[index] === "%" && pieces[index + 1] === "%") pieces[index] = "#37;";
  }
  // Whether a `#` or `&` starts an entity depends on what is written after it, so the pieces
  // are settled from the end: `wordsThenSemicolon` says the text after starts with `\w+;`.
  let following = "";
  let wordsThenSemicolon = false;
  for (let index = pieces.length - 1; index >= 0; index--) {
    const piece = pieces[index];
    if (piece === "#" && wordsThenSemicolon) pieces[index] = "#35;";
    if (piece === "&" && startsHtmlEntity(following)) pieces[index] = "#amp;";
    const written = pieces[index];
    let run = 0;
    while (run < written.length && isIdChar(written.charCodeAt(run))) run++;
    wordsThenSemicolon = run === 0
      ? false
      : run < written.length
      ? written[run] === ";"
      : wordsThenSemicolon || following.startsWith(";");
    following = written;
  }
  return pieces.join("");
}

/**
 * Mermaid reads a line holding `style` or `classDef` anywhere, then `:` and later `#`, as a style
 * statement whose last `;` ends it, and drops that `;` — in a label, the end of an entity code.
 * On such a line the label's colons are written as codes, so the rule never fires.
 */
function guardsColons(label: string, line: string): boolean {
  return [label, line].some((text) => text.includes("style") || text.includes("classDef"));
}

function codeOf(char: string): string {
  return `#${char.codePointAt(0)};`;
}

/** Whether `&` before this text may read as an HTML entity (`&amp`, `&#39;`). */
function startsHtmlEntity(after: string): boolean {
  const c = after.charCodeAt(0);
  return isAsciiLetter(c) || isDigit(c) || c === 0x23 /* # */;
}

/** Words Mermaid's flowchart parser reads as syntax where an id is expected. Case matters. */
const KEYWORDS = new Set([
  "end",
  "graph",
  "flowchart",
  "subgraph",
  "style",
  "class",
  "classDef",
  "click",
  "call",
  "href",
  "linkStyle",
  "interpolate",
  "direction",
  "default",
  "accTitle",
  "accDescr",
  "_blank",
  "_self",
  "_parent",
  "_top",
]);

/** Keywords the parser also reads at the start of a hyphenated id (`end-x`, but not `call-x`). */
const HYPHEN_KEYWORDS = new Set([
  "end",
  "graph",
  "flowchart",
  "subgraph",
  "style",
  "class",
  "classDef",
  "linkStyle",
  "interpolate",
  "_blank",
  "_self",
  "_parent",
  "_top",
]);

/**
 * An id Mermaid reads back as itself wherever we write one: ASCII letters, digits and `_`,
 * with single inner hyphens, not a keyword.
 */
export function isSafeMermaidId(id: string): boolean {
  if (id.length === 0 || id.length > 100) return false;
  let previousHyphen = true;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c === 0x2d /* - */) {
      if (previousHyphen) return false;
      previousHyphen = true;
    } else if (isIdChar(c)) {
      previousHyphen = false;
    } else {
      return false;
    }
  }
  if (previousHyphen) return false;
  const hyphen = id.indexOf("-");
  return !KEYWORDS.has(id) && (hyphen === -1 || !HYPHEN_KEYWORDS.has(id.slice(0, hyphen)));
}

/** Room left for a `_2` suffix within the spec's id length. */
const SANITIZED_MAX = 90;

/**
 * Mermaid ids for one namespace of spec ids: a safe id is kept, any other becomes a safe one
 * (unsafe characters as `_`), numbered when it would meet an id already given. Deterministic:
 * the same ids in the same order get the same answers.
 */
export class MermaidIds {
  readonly #given = new Map<string, string>();
  readonly #taken = new Set<string>();

  /** Reserves the ids that are safe as they are, so a renamed id never takes one of them. */
  constructor(ids: Iterable<string>) {
    for (const id of ids) {
      if (isSafeMermaidId(id)) {
        this.#given.set(id, id);
        this.#taken.add(id);
      }
    }
  }

  of(id: string): string {
    const given = this.#given.get(id);
    if (given !== undefined) return given;
    let base = "";
    for (const char of id) {
      const c = char.charCodeAt(0);
      const safe = char.length === 1 && isIdChar(c);
      if (safe) base += char;
      else if (!base.endsWith("_")) base += "_";
      if (base.length >= SANITIZED_MAX) break;
    }
    if (base.replaceAll("_", "") === "") base = "id";
    if (!isSafeMermaidId(base)) base = `n_${base}`.slice(0, SANITIZED_MAX);
    let candidate = base;
    for (let count = 2; this.#taken.has(candidate); count++) candidate = `${base}_${count}`;
    this.#taken.add(candidate);
    this.#given.set(id, candidate);
    return candidate;
  }
}
