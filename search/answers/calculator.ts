// The `calculator` plugin: "2^10*3" → "2^10*3 = 3,072". A recursive-descent parser of our own
// over Python's arithmetic (SearXNG evaluates the query with Python's `ast`): + - * / // % ** ^
// (^ is a power, as SearXNG rewrites it), × ÷ x and the minus sign −, parentheses, unary signs,
// numbers in the search language's style. Bounded three ways so that no query costs more than
// microseconds: its length, the nesting depth, and values (a result that overflows to Infinity is
// declined, never computed further).
import type { AnswerContext } from "./answerer.ts";
import { formatNumber, type NumberStyle, numberStyle, readNumber } from "./numbers.ts";

/** SearXNG ignores expressions over 100 characters; we allow twice that, still microseconds. */
export const MAX_EXPRESSION_LENGTH = 200;
/** Parentheses and signs nested deeper than this are declined (no stack to overflow). */
export const MAX_DEPTH = 50;

type Operator = "+" | "-" | "*" | "/" | "//" | "%" | "**";
type Token = { number: number } | { operator: Operator } | { paren: "(" | ")" };

const SYMBOLS: [string, Operator | "(" | ")"][] = [
  ["**", "**"],
  ["//", "//"],
  ["^", "**"],
  ["+", "+"],
  ["-", "-"],
  ["\u2212", "-"],
  ["*", "*"],
  ["×", "*"],
  ["·", "*"],
  ["/", "/"],
  ["÷", "/"],
  ["%", "%"],
  ["(", "("],
  [")", ")"],
];

/** Thrown inside the parser for anything it declines; never leaves this module. */
class Declined extends Error {}

function tokenize(text: string, style: NumberStyle): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === " ") {
      at++;
      continue;
    }
    const number = readNumber(text, at, style);
    if (number) {
      tokens.push({ number: number.value });
      at = number.end;
      continue;
    }
    // "3 x 4" multiplies; a letter x elsewhere ("0x10", "x2") is not arithmetic.
    if ((text[at] === "x" || text[at] === "X") && text[at - 1] === " " && text[at + 1] === " ") {
      tokens.push({ operator: "*" });
      at++;
      continue;
    }
    const symbol = SYMBOLS.find(([written]) => text.startsWith(written, at));
    if (!symbol) throw new Declined();
    const [written, meaning] = symbol;
    tokens.push(meaning === "(" || meaning === ")" ? { paren: meaning } : { operator: meaning });
    at += written.length;
  }
  return tokens;
}

/** Python's meaning of each binary operator; throws Declined for x/0 and for overflow. */
function apply(operator: Operator, left: number, right: number): number {
  if ((operator === "/" || operator === "//" || operator === "%") && right === 0) {
    throw new Declined();
  }
  let value: number;
  switch (operator) {
    case "+":
      value = left + right;
      break;
    case "-":
      value = left - right;
      break;
    case "*":
      value = left * right;
      break;
    case "/":
      value = left / right;
      break;
    case "//":
      value = Math.floor(left / right);
      break;
    case "%":
      // Python's modulo takes the divisor's sign: -7 % 3 is 2.
      value = ((left % right) + right) % right;
      break;
    case "**":
      value = left ** right;
      break;
  }
  if (!Number.isFinite(value)) throw new Declined();
  return value;
}

/** Precedence climbing over the tokens, Python's grammar: ** binds tighter than a unary sign. */
class Parser {
  #at = 0;
  #depth = 0;
  binaryOperators = 0;
  constructor(readonly tokens: Token[]) {}

  parse(): number {
    const value = this.#sum();
    if (this.#at !== this.tokens.length) throw new Declined();
    return value;
  }

  #operator(...wanted: Operator[]): Operator | null {
    const token = this.tokens[this.#at];
    if (token && "operator" in token && wanted.includes(token.operator)) {
      this.#at++;
      return token.operator;
    }
    return null;
  }

  #enter() {
    if (++this.#depth > MAX_DEPTH) throw new Declined();
  }

  #sum(): number {
    let value = this.#product();
    for (let op = this.#operator("+", "-"); op; op = this.#operator("+", "-")) {
      this.binaryOperators++;
      value = apply(op, value, this.#product());
    }
    return value;
  }

  #product(): number {
    let value = this.#unary();
    const ops: Operator[] = ["*", "/", "//", "%"];
    for (let op = this.#operator(...ops); op; op = this.#operator(...ops)) {
      this.binaryOperators++;
      value = apply(op, value, this.#unary());
    }
    return value;
  }

  #unary(): number {
    const sign = this.#operator("+", "-");
    if (!sign) return this.#power();
    this.#enter();
    const value = this.#unary();
    this.#depth--;
    return sign === "-" ? -value : value;
  }

  #power(): number {
    const base = this.#atom();
    if (!this.#operator("**")) return base;
    this.binaryOperators++;
    // Right-associative, and the exponent may carry a sign: 2**-1, 2^3^2 = 2^9.
    this.#enter();
    const exponent = this.#unary();
    this.#depth--;
    return apply("**", base, exponent);
  }

  #atom(): number {
    const token = this.tokens[this.#at++];
    if (token && "number" in token) return token.number;
    if (!token || !("paren" in token) || token.paren !== "(") throw new Declined();
    this.#enter();
    const value = this.#sum();
    const close = this.tokens[this.#at++];
    if (!close || !("paren" in close) || close.paren !== ")") throw new Declined();
    this.#depth--;
    return value;
  }
}

/**
 * Digits joined by hyphens or slashes without spaces name things (555-1234, 2024-01-05,
 * 978-3-16-148410-0, 1/2/2024); "10-3" and "3/4" are still sums.
 */
function looksLikeIdentifier(text: string): boolean {
  for (const separator of ["-", "/"]) {
    const parts = text.split(separator);
    if (parts.length < 2 || !parts.every((part) => part !== "" && digitsOnly(part))) continue;
    if (parts.length >= 3) return true;
    if (separator === "-" && (parts[1].length >= 4 || parts[1].startsWith("0"))) return true;
  }
  return false;
}

function digitsOnly(text: string): boolean {
  for (const char of text) if (char < "0" || char > "9") return false;
  return true;
}

/** "<expression> = <value>", for queries that are plainly arithmetic (an operator at least). */
export function calculator(query: string, context: AnswerContext): string | null {
  // "2+2=" asks the same as "2+2".
  const text = (query.endsWith("=") ? query.slice(0, -1) : query).trim();
  if (text === "" || text.length > MAX_EXPRESSION_LENGTH || looksLikeIdentifier(text)) return null;
  const style = numberStyle(context.language);
  try {
    const parser = new Parser(tokenize(text, style));
    const value = parser.parse();
    // A bare number, "-5" or "(5)" is not a calculation.
    if (parser.binaryOperators === 0) return null;
    const written = formatNumber(value, style);
    return written === null ? null : `${text} = ${written}`;
  } catch (error) {
    if (error instanceof Declined) return null;
    throw error;
  }
}
