// Pages need a signed-in person: without a session cookie that names a live session the browser
// is sent to the login page, which brings it back here afterwards.
import type { MiddlewareHandler } from "hono";
import type { SessionOperations } from "../service/sessions.ts";
import type { DiagramHonoEnv } from "./authenticate.ts";
import { readSessionCookie } from "./session_cookie.ts";

export type PageEnv = { Variables: DiagramHonoEnv["Variables"] & { email: string } };

export function signedInPage(
  sessions: SessionOperations,
  secureCookie: boolean,
): MiddlewareHandler<PageEnv> {
  return async (c, next) => {
    const token = readSessionCookie(c, secureCookie);
    const user = token === null ? null : await sessions.sessionUser(token);
    if (!user) {
      const url = new URL(c.req.url);
      const back = encodeURIComponent(url.pathname + url.search);
      return c.redirect(`/login?next=${back}`, 303);
    }
    c.set("userId", user.userId);
    c.set("authKind", "session");
    c.set("email", user.email);
    await next();
  };
}
