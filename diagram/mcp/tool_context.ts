// What every diagram tool needs: the service layer's operations and who is calling (an agent, through
// MCP, on behalf of the token's account); and how a refusal reads to the agent.
import type { CallToolResult } from "@modelcontextprotocol/server";
import { errorResult, unexpectedFailure } from "../../runtime/mcp/results.ts";
import type { CollectionOperations } from "../service/collections.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import type { Actor } from "../service/diagrams.ts";
import type { HistoryOperations } from "../service/history.ts";
import type { ShareLinkOperations } from "../service/share_links.ts";
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  StaleRevisionError,
} from "../service/errors.ts";
import { DrawingBusyError, DrawingTimeoutError } from "../drawing_pool/drawing_pool.ts";

export interface ToolContext {
  diagrams: DiagramOperations;
  history: HistoryOperations;
  collections: CollectionOperations;
  shares: ShareLinkOperations;
  actor: Actor;
}

/** Refusals become advice the agent can act on; anything else is a logged bug. */
export function toolFailure(tool: string, error: unknown): CallToolResult {
  if (error instanceof InvalidInputError) {
    return errorResult(
      `${capitalised(error.message)}. Fix every problem and call again:\n` +
        error.problems.map((problem) => `- ${problem}`).join("\n"),
    );
  }
  if (error instanceof NotFoundError) {
    return errorResult(`${error.message}: check the id with list_diagrams or list_collections`);
  }
  if (error instanceof StaleRevisionError) {
    return errorResult(
      `The diagram changed while this call ran (it is now at revision ` +
        `${error.currentRevision}); nothing was saved. Read it again with get_diagram and retry.`,
    );
  }
  if (error instanceof DrawingBusyError) {
    return errorResult(`${error.message}; nothing was saved. Retry in a few seconds.`);
  }
  if (error instanceof DrawingTimeoutError || error instanceof ConflictError) {
    return errorResult(error.message);
  }
  return unexpectedFailure("diagram", tool, error);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
