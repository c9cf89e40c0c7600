// Thumbnails that browsers send (Excalidraw's exportToSvg) are untrusted markup we later serve.
// Nothing of the input is copied through: it is parsed and a new document is written from an
// allowlist of elements and attributes, with every text and attribute value escaped again. CSS,
// wherever it appears (presentation attributes, `style` attributes, `<style>` elements), keeps
// only allowlisted properties whose values fit their grammar (svg_css.ts). The policy is
// the same at every level: what fails is dropped (a declaration, a rule, an attribute), and only
// a document that is not one complete SVG is refused; CSS that holds a hostile word is not
// salvaged declaration by declaration but dropped whole with its attribute or element.
import { Parser } from "htmlparser2";
import {
  endOfBlock,
  isCssProperty,
  looksHostile,
  safeDeclarations,
  safePropertyValue,
  safeRules,
} from "./svg_css.ts";
import { escapeXml } from "../../../shared/xml.ts";

export const MAX_THUMBNAIL_BYTES = 512 * 1024;

const SVG_NAMESPACE = "http://www.w3.org/2000/svg";
const XLINK_NAMESPACE = "http://www.w3.org/1999/xlink";

const ALLOWED_ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "symbol",
  "use",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "title",
  "desc",
  "marker",
  "clipPath",
  "mask",
  "linearGradient",
  "radialGradient",
  "stop",
  "pattern",
  "style",
  "image",
]);

/** The only elements whose text is rendered or meant; elsewhere text is layout whitespace. */
const TEXT_ELEMENTS = new Set(["text", "tspan", "title", "desc"]);

const ALLOWED_ATTRIBUTES = new Set([
  // geometry
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "fr",
  "width",
  "height",
  "d",
  "points",
  "pathLength",
  "transform",
  "viewBox",
  "preserveAspectRatio",
  "version",
  // presentation
  "fill",
  "fill-opacity",
  "fill-rule",
  "clip-rule",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "alignment-baseline",
  "direction",
  "letter-spacing",
  "visibility",
  "display",
  "style",
  "id",
  "class",
  // references, which must stay inside the document (checked with every value)
  "marker-start",
  "marker-mid",
  "marker-end",
  "clip-path",
  "mask",
  "filter",
  // text layout
  "dx",
  "dy",
  "rotate",
  "lengthAdjust",
  "textLength",
  // markers
  "markerWidth",
  "markerHeight",
  "refX",
  "refY",
  "orient",
  "markerUnits",
  // gradients, patterns, clips and masks
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "offset",
  "stop-color",
  "stop-opacity",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
]);

const HREF_ATTRIBUTES = new Set(["href", "xlink:href"]);
/** A raster image inline (never SVG, which could carry script): what an `<image>` may show. */
export const RASTER_DATA_URL = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

/** Elements that mean nothing without a reference they may keep. */
const NEEDS_HREF = new Set(["use", "image"]);

interface OpenElement {
  name: string;
  /** Where its start tag sits in the output, to self-close it if nothing follows. */
  startIndex: number;
  /** Collected text of a `<style>`, which is only written once it is known to be safe. */
  css?: string;
}

/** Returns a safe re-serialised SVG, or null if the input is not an acceptable SVG (caller then renders its own). */
export function sanitizeSvg(svg: string): string | null {
  if (svg.length > MAX_THUMBNAIL_BYTES) return null;
  if (new TextEncoder().encode(svg).length > MAX_THUMBNAIL_BYTES) return null;

  const output: string[] = [];
  const open: OpenElement[] = [];
  const ids = new Set<string>();
  let droppedDepth = 0;
  let rootSeen = false;
  let rootClosed = false;
  let acceptable = true;
  let ending = false;

  const parser = new Parser({
    onprocessinginstruction(name) {
      // `<!DOCTYPE …>` and `<!ENTITY …>` carry entity definitions (billion laughs); `<?xml …?>` is fine.
      if (name.startsWith("!")) acceptable = false;
    },
    onopentag(name, attributes) {
      if (droppedDepth > 0) {
        droppedDepth++;
        return;
      }
      if (open.length === 0) {
        if (rootSeen || name !== "svg") acceptable = false;
        rootSeen = true;
      }
      const attributeText = ALLOWED_ELEMENTS.has(name)
        ? safeAttributes(name, attributes, open.length === 0, ids)
        : null;
      if (attributeText === null) {
        droppedDepth = 1;
        return;
      }
      const element: OpenElement = { name, startIndex: output.length };
      if (name === "style") element.css = "";
      output.push(`<${name}${attributeText}>`);
      open.push(element);
    },
    ontext(text) {
      if (droppedDepth > 0) return;
      const parent = open.at(-1);
      if (parent === undefined) {
        if (text.trim() !== "") acceptable = false;
      } else if (parent.css !== undefined) {
        parent.css += text;
      } else if (TEXT_ELEMENTS.has(parent.name)) {
        output.push(escapeXml(text));
      }
    },
    onclosetag() {
      // Closing tags that only the end of input supplies mean a truncated document.
      if (ending) acceptable = false;
      if (droppedDepth > 0) {
        droppedDepth--;
        return;
      }
      const element = open.pop();
      if (element === undefined) return;
      if (open.length === 0) rootClosed = true;
      if (element.css !== undefined) {
        const css = safeCss(element.css);
        if (css === null || css.trim() === "") output.length = element.startIndex;
        else output.push(escapeXml(css), "</style>");
      } else if (output.length === element.startIndex + 1) {
        output[element.startIndex] = output[element.startIndex].replace(/>$/, "/>");
      } else {
        output.push(`</${element.name}>`);
      }
    },
    onerror() {
      acceptable = false;
    },
  }, { xmlMode: true, recognizeSelfClosing: true });
  parser.write(svg);
  ending = true;
  parser.end();

  return acceptable && rootSeen && rootClosed ? output.join("") : null;
}

/**
 * The element's allowed attributes as markup, or null when the element must go: a `<use>` or
 * `<image>` left without an acceptable reference. The root gets the namespaces whatever it said.
 * An id already in `ids` (those of the elements written before) is dropped: a browser resolves
 * every reference to the first element with an id, so a repeated one could only mislead.
 */
function safeAttributes(
  element: string,
  attributes: Record<string, string>,
  isRoot: boolean,
  ids: Set<string>,
): string | null {
  const kept: string[] = isRoot
    ? [`xmlns="${SVG_NAMESPACE}"`, `xmlns:xlink="${XLINK_NAMESPACE}"`]
    : [];
  let hasHref = false;
  let id: string | undefined;
  for (const [name, raw] of Object.entries(attributes)) {
    const value = name === "style"
      ? safeStyleAttribute(raw)
      : isCssProperty(name)
      ? safePropertyValue(name, raw)
      : raw;
    if (value === null || !isSafeValue(value)) continue;
    if (HREF_ATTRIBUTES.has(name)) {
      if (!isSafeHref(element, value)) continue;
      hasHref = true;
    } else if (!ALLOWED_ATTRIBUTES.has(name) && !isCssProperty(name)) {
      continue;
    } else if (name === "id") {
      if (ids.has(value)) continue;
      id = value;
    }
    kept.push(`${name}="${escapeXml(value)}"`);
  }
  if (NEEDS_HREF.has(element) && !hasHref) return null;
  if (id !== undefined) ids.add(id);
  return kept.map((attribute) => ` ${attribute}`).join("");
}

/** Fragment references everywhere; raster data URLs on `<image>`; never anything fetched. */
function isSafeHref(element: string, value: string): boolean {
  const href = value.trim();
  return element === "image" ? RASTER_DATA_URL.test(href) : href.startsWith("#");
}

/** Checked for every attribute: no script URL and no reference out of the document. */
function isSafeValue(value: string): boolean {
  const squeezed = squeeze(value);
  return !squeezed.includes("javascript:") && !/url\((?!['"]?#)/.test(squeezed);
}

/**
 * Lower case without whitespace, controls, surrogates and non-characters, for pattern checks.
 * Browsers skip whitespace and controls inside a URL scheme, and escaping drops the characters
 * XML cannot hold, so either could join the pieces of a forbidden word; removing them all
 * before looking means a word the reader will see is a word the check saw.
 */
function squeeze(value: string): string {
  // deno-lint-ignore no-control-regex -- stripping control characters is the point
  return value.replace(/[\s\x00-\x1F\x7F-\x9F\uD800-\uDFFF\uFFFE\uFFFF]/g, "").toLowerCase();
}

/** The allowed declarations of a `style` attribute, or null when none is left or it is hostile. */
function safeStyleAttribute(style: string): string | null {
  if (looksHostile(squeeze(style))) return null;
  const declarations = safeDeclarations(style);
  return declarations === "" ? null : declarations;
}

/**
 * The allowed rules of a stylesheet, without its `@font-face` blocks (Excalidraw embeds whole
 * fonts as data URLs), or null when what is left is hostile or holds no allowed rule.
 */
function safeCss(css: string): string | null {
  const remaining = withoutFontFaces(css);
  if (looksHostile(squeeze(remaining))) return null;
  const rules = safeRules(remaining);
  return rules === "" ? null : rules;
}

function withoutFontFaces(css: string): string {
  const lower = css.toLowerCase();
  let kept = "";
  let from = 0;
  for (
    let at = lower.indexOf("@font-face", from);
    at >= 0;
    at = lower.indexOf("@font-face", from)
  ) {
    kept += css.slice(from, at);
    const body = css.indexOf("{", at);
    from = body < 0 ? css.length : endOfBlock(css, body);
  }
  return kept + css.slice(from);
}
