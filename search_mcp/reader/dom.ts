// The slice of the DOM the reader uses, typed here because Deno ships no DOM types, and a parser
// that always yields <html><head>…</head><body>…</body></html>: linkedom builds no implied
// elements, and without that shape its `body` is a new empty element.
import { parseHTML } from "linkedom";

/** The node type of an element. */
export const ELEMENT_NODE = 1;
/** The node type of text. */
export const TEXT_NODE = 3;

/** The part of a DOM node the reader uses (linkedom provides it). */
export interface DomNode {
  readonly nodeType: number;
  readonly textContent: string | null;
  readonly parentElement: DomElement | null;
  readonly childNodes: ArrayLike<DomNode>;
}

/** The part of a DOM element the reader uses. */
export interface DomElement extends DomNode {
  /** Lowercase for HTML elements. */
  readonly localName: string;
  readonly children: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  closest(selectors: string): DomElement | null;
  matches(selectors: string): boolean;
  contains(other: DomNode): boolean;
  remove(): void;
}

/** The part of a DOM document the reader uses. */
export interface DomDocument {
  readonly title: string;
  readonly body: DomElement;
  readonly documentElement: DomElement;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}

/** Whether `node` is an element (not text or a comment). */
export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}

/** `html` parsed into a document with a body, whatever fragment it was. */
export function parseHtmlDocument(html: string): DomDocument {
  // linkedom types its result as the global Window, which has no DOM under Deno.
  const window = parseHTML(withDocumentShape(html)) as unknown as { document: DomDocument };
  return window.document;
}

/** Elements that may open a document before its body when <body> and </head> are omitted. */
const LEADING_HEAD_CONTENT =
  /^(?:\s+|<!--[\s\S]*?-->|<!doctype[^>]*>|<\/?(?:html|head)\b[^>]*>|<(title|style|script|noscript|template)\b[^>]*>[\s\S]*?<\/\1\s*>|<(?:meta|link|base)\b[^>]*>)*/i;

function withDocumentShape(html: string): string {
  let head: string;
  let body: string;
  const bodyStart = /<body\b[^>]*>/i.exec(html);
  const headEnd = /<\/head\s*>/i.exec(html);
  if (bodyStart) {
    head = html.slice(0, bodyStart.index);
    body = html.slice(bodyStart.index + bodyStart[0].length);
  } else if (headEnd) {
    head = html.slice(0, headEnd.index);
    body = html.slice(headEnd.index + headEnd[0].length);
  } else {
    head = LEADING_HEAD_CONTENT.exec(html)?.[0] ?? "";
    body = html.slice(head.length);
  }
  // Browsers move anything after </body> into the body, so the closing tags just go.
  head = head.replace(/<!doctype[^>]*>|<\/?(?:html|head)\b[^>]*>/gi, "");
  body = body.replace(/<\/?(?:html|head|body)\b[^>]*>/gi, "");
  return `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
}
