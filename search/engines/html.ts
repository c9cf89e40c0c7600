// A small, fast view of an HTML page for provider parsers: htmlparser2's DOM with CSS selectors
// compiled once per selector string.
import { compile, selectAll, selectOne } from "css-select";
import type { AnyNode, Document, Element } from "domhandler";
import { textContent } from "domutils";
import { parseDocument } from "htmlparser2";

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
  return parseDocument(body);
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
  return node ? collapseWhitespace(textContent(node)) : "";
}

export function attr(node: Element | null | undefined, name: string): string | undefined {
  return node?.attribs[name];
}

/** The plain text of an HTML fragment (JSON APIs put `<b>` and entities in titles). */
export function htmlToText(fragment: string): string {
  return text(parseDocument(fragment));
}

export function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, " ").trim();
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
