/** Whitespace that collapsing would change: at either end, in runs, or other than a plain space. */
const NEEDS_COLLAPSING = /^\s|\s$|\s\s|[^\S ]/;

/**
 * `value` on one line as a browser shows text: every run of whitespace (newlines and Unicode spaces
 * included) becomes one space, and none leads or trails. A value already in that form is returned
 * as it is, without building a copy (merged results pass through here twice).
 */
export function collapseWhitespace(value: string): string {
  return NEEDS_COLLAPSING.test(value) ? value.replace(/\s+/g, " ").trim() : value;
}
