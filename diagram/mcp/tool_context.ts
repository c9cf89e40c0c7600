// What every diagram tool needs: the caller's account and the shared diagram operations.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { errorResult, unexpectedFailure } from "../../runtime/mcp/results.ts";
import { type DiagramSpec, parseSpec } from "../../shared/spec.ts";
import type { DiagramService } from "../core/diagram_service.ts";
import type { Database } from "../db/database.ts";
import { NotFoundError } from "../store/errors.ts";

export interface ToolContext {
  db: Database;
  diagrams: DiagramService;
  userId: string;
}

/** The spec, or an isError result that lists every problem with its path. */
export function specOrProblems(input: unknown): { spec: DiagramSpec } | { result: CallToolResult } {
  const parsed = parseSpec(input);
  if (parsed.ok) return { spec: parsed.spec };
  // Paths name the tool argument, so a model can find each one in what it sent.
  const errors = parsed.errors.map((error) => error.startsWith("spec:") ? error : `spec.${error}`);
  return {
    result: errorResult(
      `The spec has ${errors.length} problem(s); nothing was saved. Fix them all and ` +
        `call again:\n${errors.map((error) => `- ${error}`).join("\n")}`,
    ),
  };
}

/** Not-found (also another account's ids) becomes advice; anything else is a logged bug. */
export function toolFailure(tool: string, error: unknown): CallToolResult {
  if (error instanceof NotFoundError) {
    return errorResult(
      `${error.message}: check the id with list_diagrams or list_collections`,
    );
  }
  return unexpectedFailure("diagram", tool, error);
}
