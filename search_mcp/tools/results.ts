// What every tool returns: text for the model, optionally the same data as structuredContent for
// clients that read the declared outputSchema. Expected failures are tool results with isError,
// so the model reads the advice instead of the client seeing a protocol error.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { EngineRequestError } from "../engine_client.ts";

export function textResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }] };
}

export function structuredResult(text: string, data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text }], structuredContent: data };
}

export function errorResult(message: string): CallToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/** Known failures become advice for the model; anything else is a bug and goes to the log. */
export function failureResult(tool: string, error: unknown): CallToolResult {
  if (error instanceof EngineRequestError) return errorResult(error.message);
  console.error(`search_mcp: ${tool} failed: ${(error as Error)?.stack ?? error}`);
  return errorResult(`${tool} failed unexpectedly; the server log has the details.`);
}
