// HTTP-level refusals in the JSON-RPC error shape MCP clients parse (id null: the request was
// refused before any message in it was read).

/** Server-defined error code (JSON-RPC reserves -32000..-32099 for servers). */
export const SERVER_ERROR = -32000;
export const UNAUTHORIZED = -32001;
export const SESSION_NOT_FOUND = -32001;
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;

export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, {
    status,
    headers,
  });
}
