// What every tool returns: text for the model, optionally the same data as structuredContent for
// clients that read the declared outputSchema. Expected failures are tool results with isError,
// so the model reads the advice instead of the client seeing a protocol error.
import type { CallToolResult } from "@modelcontextprotocol/server";

export function textResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }] };
}

export function structuredResult(text: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: data };
}

/**
 * A refusal. It never carries structuredContent: the SDK 1.x client (what most hosts embed)
 * checks structuredContent against the tool's outputSchema even with isError, and a refusal
 * does not match a result's schema, so the caller would get a -32602 error instead of the words.
 * What a program needs to tell refusals apart goes in `meta` (the result's `_meta`), which both
 * SDK lines pass on as it is.
 */
export function errorResult(message: string, meta?: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: "text", text: message }],
    isError: true,
    ...(meta === undefined ? {} : { _meta: meta }),
  };
}

/** For failures that are bugs: the cause goes to the log, the model gets a plain apology. */
export function unexpectedFailure(service: string, tool: string, error: unknown): CallToolResult {
  console.error(`${service}: ${tool} failed: ${(error as Error)?.stack ?? error}`);
  return errorResult(`${tool} failed unexpectedly; the server log has the details.`);
}
