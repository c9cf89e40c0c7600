// POST {BASE_URL}/mcp: stateless streamable HTTP, each request authenticated by a personal
// access token and served by a server bound to that token's account. The tool-call limit counts
// per token, so one runaway agent cannot starve another.
import { Hono } from "hono";
import { bearerToken } from "../../runtime/bearer_token.ts";
import { originGuard, type OriginPolicy } from "../../runtime/mcp/browser_origin.ts";
import type { McpEndpoint } from "../../runtime/mcp/endpoint.ts";
import { jsonRpcError, UNAUTHORIZED } from "../../runtime/mcp/jsonrpc_error.ts";
import type { SessionOperations } from "../service/sessions.ts";

/** `pages`: our own origin, and the browser pages DIAGRAM_MCP_ALLOWED_ORIGINS allows. */
export function mcpRoutes(
  sessions: SessionOperations,
  endpoint: McpEndpoint,
  pages: Omit<OriginPolicy, "variable">,
): Hono {
  const app = new Hono();
  // A page's Origin is judged before its token is looked up: a foreign page learns nothing.
  app.use("/mcp", originGuard({ ...pages, variable: "DIAGRAM_MCP_ALLOWED_ORIGINS" }));
  app.all("/mcp", async (c) => {
    const token = bearerToken(c.req.header("authorization") ?? null);
    const owner = token === null ? null : await sessions.tokenOwner(token);
    if (token === null || owner === null) {
      return jsonRpcError(
        401,
        UNAUTHORIZED,
        "Unauthorized: send Authorization: Bearer <personal access token> " +
          "(create one with: deno task create-token <email> <name>)",
        { "WWW-Authenticate": 'Bearer realm="diagram"' },
      );
    }
    return endpoint.handle(c.req.raw, `token:${owner.tokenId}`, {
      token,
      clientId: owner.tokenId,
      scopes: [],
      extra: { userId: owner.userId, tokenName: owner.tokenName },
    });
  });
  return app;
}
