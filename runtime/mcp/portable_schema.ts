// Tool schemas in the JSON Schema every MCP client reads: zod writes a nullable string as
// `"type": ["string", "null"]`, which some clients and schema checkers refuse; the same set of
// values as `anyOf` of single types is understood everywhere.
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";
import type { z } from "zod";

type JsonSchemaOf = (options: { target: string }) => Record<string, unknown>;

export function portableSchema<S extends z.ZodType>(
  schema: S,
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema["~standard"] as unknown as StandardSchemaWithJSON<
    z.input<S>,
    z.output<S>
  >["~standard"];
  const json = standard.jsonSchema as unknown as { input: JsonSchemaOf; output: JsonSchemaOf };
  return {
    "~standard": {
      ...standard,
      jsonSchema: {
        input: (options: { target: string }) => withoutTypeArrays(json.input(options)),
        output: (options: { target: string }) => withoutTypeArrays(json.output(options)),
      },
    } as unknown as StandardSchemaWithJSON<z.input<S>, z.output<S>>["~standard"],
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
