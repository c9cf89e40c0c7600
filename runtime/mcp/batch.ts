// JSON-RPC batches: protocol revision 2025-03-26 allowed them, 2025-06-18 removed them, and
// initialize was never allowed in one. The SDK's 2025-era transport takes a batch under any
// revision, so the endpoint refuses the ones the client's revision does not allow first.
import { isInitializeRequest } from "@modelcontextprotocol/server";
import { INVALID_REQUEST, jsonRpcError } from "./jsonrpc_error.ts";
import { PROTOCOL_VERSIONS } from "./server_options.ts";

/** The revision a request without MCP-Protocol-Version speaks, when no session says otherwise. */
export const ASSUMED_PROTOCOL_VERSION = "2025-03-26";

const BATCHES_REMOVED_IN = "2025-06-18";

/**
 * The 400 for a batch that `version` does not allow; null when `body` is no batch or may be one.
 * A revision we do not speak is left to the SDK, which answers it with the revisions we do.
 */
export function batchRefusal(body: unknown, version: string): Response | null {
  if (!Array.isArray(body)) return null;
  if (body.some((message) => isInitializeRequest(message))) {
    return jsonRpcError(
      400,
      INVALID_REQUEST,
      "Invalid Request: initialize must be sent on its own, not in a batch",
    );
  }
  const spoken = (PROTOCOL_VERSIONS as readonly string[]).includes(version);
  // Revisions are dates, so they compare as text.
  if (spoken && version >= BATCHES_REMOVED_IN) {
    return jsonRpcError(
      400,
      INVALID_REQUEST,
      `Invalid Request: protocol revision ${version} has no JSON-RPC batches (2025-06-18 ` +
        "removed them); send each message in its own request",
    );
  }
  return null;
}
