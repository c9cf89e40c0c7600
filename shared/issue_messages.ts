// Zod issue wording aimed at whoever wrote the input (often an AI model): every message says
// what was expected and what was found, and paths read like the JSON they point into.
import { z } from "zod";

/** `["edges", 3, "to"]` → `edges[3].to`; the empty path (the input itself) → `rootName`. */
export function formatIssuePath(path: readonly PropertyKey[], rootName: string): string {
  if (path.length === 0) return rootName;
  return path.map((segment, index) => {
    if (typeof segment === "number") return `[${segment}]`;
    return index === 0 ? String(segment) : `.${String(segment)}`;
  }).join("");
}

// Echoed input is untrusted and may be huge; a prefix is enough to recognise it.
const MAX_ECHOED_CHARACTERS = 40;

/** Short rendering of an offending value for "got …" clauses. */
export function describeValue(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value !== "string") return String(value);
  const quoted = JSON.stringify(value);
  return quoted.length <= MAX_ECHOED_CHARACTERS
    ? quoted
    : `${quoted.slice(0, MAX_ECHOED_CHARACTERS - 1)}…" (${value.length} characters)`;
}

/**
 * Error map for `safeParse(input, { error: describeIssue })`. Covers the issue kinds that plain
 * object/array/string/enum schemas raise; anything else keeps zod's own wording.
 */
export const describeIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return expectation(issue.expected, issue.input);
    case "invalid_value":
      return expectation(`one of ${issue.values.map(describeValue).join(", ")}`, issue.input);
    case "too_small":
      return describeSizeBound(issue.origin, "at least", issue.minimum, issue.input);
    case "too_big":
      return describeSizeBound(issue.origin, "at most", issue.maximum, issue.input);
    case "unrecognized_keys":
      return describeUnknownKeys(issue.keys, issue.inst);
    default:
      return undefined;
  }
};

function expectation(expected: string, input: unknown): string {
  return input === undefined
    ? `missing (expected ${expected})`
    : `expected ${expected}, got ${describeValue(input)}`;
}

function describeSizeBound(
  origin: string,
  bound: "at least" | "at most",
  limit: number | bigint,
  input: unknown,
): string | undefined {
  const unit = origin === "string" ? "character" : origin === "array" ? "item" : undefined;
  if (unit === undefined || !(typeof input === "string" || Array.isArray(input))) return undefined;
  return `expected ${bound} ${limit} ${unit}${limit === 1 ? "" : "s"}, got ${input.length}`;
}

function describeUnknownKeys(keys: readonly string[], schema: unknown): string {
  const quotedKeys = keys.map((key) => JSON.stringify(key)).join(", ");
  const noun = keys.length === 1 ? "field" : "fields";
  if (!(schema instanceof z.ZodObject)) return `unknown ${noun} ${quotedKeys}`;
  return `unknown ${noun} ${quotedKeys} (allowed: ${Object.keys(schema.shape).join(", ")})`;
}
