/**
 * `value` on one line as a browser shows text: every run of whitespace (newlines and Unicode spaces
 * included) becomes one space, and none leads or trails.
 */
export function collapseWhitespace(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
