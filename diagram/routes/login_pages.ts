// GET/POST /login and POST /logout: sign in with a form that works without JavaScript, back to
// the page first asked for; the same throttle as /api/login.
import { Hono } from "hono";
import { z } from "zod";
import { clientAddress } from "../../runtime/http.ts";
import { TooManyAttemptsError, WrongCredentialsError } from "../service/errors.ts";
import { loginSchema } from "../service/schemas.ts";
import type { SessionOperations } from "../service/sessions.ts";
import { readForm } from "../http/form_body.ts";
import type { PageEnv } from "../http/page_session.ts";
import { safeNext } from "../http/safe_next.ts";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "../http/session_cookie.ts";
import { loginPage } from "../pages/login_page.ts";
import { retryIn } from "../pages/retry_in.ts";

/** What signing in needs: accounts, sessions and the throttle. */
export interface LoginPageDeps {
  sessions: SessionOperations;
  secureCookie: boolean;
  trustProxy: boolean;
  /** The site's own origin, the only place sign-in may return to. */
  baseUrl: string;
}

const loginForm = loginSchema.extend({ next: z.string().max(4000).optional() });

/** GET/POST /login and POST /logout. */
export function loginPages(deps: LoginPageDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();

  app.get("/login", async (c) => {
    const next = safeNext(c.req.query("next"), deps.baseUrl);
    const token = readSessionCookie(c, deps.secureCookie);
    // Already signed in: nothing to do here.
    if (token !== null && await deps.sessions.sessionUser(token)) return c.redirect(next, 303);
    return c.html(loginPage({ next }));
  });

  app.post("/login", async (c) => {
    const form = loginForm.safeParse(await readForm(c.req.raw));
    const next = safeNext(form.success ? form.data.next : undefined, deps.baseUrl);
    if (!form.success) {
      return c.html(loginPage({ next, error: "Enter your email and password." }), 400);
    }
    const { email, password } = form.data;
    try {
      const token = await deps.sessions.login(email, password, clientAddress(c, deps.trustProxy));
      setSessionCookie(c, token, deps.secureCookie);
      return c.redirect(next, 303);
    } catch (error) {
      if (error instanceof WrongCredentialsError) {
        return c.html(loginPage({ next, email, error: "Wrong email or password." }), 401);
      }
      if (error instanceof TooManyAttemptsError) {
        const message = `Too many failed sign-ins. Try again in ${retryIn(error.retryAfter)}.`;
        return c.html(loginPage({ next, email, error: message }), 429, {
          "Retry-After": String(error.retryAfter),
        });
      }
      throw error;
    }
  });

  app.post("/logout", async (c) => {
    const token = readSessionCookie(c, deps.secureCookie);
    if (token !== null) await deps.sessions.logout(token);
    clearSessionCookie(c, deps.secureCookie);
    return c.redirect("/login", 303);
  });

  return app;
}
