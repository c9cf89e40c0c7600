// POST /api/login, POST /api/logout, GET /api/session.
import { Hono } from "hono";
import { clientAddress } from "../../runtime/http.ts";
import type { Database } from "../db/database.ts";
import { hashPassword, verifyPassword } from "../../shared/password.ts";
import type { LoginThrottle } from "../auth/login_throttle.ts";
import { readJsonBody } from "../http/json_body.ts";
import { loginSchema } from "../http/schemas.ts";
import { expiredSessionCookie, readSessionCookie, sessionCookie } from "../http/session_cookie.ts";
import { createSession, deleteSession, findSessionUser } from "../store/sessions.ts";
import { findUserByEmail } from "../store/users.ts";

export interface SessionRouteDeps {
  db: Database;
  throttle: LoginThrottle;
  secureCookie: boolean;
  /** Count failures per X-Forwarded-For client rather than per proxy address. */
  trustProxy: boolean;
}

const LOGIN_BODY_BYTES = 4096;
const WRONG_CREDENTIALS = "wrong email or password";

export function sessionRoutes(deps: SessionRouteDeps): Hono {
  const app = new Hono();
  // Unknown emails are checked against this hash, so they take as long as known ones.
  const decoyHash = hashPassword(crypto.randomUUID());

  app.post("/api/login", async (c) => {
    const { value } = await readJsonBody(c, loginSchema, LOGIN_BODY_BYTES);
    const { email } = value;
    const client = clientAddress(c, deps.trustProxy);
    const wait = deps.throttle.retryAfter(email, client);
    if (wait !== null) {
      return c.json({ error: `too many failed logins; retry in ${wait} s` }, 429, {
        "Retry-After": String(wait),
      });
    }
    const user = await findUserByEmail(deps.db, email);
    const matches = await verifyPassword(value.password, user?.passwordHash ?? await decoyHash);
    if (!user || !matches) {
      deps.throttle.recordFailure(email, client);
      return c.json({ error: WRONG_CREDENTIALS }, 401);
    }
    deps.throttle.recordSuccess(email);
    const token = await createSession(deps.db, user.id);
    return c.body(null, 204, { "Set-Cookie": sessionCookie(token, deps.secureCookie) });
  });

  app.post("/api/logout", async (c) => {
    const token = readSessionCookie(c.req.header("cookie") ?? null, deps.secureCookie);
    if (token !== null) await deleteSession(deps.db, token);
    return c.body(null, 204, { "Set-Cookie": expiredSessionCookie(deps.secureCookie) });
  });

  app.get("/api/session", async (c) => {
    const token = readSessionCookie(c.req.header("cookie") ?? null, deps.secureCookie);
    const user = token === null ? null : await findSessionUser(deps.db, token);
    if (!user) return c.json({ error: "not logged in" }, 401);
    return c.json({ email: user.email });
  });

  return app;
}
