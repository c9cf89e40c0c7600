// A tool schema whose JSON Schema is computed once per process. The SDK converts a tool's schemas
// on every tools/list, and once per server instance for tools/call (to project
// structuredContent, and for a 2026-07-28 call's Mcp-Param headers); with a server per request
// (MCP_HTTP_STATELESS, 2026-07-28 clients) that conversion was about a tenth of a tool call's
// CPU. It depends on the schema and the target only, so the first answer is kept; it is frozen so
// that no request can change what the next one publishes.
import type { StandardSchemaWithJSON } from "@modelcontextprotocol/server";

type JsonSchemaOf = (options: { target: string }) => Record<string, unknown>;

export function convertedOnce<I, O>(
  schema: StandardSchemaWithJSON<I, O>,
): StandardSchemaWithJSON<I, O> {
  const standard = schema["~standard"];
  const json = standard.jsonSchema as unknown as { input: JsonSchemaOf; output: JsonSchemaOf };
  return {
    "~standard": {
      ...standard,
      jsonSchema: { input: memoized(json.input), output: memoized(json.output) },
    } as unknown as StandardSchemaWithJSON<I, O>["~standard"],
  };
}

function memoized(convert: JsonSchemaOf): JsonSchemaOf {
  const byTarget = new Map<string, Record<string, unknown>>();
  return (options) => {
    let converted = byTarget.get(options.target);
    if (converted === undefined) {
      converted = deepFreeze(convert(options));
      byTarget.set(options.target, converted);
    }
    return converted;
  };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
