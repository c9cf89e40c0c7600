// The schemas an MCP tool registers, as both servers register them. Three things happen here:
// - Portable: zod writes a nullable string as `"type": ["string", "null"]`, which some clients and
//   schema checkers refuse; the same set of values as `anyOf` of single types is understood
//   everywhere.
// - Converted once: the SDK converts a tool's schemas on every tools/list, and once per server
//   instance for tools/call (to project structuredContent, and for a 2026-07-28 call's Mcp-Param
//   headers); with a server per request (diagram, MCP_HTTP_STATELESS, 2026-07-28 clients) that
//   conversion was about a tenth of a tool call's CPU. It depends on the schema and the target
//   only, so the first answer is kept, frozen so that no request can change what the next one
//   publishes. A tool module therefore makes its schemas once, at module level, not per server.
// - Optionally lenient: for arguments whose problems the tool reports itself (each with its path
//   and advice), the schema validates leniently and publishes the `documented` one, so the SDK's
//   own one-line validation error does not answer first.
// - Optionally unchecked, for a result the tool builds itself from typed values: the SDK parses a
//   tool's structuredContent against its output schema on every call only to refuse a tool's own
//   mistake, which the type checker and the tests (a real client checks every tool's answers
//   against the published schema) already rule out. For searxng_web_search that parse was the
//   largest allocation of a call (about 40 of 290 KB: zod copies each of the ten results).
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

type JsonSchemaOf = (options: { target: string }) => Record<string, unknown>;

export interface ToolSchemaOptions {
  /** The schema whose JSON Schema is published; the validating schema's own when unset. */
  documented?: z.ZodType;
  /**
   * False for an output the tool builds itself from values of the schema's type: published as
   * usual, accepted without a parse per call. Never for arguments, which come from the client.
   */
  checkedPerCall?: boolean;
}

/** `schema` validates the arguments (or the result); the JSON Schema published is portable and made once. */
export function toolSchema<S extends z.ZodType>(
  schema: S,
  { documented = schema, checkedPerCall = true }: ToolSchemaOptions = {},
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const json = documented["~standard"].jsonSchema as unknown as Record<
    "input" | "output",
    JsonSchemaOf
  >;
  return {
    "~standard": {
      ...schema["~standard"],
      ...(checkedPerCall ? {} : { validate: (value: unknown) => ({ value }) }),
      jsonSchema: { input: portableOnce(json.input), output: portableOnce(json.output) },
    } as unknown as StandardSchemaWithJSON<z.input<S>, z.output<S>>["~standard"],
  };
}

function portableOnce(convert: JsonSchemaOf): JsonSchemaOf {
  const byTarget = new Map<string, Record<string, unknown>>();
  return (options) => {
    let converted = byTarget.get(options.target);
    if (converted === undefined) {
      converted = deepFreeze(withoutTypeArrays(convert(options)));
      byTarget.set(options.target, converted);
    }
    return converted;
  };
}

/** Every `"type": [a, b]` becomes `"anyOf": [{"type": a}, {"type": b}]`, at any depth. */
export function withoutTypeArrays<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withoutTypeArrays) as T;
  if (node === null || typeof node !== "object") return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "type" && Array.isArray(value)) {
      result.anyOf = value.map((type) => ({ type }));
    } else {
      result[key] = withoutTypeArrays(value);
    }
  }
  return result as T;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
