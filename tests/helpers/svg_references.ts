// What an SVG's internal references need to work: every id used once, and every `url(#…)` and
// `href="#…"` naming one of them. With an id repeated, a browser resolves every reference to the
// first element that has it, so whatever the others were meant for is drawn with the wrong mask,
// marker or gradient.
import type { Element as DomElement } from "domhandler";
import { getElementsByTagName } from "domutils";
import { parseDocument } from "htmlparser2";

const URL_REFERENCE = /url\(\s*['"]?#([^'")\s]+)/g;

/** The ids used more than once and the references to no id, as sentences; empty when all is well. */
export function svgReferenceProblems(svg: string): string[] {
  const document = parseDocument(svg, { xmlMode: true, recognizeSelfClosing: true });
  const elements: DomElement[] = getElementsByTagName(() => true, document.children);
  const ids = new Set<string>();
  const problems: string[] = [];
  for (const element of elements) {
    const id = element.attribs.id;
    if (id === undefined) continue;
    if (ids.has(id)) problems.push(`id "${id}" is used more than once`);
    ids.add(id);
  }
  for (const element of elements) {
    for (const [name, value] of Object.entries(element.attribs)) {
      const targets = name === "href" || name === "xlink:href"
        ? (value.startsWith("#") ? [value.slice(1)] : [])
        : [...value.matchAll(URL_REFERENCE)].map((match) => match[1]);
      for (const target of targets) {
        if (!ids.has(target)) problems.push(`<${element.name} ${name}="${value}"> names no id`);
      }
    }
  }
  return problems;
}
