// A small, fast view of an HTML page for provider parsers: our own one-pass tree (html_tree.ts) and
// CSS selectors compiled once per selector string (html_select.ts). Character references are
// decoded when text or an attribute is read, not while parsing: parsers read a small part of each
// page, and decoding everything was most of a parse's cost.
import { decodeHTML } from "entities/decode";
import { collapseWhitespace } from "../../../shared/collapse_whitespace.ts";
import { attributeValue, compileSelector, selectAll, selectOne } from "./html_select.ts";
import {
  type Document,
  type Element,
  type Node,
  parseTree,
  RAW_TEXT_ELEMENTS,
  Text,
} from "./html_tree.ts";

export type { Document, Element, Node };

export function parseHtml(body: string): Document {
  return parseTree(body);
}

/** The text under `node`, each text run decoded on its own. */
function decodedText(node: Node, raw = false): string {
  if (node instanceof Text) {
    return raw || !node.data.includes("&") ? node.data : decodeHTML(node.data);
  }
  const rawChildren = RAW_TEXT_ELEMENTS.has(node.name);
  let text = "";
  for (let child = node.firstChild; child; child = child.nextSibling) {
    text += decodedText(child, rawChildren);
  }
  return text;
}

/** Every element under `root` matching the CSS `selector`, in document order. */
export function all(root: Node | Node[], selector: string): Element[] {
  return selectAll(compileSelector(selector), root);
}

/** The first element under `root` matching `selector`, or null. */
export function first(root: Node | Node[], selector: string): Element | null {
  return selectOne(compileSelector(selector), root);
}

/** The text of a node with runs of whitespace collapsed, trimmed; "" for null. */
export function text(node: Node | null | undefined): string {
  return node ? collapseWhitespace(decodedText(node)) : "";
}

/** An attribute's value with character references decoded, or undefined. */
export function attr(node: Element | null | undefined, name: string): string | undefined {
  return node ? attributeValue(node, name) : undefined;
}

/** The plain text of an HTML fragment (JSON APIs put `<b>` and entities in titles). */
export function htmlToText(fragment: string): string {
  // Most fields are plain text: without markup or references the parse would give them back as is.
  if (!fragment.includes("<") && !fragment.includes("&")) return collapseWhitespace(fragment);
  return text(parseHtml(fragment));
}

/** Removes the given elements from the tree (e.g. icons inside a snippet before reading its text). */
export function remove(nodes: Element[]): void {
  for (const node of nodes) node.parent?.removeChild(node);
}
