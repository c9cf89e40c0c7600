// An HTML page as a tree of elements and text, built in one pass for provider parsers, which read
// a few fields of a page once and drop it. The tree follows htmlparser2's HTML mode (held equal to
// it on every fixture page by html_tree_test.ts): its implied end tags, void elements, raw text
// elements and foreign (SVG, MathML) content. What it leaves out is what no parser here reads:
// comments, doctypes, processing instructions and SVG's mixed-case tag names. Character references
// stay as written; html.ts decodes the text and attributes a parser asks for. Scanning jumps to the
// next "<" or quote with indexOf rather than stepping through the page one character at a time,
// and an element's attributes are read from the page only when someone asks for them.

/**
 * An element: its lowercase name, its attributes, its children. Children are linked through
 * `nextSibling` rather than held in an array: an array's first push reserves 17 slots, which was
 * most of what a page's tree allocated.
 */
export class Element {
  firstChild: Node | null = null;
  lastChild: Node | null = null;
  nextSibling: Node | null = null;
  #attributes: readonly string[] | undefined;

  constructor(
    readonly name: string,
    public parent: Element | null,
    /** Whether this element's content is SVG or MathML (where `<x/>` closes and scripts are not raw). */
    readonly foreignContent: boolean,
    // Where the attributes are written in the page: read on first use, since most are never read.
    readonly source: string = "",
    readonly attributesStart = 0,
    readonly attributesEnd = 0,
  ) {}

  /** Flat name/value pairs in source order; names lowercase, values with references undecoded. */
  get attributes(): readonly string[] {
    this.#attributes ??= this.source === ""
      ? NO_ATTRIBUTES
      : readAttributes(this.source, this.attributesStart, []);
    return this.#attributes;
  }

  /**
   * False when no attribute value can contain `text`: the tag as written holds neither it nor a
   * character reference that could spell it. Lets a selector pass over most elements without
   * reading their attributes.
   */
  mayHaveInAttributes(text: string): boolean {
    if (this.source === "") return false;
    const tag = this.source.slice(this.attributesStart, this.attributesEnd);
    return tag.includes(text) || tag.includes("&");
  }

  /** The children in order, as a new array. */
  get children(): Node[] {
    const children: Node[] = [];
    for (let child = this.firstChild; child; child = child.nextSibling) children.push(child);
    return children;
  }

  append(child: Node): void {
    if (this.lastChild) this.lastChild.nextSibling = child;
    else this.firstChild = child;
    this.lastChild = child;
  }

  /** Unlinks `child` from this element's children; other nodes are left as they are. */
  removeChild(child: Node): void {
    let previous: Node | null = null;
    for (let node = this.firstChild; node; previous = node, node = node.nextSibling) {
      if (node !== child) continue;
      if (previous) previous.nextSibling = child.nextSibling;
      else this.firstChild = child.nextSibling;
      if (this.lastChild === child) this.lastChild = previous;
      child.nextSibling = null;
      child.parent = null;
      return;
    }
  }

  /** The raw value of the first attribute called `name` (lowercase), or undefined. */
  rawAttribute(name: string): string | undefined {
    const attributes = this.attributes;
    for (let i = 0; i < attributes.length; i += 2) {
      if (attributes[i] === name) return attributes[i + 1];
    }
    return undefined;
  }

  /** Every attribute by name, raw values, the first of repeated names winning (a new object). */
  get attribs(): Record<string, string> {
    const attribs: Record<string, string> = {};
    const attributes = this.attributes;
    for (let i = 0; i < attributes.length; i += 2) {
      if (!Object.hasOwn(attribs, attributes[i])) attribs[attributes[i]] = attributes[i + 1];
    }
    return attribs;
  }
}

/** The root of a parsed page; never matched by a selector. */
export class Document extends Element {
  constructor() {
    super("#document", null, false);
  }
}

/** A run of text, with character references as written. */
export class Text {
  nextSibling: Node | null = null;
  constructor(public data: string, public parent: Element | null) {}
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

/** Elements whose text is kept as written, references and all (plaintext's runs to the end). */
export const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  "script",
  "style",
  "xmp",
  "iframe",
  "noembed",
  "noframes",
  "plaintext",
]);

/**
 * Elements whose content is text up to their own end tag (outside SVG and MathML): the raw ones
 * but plaintext, and title and textarea, whose references are decoded.
 */
const RAW_TEXT_END = new Map(
  [...RAW_TEXT_ELEMENTS, "title", "textarea"].filter((name) => name !== "plaintext")
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

/** HTML's whitespace, by character code. */
export function isSpace(c: number): boolean {
  return c === SPACE || c === NEWLINE || c === TAB || c === RETURN || c === FORM_FEED;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** Whether a tag or attribute name ends at `i`: whitespace, "/", ">" (or "="), the page's end. */
function endsName(source: string, i: number, stopAtEquals: boolean): boolean {
  if (i >= source.length) return true;
  const c = source.charCodeAt(i);
  return isSpace(c) || c === SLASH || c === GREATER || (stopAtEquals && c === EQUALS);
}

/** Where the tag or attribute name going on at `from` ends. */
function nameEnd(source: string, from: number, stopAtEquals: boolean): number {
  let i = from;
  while (!endsName(source, i, stopAtEquals)) i++;
  return i;
}

function skipSpace(source: string, from: number): number {
  let i = from;
  while (i < source.length && isSpace(source.charCodeAt(i))) i++;
  return i;
}

/** Shared by every element without attributes. */
const NO_ATTRIBUTES: readonly string[] = Object.freeze([]);

/** Whether the tag readAttributes last scanned ended with "/>". */
let endedSelfClosing = false;

/**
 * Reads an opening tag from just after its name: its attributes go into `into` (none are made when
 * it is null), and the answer is the index after its ">" (and `endedSelfClosing` says whether it
 * was "/>"), or -1 when the page ends inside the tag.
 */
function readAttributes(source: string, from: number, into: string[]): string[];
function readAttributes(source: string, from: number, into: null): number;
function readAttributes(source: string, from: number, into: string[] | null): string[] | number {
  let i = from;
  for (;;) {
    i = skipSpace(source, i);
    if (i >= source.length) return into ?? -1;
    let c = source.charCodeAt(i);
    if (c === GREATER) {
      endedSelfClosing = false;
      return into ?? i + 1;
    }
    if (c === SLASH) {
      i = skipSpace(source, i + 1);
      if (source.charCodeAt(i) === GREATER) {
        endedSelfClosing = true;
        return into ?? i + 1;
      }
      continue;
    }
    // A name's first character may be anything else, "=" and quotes included.
    const nameStart = i;
    i = nameEnd(source, i + 1, true);
    const nameStop = i;
    i = skipSpace(source, i);
    let valueStart = i, valueStop = i;
    if (source.charCodeAt(i) === EQUALS) {
      i = skipSpace(source, i + 1);
      if (i >= source.length) return into ?? -1;
      c = source.charCodeAt(i);
      if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
        const close = source.indexOf(c === DOUBLE_QUOTE ? '"' : "'", i + 1);
        if (close === -1) return into ?? -1;
        valueStart = i + 1;
        valueStop = close;
        i = close + 1;
      } else {
        valueStart = i;
        while (i < source.length) {
          c = source.charCodeAt(i);
          if (isSpace(c) || c === GREATER) break;
          i++;
        }
        valueStop = i;
      }
    }
    into?.push(
      source.slice(nameStart, nameStop).toLowerCase(),
      source.slice(valueStart, valueStop),
    );
  }
}

class TreeBuilder {
  readonly document = new Document();
  current: Element = this.document;

  text(data: string): void {
    const last = this.current.lastChild;
    if (last instanceof Text) last.data += data;
    else this.current.append(new Text(data, this.current));
  }

  /** Opens `name`; returns the element, or null when the tag is dropped (a form inside a form). */
  open(
    tagName: string,
    source: string,
    attributesStart: number,
    attributesEnd: number,
    selfClosing: boolean,
  ): Element | null {
    const foreign = this.current.foreignContent;
    const name = !foreign && tagName === "image" ? "img" : tagName;
    if (name === "form" && this.openElement("form")) return null;
    const closes = CLOSED_BY_OPENING.get(name);
    if (closes) {
      while (this.current !== this.document && closes.has(this.current.name)) this.pop();
    }
    const content = FOREIGN_ROOTS.has(name) || (foreign && !HTML_INTEGRATION.has(name));
    const element = new Element(
      name,
      this.current,
      content,
      source,
      attributesStart,
      attributesEnd,
    );
    this.current.append(element);
    // `<x/>` closes only in foreign content; in HTML the slash means nothing.
    if (!VOID.has(name) && !(selfClosing && foreign)) this.current = element;
    return element;
  }

  close(tagName: string): void {
    const name = !this.current.foreignContent && tagName === "image" ? "img" : tagName;
    if (VOID.has(name)) {
      if (name === "br") {
        this.current.append(new Element("br", this.current, false));
      }
      return;
    }
    const open = this.openElement(name);
    if (open) this.current = open.parent!;
    else if (name === "p") {
      this.current.append(new Element("p", this.current, this.current.foreignContent));
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
      const tagEnd = readAttributes(source, end, null);
      flushText(lt);
      if (tagEnd === -1) return tree.document; // the page ends inside the tag: it is dropped
      const foreign = tree.current.foreignContent;
      // A tag with nothing between its name and ">" has no attributes to read later.
      const bare = tagEnd === end + 1;
      const element = tree.open(tagName, bare ? "" : source, end, tagEnd, endedSelfClosing);
      i = textStart = tagEnd;
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
        // Most end tags close the innermost element, spelled as it was: no name to cut out.
        const open = tree.current.name;
        const stop = lt + 2 + open.length;
        if (source.startsWith(open, lt + 2) && endsName(source, stop, false)) {
          tree.close(open);
        } else {
          tree.close(source.slice(lt + 2, nameEnd(source, lt + 3, false)).toLowerCase());
        }
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
