// Elements that carry links, for the write paths' tests: links no write may store (script and data
// links, spelled as a browser would still follow them) and links every write keeps.
import { ELEMENT_DEFAULTS } from "./scene_fixture.ts";

export const SCRIPT_LINKS = [
  "javascript:alert(document.cookie)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "\u0001 JAVA\tSCRIPT:alert(1)",
] as const;

export const WEB_LINKS = [
  "https://example.com/spec",
  "mailto:team@example.com",
  "/d/another-diagram",
] as const;

/**
 * A small box per link, ids `${prefix}-0`, `${prefix}-1`…, ordered after any generated element
 * (their fractional indices start with "z").
 */
export function linkedBoxes(prefix: string, links: readonly string[]) {
  return links.map((link, i) => ({
    ...ELEMENT_DEFAULTS,
    id: `${prefix}-${i}`,
    type: "rectangle",
    x: 400 + 60 * i,
    y: 400,
    width: 40,
    height: 40,
    roundness: null,
    index: `z${i}`,
    boundElements: null,
    link,
  }));
}
