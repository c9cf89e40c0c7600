// POST {BASE_URL}/mcp: stateless streamable HTTP, each request authenticated by a personal
// access token and served by a server bound to that token's account.
import { Hono } from "hono";
import { clientAddress } from "../../runtime/http.ts";
import type { McpEndpoint } from "../../runtime/mcp/endpoint.ts";
import { jsonRpcError, UNAUTHORIZED } from "../../runtime/mcp/jsonrpc_error.ts";
import type { Database } from "../db/database.ts";
import { bearerToken } from "../http/authenticate.ts";
import { findTokenOwner } from "../store/access_tokens.ts";

export function mcpRoutes(db: Database, endpoint: McpEndpoint, trustProxy: boolean): Hono {
  const app = new Hono();
  app.all("/mcp", async (c) => {
    const token = bearerToken(c.req.header("authorization") ?? null);
    const owner = token === null ? null : await findTokenOwner(db, token);
    if (token === null || owner === null) {
      return jsonRpcError(
        401,
        UNAUTHORIZED,
        "Unauthorized: send Authorization: Bearer <personal access token> " +
          "(create one with: deno task create-token <email> <name>)",
        { "WWW-Authenticate": 'Bearer realm="diagram"' },
      );
    }
    return endpoint.handle(c.req.raw, clientAddress(c, trustProxy), {
      token,
      clientId: owner.tokenId,
      scopes: [],
      extra: { userId: owner.userId },
    });
  });
  return app;
}
