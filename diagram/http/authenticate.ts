// Who is calling: a personal access token (`Authorization: Bearer dgm_…`, for scripts and MCP
// clients) or the browser's session cookie. Either way the route sees only the account id.
import type { MiddlewareHandler } from "hono";
import { bearerToken } from "../../runtime/bearer_token.ts";
import type { Actor } from "../service/diagrams.ts";
import type { SessionOperations } from "../service/sessions.ts";
import { crossSiteRefusal } from "./same_origin.ts";
import { readSessionCookie } from "./session_cookie.ts";

export interface AuthVariables {
  userId: string;
  /** Cookie callers get the cross-site check; token callers cannot be forged by a browser. */
  authKind: "session" | "token";
  /** The id of the session or access token (not its secret): what a collab token names. */
  credentialId: string;
  /** The access token's name, for a token caller: what the history says a write was made with. */
  tokenName?: string;
}

export type DiagramHonoEnv = { Variables: AuthVariables };

/**
 * A bearer token, when an Authorization header is sent, else the session cookie. Only the token
 * exempts a write from the same-origin check (no other site can make a browser send it); a write
 * that the cookie authenticates must come from `ownOrigin`, whatever other headers it carries.
 */
export function authenticate(
  sessions: SessionOperations,
  secureCookie: boolean,
  ownOrigin: string,
): MiddlewareHandler<DiagramHonoEnv> {
  return async (c, next) => {
    const authorization = c.req.header("authorization") ?? null;
    if (authorization !== null) {
      const token = bearerToken(authorization);
      const owner = token === null ? null : await sessions.tokenOwner(token);
      if (!owner) {
        return c.json({ error: "invalid, revoked or malformed access token" }, 401, {
          "WWW-Authenticate": 'Bearer realm="diagram", error="invalid_token"',
        });
      }
      c.set("userId", owner.userId);
      c.set("authKind", "token");
      c.set("credentialId", owner.tokenId);
      c.set("tokenName", owner.tokenName);
      return next();
    }
    const refused = crossSiteRefusal(c, ownOrigin);
    if (refused !== null) return refused;
    const session = readSessionCookie(c, secureCookie);
    const user = session === null ? null : await sessions.sessionUser(session);
    if (!user) {
      return c.json(
        { error: "log in first (POST /api/login) or send a bearer access token" },
        401,
        {
          "WWW-Authenticate": 'Bearer realm="diagram"',
        },
      );
    }
    c.set("userId", user.userId);
    c.set("authKind", "session");
    c.set("credentialId", user.sessionId);
    await next();
  };
}

/**
 * The signed-in caller as the service layer's actor: REST and the pages are the "web" door; a token
 * caller's writes name the token.
 */
export function actorOf(c: { var: { userId: string; tokenName?: string } }): Actor {
  const { userId, tokenName } = c.var;
  return { userId, via: "web", ...(tokenName === undefined ? {} : { tokenName }) };
}
