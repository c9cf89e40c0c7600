// A small, fast view of an HTML page for provider parsers: htmlparser2's DOM with CSS selectors
// compiled once per selector string. Character references are decoded when text or an attribute
// is read, not while parsing: the tokenizer steps through text and attribute values one character
// at a time when it decodes, and jumps to the next "<" or quote when it does not, which made
// decoding most of the parse's cost though parsers read a small part of each page.
import { compile, selectAll, selectOne } from "css-select";
import {
  type AnyNode,
  type Document,
  type Element,
  hasChildren,
  isComment,
  isText,
} from "domhandler";
import { decodeHTML, decodeHTMLAttribute } from "entities/decode";
import { parseDocument } from "htmlparser2";
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";

export type { Document, Element };

type Query = ReturnType<typeof compile>;
const compiled = new Map<string, Query>();

function query(selector: string): Query {
  let found = compiled.get(selector);
  if (!found) {
    found = compile(selector);
    compiled.set(selector, found);
  }
  return found;
}

export function parseHtml(body: string): Document {
  return parseDocument(body, { decodeEntities: false });
}

// Raw text elements, whose text the decoding tokenizer leaves as it is (title and textarea are
// decoded).
const RAW_TEXT = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"]);

/** The text under `node` as the decoding parser gives it: each text node decoded on its own. */
function decodedText(node: AnyNode, raw = false): string {
  if (isText(node)) return raw || !node.data.includes("&") ? node.data : decodeHTML(node.data);
  if (!hasChildren(node) || isComment(node)) return "";
  const rawChildren = "name" in node && RAW_TEXT.has(node.name);
  let text = "";
  for (const child of node.children) text += decodedText(child, rawChildren);
  return text;
}

/** Every element under `root` matching the CSS `selector`, in document order. */
export function all(root: AnyNode | AnyNode[], selector: string): Element[] {
  return selectAll<AnyNode, Element>(query(selector), root);
}

/** The first element under `root` matching `selector`, or null. */
export function first(root: AnyNode | AnyNode[], selector: string): Element | null {
  return selectOne<AnyNode, Element>(query(selector), root);
}

/** The text of a node with runs of whitespace collapsed, trimmed; "" for null. */
export function text(node: AnyNode | null | undefined): string {
  return node ? collapseWhitespace(decodedText(node)) : "";
}

export function attr(node: Element | null | undefined, name: string): string | undefined {
  const value = node?.attribs[name];
  return value?.includes("&") ? decodeHTMLAttribute(value) : value;
}

/** The plain text of an HTML fragment (JSON APIs put `<b>` and entities in titles). */
export function htmlToText(fragment: string): string {
  // Most fields are plain text: without markup or references the parse would give them back as is.
  if (!fragment.includes("<") && !fragment.includes("&")) return collapseWhitespace(fragment);
  return text(parseHtml(fragment));
}

/** Removes the given elements from the tree (e.g. icons inside a snippet before reading its text). */
export function remove(nodes: Element[]): void {
  for (const node of nodes) {
    const parent = node.parent;
    if (!parent) continue;
    parent.children = parent.children.filter((child) => child !== node);
    node.parent = null;
  }
}
