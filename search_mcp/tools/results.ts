// Engine failures are advice for the model; anything else is a bug and goes to the log.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { errorResult, unexpectedFailure } from "../../runtime/mcp/results.ts";
import { EngineRequestError } from "../engine_client.ts";

export function failureResult(tool: string, error: unknown): CallToolResult {
  if (error instanceof EngineRequestError) return errorResult(error.message);
  return unexpectedFailure("search_mcp", tool, error);
}
