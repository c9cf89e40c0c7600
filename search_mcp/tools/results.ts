// Engine failures are advice for the model; a call whose client went away is not a failure;
// anything else is a bug and goes to the log.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { errorResult, unexpectedFailure } from "../../runtime/mcp/results.ts";
import { EngineRequestError } from "../engine_client.ts";

/** `signal` is the call's own: aborted when the client cancelled it or hung up. */
export function failureResult(tool: string, error: unknown, signal: AbortSignal): CallToolResult {
  if (error instanceof EngineRequestError) return errorResult(error.message);
  if (signal.aborted) return errorResult(`${tool} was cancelled`);
  return unexpectedFailure("search_mcp", tool, error);
}
