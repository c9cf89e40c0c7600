// XML text escaping for everything we write as XML: RSS, OpenSearch, SVG thumbnails.
// Outside XML 1.0's Char production: C0 controls other than tab/LF/CR, U+FFFE/U+FFFF, and (with
// the `u` flag, which pairs valid surrogates into one code point) lone surrogates.
// deno-lint-ignore no-control-regex -- matching control characters is the point
const NOT_XML_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF\uD800-\uDFFF]/gu;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text safe inside an element or a quoted attribute. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML_CHAR, "").replace(/[&<>"']/g, (char) => ENTITIES[char]);
}
