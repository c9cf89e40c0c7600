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

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** For failures that are bugs: the cause goes to the log, the model gets a plain apology. */
export function unexpectedFailure(service: string, tool: string, error: unknown): CallToolResult {
  console.error(`${service}: ${tool} failed: ${(error as Error)?.stack ?? error}`);
  return errorResult(`${tool} failed unexpectedly; the server log has the details.`);
}
