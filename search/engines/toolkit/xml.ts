// Reading the XML answers of scholarly APIs (arXiv's Atom feed, PubMed's E-utilities) through
// htmlparser2 in its XML mode: element names as written, the five XML entities and numeric
// references decoded, CDATA read as text. Elements are found by their local name, so a feed that
// binds a namespace to another prefix reads the same.
import { parseDocument } from "htmlparser2";
import { type AnyNode, type Element, isCDATA, isTag, isText } from "domhandler";
import { collapseWhitespace } from "../../../shared/collapse_whitespace.ts";

export type XmlElement = Element;

/** The document's root element, or null when the body holds none (an empty or plain-text answer). */
export function parseXml(body: string): XmlElement | null {
  const document = parseDocument(body, { xmlMode: true });
  return document.children.find(isTag) ?? null;
}

/** `arxiv:doi` → `doi`. */
export function localName(element: XmlElement): string {
  const colon = element.name.indexOf(":");
  return colon === -1 ? element.name : element.name.slice(colon + 1);
}

/** The child elements called `name` (local name), in order. */
export function childElements(parent: XmlElement | null, name: string): XmlElement[] {
  if (!parent) return [];
  return parent.children.filter((node): node is XmlElement =>
    isTag(node) && localName(node) === name
  );
}

/** Follows one child element per name, the first of each: `path(article, "Journal", "Title")`. */
export function childPath(parent: XmlElement | null, ...names: string[]): XmlElement | null {
  let current = parent;
  for (const name of names) {
    if (!current) return null;
    current = childElements(current, name)[0] ?? null;
  }
  return current;
}

/** Every element called `name` under `root`, at any depth, in document order. */
export function descendants(root: XmlElement | null, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (nodes: AnyNode[]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      if (localName(node) === name) found.push(node);
      visit(node.children);
    }
  };
  if (root) visit(root.children);
  return found;
}

/** An attribute's value as written (entities decoded), or undefined. */
export function xmlAttribute(element: XmlElement | null, name: string): string | undefined {
  return element?.attribs[name];
}

function rawText(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (isTag(node) || isCDATA(node)) return node.children.map(rawText).join("");
  return "";
}

/** The text under `element` (inline markup such as `<i>` read through), on one line; "" for null. */
export function xmlText(element: XmlElement | null | undefined): string {
  return element ? collapseWhitespace(rawText(element)) : "";
}
