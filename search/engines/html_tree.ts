// An HTML page as a tree of elements and text, built in one pass for provider parsers, which read
// a few fields of a page once and drop it. The tree follows htmlparser2's HTML mode (held equal to
// it on every fixture page by html_tree_test.ts): its implied end tags, void elements, raw text
// elements and foreign (SVG, MathML) content. What it leaves out is what no parser here reads:
// comments, doctypes, processing instructions and SVG's mixed-case tag names. Character references
// stay as written; html.ts decodes the text and attributes a parser asks for. Scanning jumps to the
// next "<" or quote with indexOf rather than stepping through the page one character at a time,
// and an element's attribute object is only built if someone asks for all of them.

/** An element: its lowercase name, its attributes as written (name, raw value, ...), its children. */
export class Element {
  readonly children: Node[] = [];
  #attribs: Record<string, string> | undefined;

  constructor(
    readonly name: string,
    /** Flat name/value pairs in source order; names lowercase, values with references undecoded. */
    readonly attributes: readonly string[],
    public parent: Element | null,
    /** Whether this element's content is SVG or MathML (where `<x/>` closes and scripts are not raw). */
    readonly foreignContent: boolean,
  ) {}

  /** The raw value of the first attribute called `name` (lowercase), or undefined. */
  rawAttribute(name: string): string | undefined {
    const attributes = this.attributes;
    for (let i = 0; i < attributes.length; i += 2) {
      if (attributes[i] === name) return attributes[i + 1];
    }
    return undefined;
  }

  /** Every attribute by name, raw values, the first of repeated names winning. */
  get attribs(): Record<string, string> {
    if (!this.#attribs) {
      const attribs: Record<string, string> = {};
      for (let i = 0; i < this.attributes.length; i += 2) {
        if (!Object.hasOwn(attribs, this.attributes[i])) {
          attribs[this.attributes[i]] = this.attributes[i + 1];
        }
      }
      this.#attribs = attribs;
    }
    return this.#attribs;
  }
}

/** The root of a parsed page; never matched by a selector. */
export class Document extends Element {
  constructor() {
    super("#document", NO_ATTRIBUTES, null, false);
  }
}

/** A run of text, with character references as written. */
export class Text {
  constructor(public data: string, public parent: Element) {}
}

export type Node = Element | Text;

const VOID = new Set([
  "area",
  "base",
  "basefont",
  "br",
  "col",
  "command",
  "embed",
  "frame",
  "hr",
  "img",
  "input",
  "isindex",
  "keygen",
  "link",
  "meta",
  "param",
  "source",
  "track",
  "wbr",
]);

// An opening tag closes the open elements it names, innermost first, while they are innermost.
const P = new Set(["p"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p"]);
const FORM_CONTROLS = new Set([
  "input",
  "option",
  "optgroup",
  "select",
  "button",
  "datalist",
  "textarea",
]);
const TABLE_SECTIONS = new Set(["thead", "tbody"]);
const DEFINITIONS = new Set(["dd", "dt"]);
const RUBY = new Set(["rt", "rp"]);
const CLOSED_BY_OPENING = new Map<string, ReadonlySet<string>>([
  ["tr", new Set(["tr", "th", "td"])],
  ["th", new Set(["th"])],
  ["td", new Set(["thead", "th", "td"])],
  ["body", new Set(["head", "link", "script"])],
  ["a", new Set(["a"])],
  ["li", new Set(["li"])],
  ["option", new Set(["option"])],
  ["optgroup", new Set(["optgroup", "option"])],
  ["dd", DEFINITIONS],
  ["dt", DEFINITIONS],
  ["rt", RUBY],
  ["rp", RUBY],
  ["tbody", TABLE_SECTIONS],
  ["tfoot", TABLE_SECTIONS],
  ...["h1", "h2", "h3", "h4", "h5", "h6"].map((h) => [h, HEADINGS] as const),
  ...["select", "input", "output", "button", "datalist", "textarea"]
    .map((name) => [name, FORM_CONTROLS] as const),
  ...[
    "p",
    "address",
    "article",
    "aside",
    "blockquote",
    "details",
    "div",
    "dl",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "header",
    "hr",
    "main",
    "nav",
    "ol",
    "pre",
    "section",
    "table",
    "ul",
  ].map((name) => [name, P] as const),
]);

/** Elements whose content is text up to their own end tag (outside SVG and MathML). */
const RAW_TEXT_END = new Map(
  ["script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes"]
    .map((name) => [name, new RegExp(`</${name}[\\t\\n\\f\\r />]`, "gi")]),
);

const FOREIGN_ROOTS = new Set(["svg", "math"]);
/** Elements inside SVG or MathML whose content is HTML again. */
const HTML_INTEGRATION = new Set([
  "mi",
  "mo",
  "mn",
  "ms",
  "mtext",
  "annotation-xml",
  "foreignobject",
  "desc",
  "title",
]);

const TAB = 9, NEWLINE = 10, FORM_FEED = 12, RETURN = 13, SPACE = 32;
const BANG = 33, DOUBLE_QUOTE = 34, SINGLE_QUOTE = 39, SLASH = 47, EQUALS = 61, GREATER = 62;
const QUESTION = 63;

function isSpace(c: number): boolean {
  return c === SPACE || c === NEWLINE || c === TAB || c === RETURN || c === FORM_FEED;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** End of a tag or attribute name: whitespace, "/", ">" or the end of the page. */
function nameEnd(source: string, from: number, stopAtEquals: boolean): number {
  let i = from;
  for (; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (isSpace(c) || c === SLASH || c === GREATER || (stopAtEquals && c === EQUALS)) break;
  }
  return i;
}

function skipSpace(source: string, from: number): number {
  let i = from;
  while (i < source.length && isSpace(source.charCodeAt(i))) i++;
  return i;
}

/** Shared by every element without attributes, most of a page's. */
const NO_ATTRIBUTES: readonly string[] = Object.freeze([]);

/** An opening tag's attributes and where it ends, or null when the page ends inside it. */
function readAttributes(
  source: string,
  from: number,
): { attributes: readonly string[]; end: number; selfClosing: boolean } | null {
  let attributes: string[] | null = null;
  const done = (end: number, selfClosing: boolean) => ({
    attributes: attributes ?? NO_ATTRIBUTES,
    end,
    selfClosing,
  });
  let i = from;
  for (;;) {
    i = skipSpace(source, i);
    if (i >= source.length) return null;
    let c = source.charCodeAt(i);
    if (c === GREATER) return done(i + 1, false);
    if (c === SLASH) {
      i = skipSpace(source, i + 1);
      if (source.charCodeAt(i) === GREATER) return done(i + 1, true);
      continue;
    }
    // A name's first character may be anything else, "=" and quotes included.
    const end = nameEnd(source, i + 1, true);
    const name = source.slice(i, end).toLowerCase();
    i = skipSpace(source, end);
    let value = "";
    if (source.charCodeAt(i) === EQUALS) {
      i = skipSpace(source, i + 1);
      if (i >= source.length) return null;
      c = source.charCodeAt(i);
      if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
        const close = source.indexOf(c === DOUBLE_QUOTE ? '"' : "'", i + 1);
        if (close === -1) return null;
        value = source.slice(i + 1, close);
        i = close + 1;
      } else {
        const start = i;
        while (i < source.length) {
          c = source.charCodeAt(i);
          if (isSpace(c) || c === GREATER) break;
          i++;
        }
        value = source.slice(start, i);
      }
    }
    (attributes ??= []).push(name, value);
  }
}

class TreeBuilder {
  readonly document = new Document();
  current: Element = this.document;

  text(data: string): void {
    const children = this.current.children;
    const last = children[children.length - 1];
    if (last instanceof Text) last.data += data;
    else children.push(new Text(data, this.current));
  }

  /** Opens `name`; returns the element, or null when the tag is dropped (a form inside a form). */
  open(tagName: string, attributes: readonly string[], selfClosing: boolean): Element | null {
    const foreign = this.current.foreignContent;
    const name = !foreign && tagName === "image" ? "img" : tagName;
    if (name === "form" && this.openElement("form")) return null;
    const closes = CLOSED_BY_OPENING.get(name);
    if (closes) {
      while (this.current !== this.document && closes.has(this.current.name)) this.pop();
    }
    const content = FOREIGN_ROOTS.has(name) || (foreign && !HTML_INTEGRATION.has(name));
    const element = new Element(name, attributes, this.current, content);
    this.current.children.push(element);
    // `<x/>` closes only in foreign content; in HTML the slash means nothing.
    if (!VOID.has(name) && !(selfClosing && foreign)) this.current = element;
    return element;
  }

  close(tagName: string): void {
    const name = !this.current.foreignContent && tagName === "image" ? "img" : tagName;
    if (VOID.has(name)) {
      if (name === "br") {
        this.current.children.push(new Element("br", NO_ATTRIBUTES, this.current, false));
      }
      return;
    }
    const open = this.openElement(name);
    if (open) this.current = open.parent!;
    else if (name === "p") {
      const p = new Element("p", NO_ATTRIBUTES, this.current, this.current.foreignContent);
      this.current.children.push(p);
    }
  }

  openElement(name: string): Element | null {
    for (let element = this.current; element !== this.document; element = element.parent!) {
      if (element.name === name) return element;
    }
    return null;
  }

  pop(): void {
    this.current = this.current.parent!;
  }
}

/** The tree of `source`; never throws, whatever the markup. */
export function parseTree(source: string): Document {
  const tree = new TreeBuilder();
  const length = source.length;
  let textStart = 0;
  let i = 0;
  const flushText = (end: number) => {
    if (end > textStart) tree.text(source.slice(textStart, end));
  };
  while (i < length) {
    const lt = source.indexOf("<", i);
    if (lt === -1) break;
    const c = source.charCodeAt(lt + 1);
    if (isAsciiLetter(c)) {
      const end = nameEnd(source, lt + 2, false);
      const tagName = source.slice(lt + 1, end).toLowerCase();
      const tag = readAttributes(source, end);
      flushText(lt);
      if (tag === null) return tree.document; // the page ends inside the tag: it is dropped
      const foreign = tree.current.foreignContent;
      const element = tree.open(tagName, tag.attributes, tag.selfClosing);
      i = textStart = tag.end;
      if (element && !foreign) {
        if (tagName === "plaintext") {
          tree.text(source.slice(i));
          return tree.document;
        }
        const rawEnd = RAW_TEXT_END.get(tagName);
        if (rawEnd) {
          rawEnd.lastIndex = i;
          const found = rawEnd.exec(source);
          const textEnd = found ? found.index : length;
          flushText(textEnd);
          i = textStart = textEnd; // the end tag is read as any other
        }
      }
    } else if (c === SLASH) {
      const after = source.charCodeAt(lt + 2);
      flushText(lt);
      const close = source.indexOf(">", lt + 2);
      if (isAsciiLetter(after)) {
        tree.close(source.slice(lt + 2, nameEnd(source, lt + 3, false)).toLowerCase());
      }
      // "</>" is nothing; "</ x>" and "</1>" are comments; both are dropped.
      if (close === -1) return tree.document;
      i = textStart = close + 1;
    } else if (c === BANG || c === QUESTION) {
      flushText(lt);
      const end = commentEnd(source, lt);
      if (end === -1) return tree.document;
      i = textStart = end;
    } else {
      i = lt + 1; // a "<" that opens nothing is text
    }
  }
  flushText(length);
  return tree.document;
}

/** Where a comment, CDATA section, doctype or processing instruction at `lt` ends, or -1. */
function commentEnd(source: string, lt: number): number {
  let terminator = ">";
  if (source.startsWith("<!--", lt)) terminator = "-->";
  else if (source.startsWith("<![CDATA[", lt)) terminator = "]]>";
  const found = source.indexOf(terminator, lt + 2);
  return found === -1 ? -1 : found + terminator.length;
}
