// Our own DOM-to-Markdown serializer for extracted article content. It renders block elements
// as Markdown blocks separated by one blank line and everything else as inline text whose
// whitespace is collapsed as a browser would; only <pre> keeps its whitespace.
import { collapseWhitespace } from "../../shared/collapse_whitespace.ts";
import { fencedCodeBlock } from "./code_fence.ts";
import { type DomElement, type DomNode, isElement, TEXT_NODE } from "./dom.ts";

const BLOCK_TAGS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "center",
  "dd",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

/** Elements with nothing to read: scripts, media, embedded frames and form controls. */
const SKIPPED_TAGS = new Set([
  "audio",
  "button",
  "canvas",
  "datalist",
  "embed",
  "head",
  "iframe",
  "input",
  "link",
  "map",
  "meta",
  "noscript",
  "object",
  "option",
  "script",
  "select",
  "style",
  "svg",
  "template",
  "textarea",
  "title",
  "video",
]);

const LINK_SCHEMES = new Set(["http:", "https:", "mailto:", "ftp:", "tel:"]);
const IMAGE_SCHEMES = new Set(["http:", "https:"]);

/** A block that is itself a Markdown list, so it can sit tight under a list item's text. */
const LIST_BLOCK = /^(?:[-*+]|\d{1,9}[.)]) /;

interface Context {
  baseUrl: URL | null;
  inLink: boolean;
  inStrong: boolean;
  inEmphasis: boolean;
}

/** The Markdown for the content of `root` (not the element itself), with relative URLs resolved. */
export function elementToMarkdown(root: DomElement, baseUrl: string): string {
  const context: Context = {
    baseUrl: URL.canParse(baseUrl) ? new URL(baseUrl) : null,
    inLink: false,
    inStrong: false,
    inEmphasis: false,
  };
  return renderBlocks(root.childNodes, context).join("\n\n").trim();
}

// ---------------------------------------------------------------------------------------------
// Blocks

function renderBlocks(nodes: ArrayLike<DomNode>, context: Context): string[] {
  const blocks: string[] = [];
  let inline = "";
  for (const node of Array.from(nodes)) {
    if (isElement(node) && !SKIPPED_TAGS.has(node.localName) && isBlockLike(node)) {
      blocks.push(...paragraphs(inline), ...renderBlockElement(node, context));
      inline = "";
    } else {
      inline += renderInline(node, context);
    }
  }
  blocks.push(...paragraphs(inline));
  return blocks.filter((block) => block.trim() !== "");
}

/** Inline elements wrapping blocks (a <span> around paragraphs) are laid out as blocks too. */
function isBlockLike(element: DomElement): boolean {
  if (BLOCK_TAGS.has(element.localName)) return true;
  const pending = Array.from(element.children);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (BLOCK_TAGS.has(next.localName)) return true;
    pending.push(...Array.from(next.children));
  }
  return false;
}

function renderBlockElement(element: DomElement, context: Context): string[] {
  const tag = element.localName;
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) {
    // Bold inside a heading adds nothing but asterisks.
    const text = inlineLine(element, { ...context, inStrong: true });
    return text === "" ? [] : [`${"#".repeat(Number(heading[1]))} ${text}`];
  }
  switch (tag) {
    case "pre":
      return [fencedCodeBlock(preformattedText(element), codeLanguage(element))];
    case "blockquote":
      return [prefixLines(renderBlocks(element.childNodes, context).join("\n\n"), "> ", "> ")];
    case "ul":
    case "ol":
    case "menu":
      return [renderList(element, context)];
    case "dl":
      return [renderDefinitionList(element, context)];
    case "table":
      return renderTable(element, context);
    case "hr":
      return ["---"];
    default:
      return renderBlocks(element.childNodes, context);
  }
}

/**
 * Inline text becomes paragraphs: two line breaks in a row (<br><br>, the old way of separating
 * paragraphs) start a new one, a single <br> is a Markdown hard break.
 */
function paragraphs(inline: string): string[] {
  return inline.split(/\n[ \t]*\n/).map((paragraph) =>
    paragraph.split("\n")
      .map((line) => escapeLineStart(collapseSpaces(line).trim()))
      .filter((line) => line !== "")
      .join("  \n")
  ).filter((paragraph) => paragraph !== "");
}

/** Escapes what would make a line of text a heading, quote, list item, rule, fence or HTML. */
function escapeLineStart(line: string): string {
  if (/^(?:#{1,6}(?:\s|$)|>|[-+*](?:\s|$)|`{3}|~{3}|<[a-zA-Z!/?])/.test(line)) return `\\${line}`;
  if (/^([-*_=])(?:\s*\1){2,}\s*$/.test(line)) return `\\${line}`;
  return line.replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2");
}

function prefixLines(text: string, first: string, rest: string): string {
  return text.split("\n").map((line, index) => {
    const prefix = index === 0 ? first : rest;
    return line === "" ? prefix.trimEnd() : prefix + line;
  }).join("\n");
}

function preformattedText(element: DomElement): string {
  let text = "";
  const walk = (node: DomNode) => {
    if (node.nodeType === TEXT_NODE) text += node.textContent ?? "";
    else if (isElement(node) && node.localName === "br") text += "\n";
    else if (isElement(node)) Array.from(node.childNodes).forEach(walk);
  };
  walk(element);
  // HTML drops the newline right after <pre>; trailing blank lines are layout, not code.
  return text.replace(/\r\n?/g, "\n").replace(/^\n/, "").replace(/\s+$/, "");
}

function codeLanguage(pre: DomElement): string {
  for (const element of [pre, pre.querySelector("code")]) {
    const match = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(
      element?.getAttribute("class") ?? "",
    );
    if (match) return match[1].toLowerCase();
  }
  return "";
}

// ---------------------------------------------------------------------------------------------
// Lists

function renderList(list: DomElement, context: Context): string {
  const ordered = list.localName === "ol";
  const start = Number.parseInt(list.getAttribute("start") ?? "1", 10);
  let number = Number.isFinite(start) ? start : 1;
  const items: string[][] = [];
  for (const child of Array.from(list.childNodes)) {
    const isNestedList = isElement(child) && ["ul", "ol"].includes(child.localName);
    // A list placed directly inside a list (invalid but common) belongs to the item before it.
    if (isNestedList && items.length > 0) {
      items[items.length - 1].push(...renderBlockElement(child, context));
      continue;
    }
    const blocks = isElement(child) && child.localName === "li"
      ? renderBlocks(child.childNodes, context)
      : renderBlocks([child], context);
    if (blocks.length > 0) items.push(blocks);
  }
  const rendered = items.map((blocks) => {
    const marker = ordered ? `${number++}.` : "-";
    const body = blocks.reduce((text, block) =>
      text + (LIST_BLOCK.test(block) ? "\n" : "\n\n") + block
    );
    return prefixLines(body, `${marker} `, " ".repeat(marker.length + 1));
  });
  const loose = rendered.some((item) => item.includes("\n\n"));
  return rendered.join(loose ? "\n\n" : "\n");
}

/** `**term**` on its own line, each definition under it as `: text` (Markdown Extra style). */
function renderDefinitionList(list: DomElement, context: Context): string {
  // <div> may group a term with its definitions.
  const entries = Array.from(list.children).flatMap((child) =>
    child.localName === "div" ? Array.from(child.children) : [child]
  );
  const groups: string[] = [];
  for (const entry of entries) {
    if (entry.localName === "dt") {
      const term = inlineLine(entry, { ...context, inStrong: true });
      if (term !== "") groups.push(context.inStrong ? term : `**${term}**`);
    } else if (entry.localName === "dd") {
      const definition = renderBlocks(entry.childNodes, context).join("\n\n");
      if (definition === "") continue;
      const line = prefixLines(definition, ": ", "  ");
      if (groups.length === 0) groups.push(line);
      else groups[groups.length - 1] += `\n${line}`;
    }
  }
  return groups.join("\n\n");
}

// ---------------------------------------------------------------------------------------------
// Tables

function renderTable(table: DomElement, context: Context): string[] {
  const rows = Array.from(table.querySelectorAll("tr"))
    .filter((row) => row.closest("table") === table)
    .map((row) => Array.from(row.children).filter((cell) => ["td", "th"].includes(cell.localName)))
    .filter((cells) => cells.length > 0);
  const caption = Array.from(table.children).find((child) => child.localName === "caption");
  const captionBlocks = caption ? renderBlocks(caption.childNodes, context) : [];
  const columns = Math.max(0, ...rows.map((cells) => cells.length));
  // One cell per row is a layout table: its cells are just content.
  if (columns <= 1) {
    return [
      ...captionBlocks,
      ...rows.flat().flatMap((cell) => renderBlocks(cell.childNodes, context)),
    ];
  }
  const grid = rows.map((cells) =>
    cells.flatMap((cell) => {
      const span = Math.min(Number.parseInt(cell.getAttribute("colspan") ?? "1", 10) || 1, 100);
      return [tableCell(cell, context), ...Array<string>(Math.max(0, span - 1)).fill("")];
    })
  );
  const width = Math.max(...grid.map((cells) => cells.length));
  const line = (cells: string[]) =>
    `| ${[...cells, ...Array<string>(width - cells.length).fill("")].join(" | ")} |`;
  const [header, ...body] = grid;
  return [
    ...captionBlocks,
    [line(header), line(Array<string>(width).fill("---")), ...body.map(line)].join("\n"),
  ];
}

function tableCell(cell: DomElement, context: Context): string {
  return collapseSpaces(renderInlineChildren(cell, context).replace(/\n/g, " "))
    .trim()
    .replace(/\|/g, "\\|");
}

// ---------------------------------------------------------------------------------------------
// Inline content

function renderInline(node: DomNode, context: Context): string {
  if (node.nodeType === TEXT_NODE) {
    // Non-breaking spaces read as spaces; keeping them would defeat search in the text.
    const text = (node.textContent ?? "").replace(/[\t\n\f\r \u00a0]+/g, " ");
    return context.inLink ? text.replace(/[[\]]/g, "\\$&") : text;
  }
  if (!isElement(node) || SKIPPED_TAGS.has(node.localName)) return "";
  switch (node.localName) {
    case "br":
      return "\n";
    case "img":
      return renderImage(node, context);
    case "a":
      return renderLink(node, context);
    case "strong":
    case "b":
      return context.inStrong
        ? renderInlineChildren(node, context)
        : wrapInline(node, "**", { ...context, inStrong: true });
    case "em":
    case "i":
      return context.inEmphasis
        ? renderInlineChildren(node, context)
        : wrapInline(node, "*", { ...context, inEmphasis: true });
    case "del":
    case "s":
    case "strike":
      return wrapInline(node, "~~", context);
    case "code":
    case "kbd":
    case "samp":
    case "tt":
      return inlineCode(node.textContent ?? "");
    default:
      // A block met inside inline content (a table cell, a heading) still separates words.
      return BLOCK_TAGS.has(node.localName)
        ? ` ${renderInlineChildren(node, context)} `
        : renderInlineChildren(node, context);
  }
}

function renderInlineChildren(element: DomElement, context: Context): string {
  return Array.from(element.childNodes, (child) => renderInline(child, context)).join("");
}

/** Inline content on one line, for headings and terms. */
function inlineLine(element: DomElement, context: Context): string {
  return collapseSpaces(renderInlineChildren(element, context).replace(/\n/g, " ")).trim();
}

/** Markers hug the text: `<b> bold </b>` is ` **bold** `, since `** bold **` is not bold. */
function wrapInline(element: DomElement, marker: string, context: Context): string {
  const inner = renderInlineChildren(element, context);
  const { before, core, after } = splitOuterWhitespace(inner);
  return core === "" ? inner : `${before}${marker}${core}${marker}${after}`;
}

function splitOuterWhitespace(text: string): { before: string; core: string; after: string } {
  const core = text.trim();
  if (core === "") return { before: text, core, after: "" };
  const start = text.length - text.trimStart().length;
  return { before: text.slice(0, start), core, after: text.slice(start + core.length) };
}

function inlineCode(raw: string): string {
  const text = raw.replace(/[\t\n\f\r ]+/g, " ");
  if (text.trim() === "") return text;
  const longestRun = Math.max(0, ...Array.from(text.matchAll(/`+/g), ([run]) => run.length));
  const fence = "`".repeat(longestRun + 1);
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

function renderLink(link: DomElement, context: Context): string {
  const href = link.getAttribute("href")?.trim() ?? "";
  const url = context.inLink || href.startsWith("#")
    ? null
    : resolveUrl(href, context, LINK_SCHEMES);
  if (url === null) {
    const text = renderInlineChildren(link, context);
    // A link within the page says nothing the reader does not already have; a bare "#" or "¶"
    // next to a heading is a permalink marker and goes entirely.
    return href.startsWith("#") && !/[\p{L}\p{N}]/u.test(text) ? text.replace(/\S+/g, "") : text;
  }
  const text = renderInlineChildren(link, { ...context, inLink: true }).replace(/\n/g, " ");
  const { before, core, after } = splitOuterWhitespace(text);
  return core === "" ? text : `${before}[${core}](${url})${after}`;
}

function renderImage(image: DomElement, context: Context): string {
  const alt = collapseWhitespace(image.getAttribute("alt") ?? "");
  const url = resolveUrl(image.getAttribute("src") ?? "", context, IMAGE_SCHEMES);
  if (alt === "" || url === null) return "";
  return `![${alt.replace(/[[\]]/g, "\\$&")}](${url})`;
}

/** An absolute URL safe inside Markdown link parentheses, or null for unusable targets. */
function resolveUrl(href: string, context: Context, schemes: Set<string>): string | null {
  if (href === "" || !URL.canParse(href, context.baseUrl ?? undefined)) return null;
  const url = new URL(href, context.baseUrl ?? undefined);
  if (!schemes.has(url.protocol)) return null;
  return url.href.replace(/\(/g, "%28").replace(/\)/g, "%29");
}

function collapseSpaces(text: string): string {
  return text.replace(/ {2,}/g, " ");
}
