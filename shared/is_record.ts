/**
 * An object that is neither null nor an array: what JSON and YAML parse a mapping into, checked
 * before its fields are read.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
