// CSS selectors over html_tree.ts, the part of the language provider parsers and page tests use:
// type and `*`, `#id`, `.class`, `[attr]`, `[attr=v]` (and `~= |= ^= $= *=`), `:not(…)`, the
// descendant and child combinators and `,` lists. Anything else is refused when the selector is
// compiled, so a parser cannot silently match nothing. Matching follows css-select (held equal to
// it by html_select_test.ts): a selector is tried right to left, and its ancestors may lie above
// the element searched under.
import { decodeHTMLAttribute } from "entities/decode";
import { Document, Element, isSpace, type Node } from "./html_tree.ts";

export type Test = (element: Element) => boolean;

export class SelectorError extends Error {
  override name = "SelectorError";
}

const compiled = new Map<string, Test>();

/** `selector` as a test of one element, compiled once per selector string. */
export function compileSelector(selector: string): Test {
  let test = compiled.get(selector);
  if (!test) {
    const reader = new SelectorReader(selector);
    test = reader.list();
    if (!reader.atEnd()) reader.fail("unexpected");
    compiled.set(selector, test);
  }
  return test;
}

/** An attribute's value as a page means it (references decoded), or undefined. */
export function attributeValue(element: Element, name: string): string | undefined {
  const raw = element.rawAttribute(name);
  return raw !== undefined && raw.includes("&") ? decodeHTMLAttribute(raw) : raw;
}

/** Every element under the roots (an array's elements included, a single root not), in order. */
export function selectAll(test: Test, roots: Node | Node[]): Element[] {
  return select(test, roots, false);
}

/** The first element selectAll would give, without looking further. */
export function selectOne(test: Test, roots: Node | Node[]): Element | null {
  return select(test, roots, true)[0] ?? null;
}

function select(test: Test, roots: Node | Node[], onlyFirst: boolean): Element[] {
  const found: Element[] = [];
  if (!Array.isArray(roots)) {
    if (roots instanceof Element) collect(test, roots.firstChild, found, onlyFirst);
    return found;
  }
  for (const root of outermost(roots)) {
    if (!(root instanceof Element)) continue;
    if (test(root)) found.push(root);
    if (onlyFirst && found.length > 0) break;
    if (collect(test, root.firstChild, found, onlyFirst)) break;
  }
  return found;
}

/**
 * Adds the matches among `first`, its following siblings and their descendants to `found`, in
 * document order; true when it stopped at the first one because `onlyFirst` asked it to.
 */
function collect(test: Test, first: Node | null, found: Element[], onlyFirst: boolean): boolean {
  for (let node = first; node; node = node.nextSibling) {
    if (!(node instanceof Element)) continue;
    if (test(node)) {
      found.push(node);
      if (onlyFirst) return true;
    }
    if (node.firstChild && collect(test, node.firstChild, found, onlyFirst)) return true;
  }
  return false;
}

/** The roots that are not inside another root, so no element is visited twice. */
function outermost(roots: Node[]): Node[] {
  const set = new Set(roots);
  return roots.filter((root) => {
    for (let up = root.parent; up; up = up.parent) if (set.has(up)) return false;
    return true;
  });
}

function parentElement(element: Element): Element | null {
  const parent = element.parent;
  return parent && !(parent instanceof Document) ? parent : null;
}

/** Whether whitespace-separated `list` contains `word` (`~=` and class selectors). */
function hasWord(list: string, word: string): boolean {
  if (word === "") return false;
  for (let at = list.indexOf(word); at !== -1; at = list.indexOf(word, at + 1)) {
    const before = at === 0 || isSpace(list.charCodeAt(at - 1));
    const after = at + word.length === list.length || isSpace(list.charCodeAt(at + word.length));
    if (before && after) return true;
  }
  return false;
}

const ATTRIBUTE_TESTS: Record<string, (value: string, expected: string) => boolean> = {
  "=": (value, expected) => value === expected,
  "~=": hasWord,
  "|=": (value, expected) => value === expected || value.startsWith(`${expected}-`),
  "^=": (value, expected) => expected !== "" && value.startsWith(expected),
  "$=": (value, expected) => expected !== "" && value.endsWith(expected),
  "*=": (value, expected) => expected !== "" && value.includes(expected),
};

const IDENTIFIER = /[A-Za-z0-9_\-\u00A0-\uFFFF]+/y;

/** A recursive-descent reader of one selector string. */
class SelectorReader {
  #at = 0;
  constructor(readonly source: string) {}

  atEnd(): boolean {
    return this.#at >= this.source.length;
  }

  fail(what: string): never {
    throw new SelectorError(
      `${what} at ${this.#at} in selector "${this.source}" (supported: type, *, #id, .class, ` +
        `[attr], [attr=v] and ~= |= ^= $= *=, :not(), descendant and > combinators, lists)`,
    );
  }

  #skipSpace(): boolean {
    const start = this.#at;
    while (!this.atEnd() && isSpace(this.source.charCodeAt(this.#at))) this.#at++;
    return this.#at > start;
  }

  #identifier(): string {
    IDENTIFIER.lastIndex = this.#at;
    const match = IDENTIFIER.exec(this.source);
    if (!match) this.fail("a name expected");
    this.#at += match[0].length;
    return match[0];
  }

  /** A `,` list: any of its selectors matches. */
  list(): Test {
    const alternatives: Test[] = [];
    for (;;) {
      this.#skipSpace();
      alternatives.push(this.#complex());
      this.#skipSpace();
      if (this.source[this.#at] !== ",") break;
      this.#at++;
    }
    return alternatives.reduce((either, test) => (element) => either(element) || test(element));
  }

  /** Compounds joined by combinators, as one test of the rightmost element. */
  #complex(): Test {
    let test = this.#compound();
    for (;;) {
      const spaced = this.#skipSpace();
      const next = this.source[this.#at];
      if (next === ">") {
        this.#at++;
        this.#skipSpace();
        test = child(test, this.#compound());
      } else if (spaced && next !== undefined && next !== "," && next !== ")") {
        test = descendant(test, this.#compound());
      } else {
        return test;
      }
    }
  }

  #compound(): Test {
    const tests: Test[] = [];
    const c = this.source[this.#at];
    if (c === "*") this.#at++;
    else if (c !== undefined && /[A-Za-z]/.test(c)) {
      const name = this.#identifier().toLowerCase();
      tests.push((element) => element.name === name);
    }
    for (;;) {
      const next = this.source[this.#at];
      if (next === "#") {
        this.#at++;
        const id = this.#identifier();
        tests.push((element) =>
          element.mayHaveInAttributes(id) && attributeValue(element, "id") === id
        );
      } else if (next === ".") {
        this.#at++;
        const name = this.#identifier();
        tests.push((element) => {
          if (!element.mayHaveInAttributes(name)) return false;
          const value = attributeValue(element, "class");
          return value !== undefined && hasWord(value, name);
        });
      } else if (next === "[") {
        this.#at++;
        tests.push(this.#attribute());
      } else if (next === ":") {
        this.#at++;
        if (this.#identifier() !== "not" || this.source[this.#at] !== "(") {
          this.fail("unsupported pseudo-class");
        }
        this.#at++;
        const inner = this.list();
        if (this.source[this.#at] !== ")") this.fail('")" expected');
        this.#at++;
        tests.push((element) => !inner(element));
      } else {
        break;
      }
    }
    if (tests.length === 0) {
      if (c !== "*") this.fail("a selector expected");
      return () => true;
    }
    // Nested closures rather than a loop over an array: this runs for every element searched.
    return tests.reduce((both, test) => (element) => both(element) && test(element));
  }

  #attribute(): Test {
    this.#skipSpace();
    const name = this.#identifier().toLowerCase();
    this.#skipSpace();
    if (this.source[this.#at] === "]") {
      this.#at++;
      return (element) => element.rawAttribute(name) !== undefined;
    }
    const operator = this.source.slice(this.#at).match(/^[~|^$*]?=/)?.[0];
    if (!operator) this.fail("an attribute operator expected");
    this.#at += operator.length;
    this.#skipSpace();
    const quote = this.source[this.#at];
    let expected: string;
    if (quote === '"' || quote === "'") {
      const close = this.source.indexOf(quote, this.#at + 1);
      if (close === -1) this.fail("an unclosed string");
      expected = this.source.slice(this.#at + 1, close);
      this.#at = close + 1;
    } else {
      expected = this.#identifier();
    }
    this.#skipSpace();
    if (this.source[this.#at] !== "]") this.fail('"]" expected');
    this.#at++;
    const compare = ATTRIBUTE_TESTS[operator];
    // Whatever the operator, a value it matches with a non-empty expectation contains that text.
    if (expected !== "") {
      return (element) => {
        if (!element.mayHaveInAttributes(expected)) return false;
        const value = attributeValue(element, name);
        return value !== undefined && compare(value, expected);
      };
    }
    return (element) => {
      const value = attributeValue(element, name);
      return value !== undefined && compare(value, expected);
    };
  }
}

function child(parentTest: Test, test: Test): Test {
  return (element) => {
    if (!test(element)) return false;
    const parent = parentElement(element);
    return parent !== null && parentTest(parent);
  };
}

function descendant(ancestorTest: Test, test: Test): Test {
  return (element) => {
    if (!test(element)) return false;
    for (let up = parentElement(element); up; up = parentElement(up)) {
      if (ancestorTest(up)) return true;
    }
    return false;
  };
}
