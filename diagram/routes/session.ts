// POST /api/login, POST /api/logout, GET /api/session.
import { Hono } from "hono";
import { clientAddress } from "../../runtime/http.ts";
import type { SessionOperations } from "../service/sessions.ts";
import { loginSchema } from "../service/schemas.ts";
import { readJsonBody } from "../http/json_body.ts";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "../http/session_cookie.ts";

/** What the session API needs. */
export interface SessionRouteDeps {
  sessions: SessionOperations;
  secureCookie: boolean;
  /** Count failures per X-Forwarded-For client rather than per proxy address. */
  trustProxy: boolean;
}

const LOGIN_BODY_BYTES = 4096;

/** POST /api/login, POST /api/logout and GET /api/session. */
export function sessionRoutes(deps: SessionRouteDeps): Hono {
  const app = new Hono();

  app.post("/api/login", async (c) => {
    const { value } = await readJsonBody(c, loginSchema, LOGIN_BODY_BYTES);
    const client = clientAddress(c, deps.trustProxy);
    // Wrong credentials (401) and throttling (429) are thrown and answered by the error mapper.
    const token = await deps.sessions.login(value.email, value.password, client);
    setSessionCookie(c, token, deps.secureCookie);
    return c.body(null, 204);
  });

  app.post("/api/logout", async (c) => {
    const token = readSessionCookie(c, deps.secureCookie);
    if (token !== null) await deps.sessions.logout(token);
    clearSessionCookie(c, deps.secureCookie);
    return c.body(null, 204);
  });

  app.get("/api/session", async (c) => {
    const token = readSessionCookie(c, deps.secureCookie);
    const user = token === null ? null : await deps.sessions.sessionUser(token);
    if (!user) return c.json({ error: "not logged in" }, 401);
    return c.json({ email: user.email });
  });

  return app;
}
