// The pages a person uses: sign in and out, the gallery, a diagram's page, and the stylesheet.
// Forms work without JavaScript; every page needs a session and sends the browser to /login
// (and back) without one.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { clientAddress } from "../../runtime/http.ts";
import { readBodyCapped } from "../../runtime/read_capped.ts";
import { parseMediaType } from "../../shared/media_type.ts";
import type { DiagramOperations } from "../core/diagrams.ts";
import { NotFoundError, TooManyAttemptsError, WrongCredentialsError } from "../core/errors.ts";
import { idSchema, loginSchema } from "../core/schemas.ts";
import type { SessionOperations } from "../core/sessions.ts";
import { type PageEnv, signedInPage } from "../http/page_session.ts";
import { safeNext } from "../http/safe_next.ts";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "../http/session_cookie.ts";
import { diagramPage, notFoundPage } from "../pages/diagram_page.ts";
import { galleryPage } from "../pages/gallery_page.ts";
import { loginPage } from "../pages/login_page.ts";
import { STYLE_CSS } from "../pages/style.ts";

export interface PageRouteDeps {
  sessions: SessionOperations;
  diagrams: DiagramOperations;
  baseUrl: string;
  secureCookie: boolean;
  trustProxy: boolean;
}

const LOGIN_FORM_BYTES = 4096;
/** The gallery's first page; paging and sorting come with the rest of the gallery. */
const GALLERY_SIZE = 60;

const loginForm = loginSchema.extend({ next: z.string().max(4000).optional() });

export function pageRoutes(deps: PageRouteDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  const signedIn = signedInPage(deps.sessions, deps.secureCookie);

  app.get("/static/style.css", (c) =>
    c.body(STYLE_CSS, 200, {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }));

  app.get("/login", async (c) => {
    const next = safeNext(c.req.query("next"));
    const token = readSessionCookie(c, deps.secureCookie);
    // Already signed in: nothing to do here.
    if (token !== null && await deps.sessions.sessionUser(token)) return c.redirect(next, 303);
    return c.html(loginPage({ next }));
  });

  app.post("/login", async (c) => {
    const form = loginForm.safeParse(await readForm(c.req.raw));
    const next = safeNext(form.success ? form.data.next : undefined);
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
        const minutes = Math.ceil(error.retryAfter / 60);
        return c.html(
          loginPage({
            next,
            email,
            error: `Too many failed sign-ins. Try again in ${minutes} minute${
              minutes === 1 ? "" : "s"
            }.`,
          }),
          429,
          { "Retry-After": String(error.retryAfter) },
        );
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

  app.get("/", signedIn, async (c) => {
    // An empty search box is no search; a very long one is cut, as the index reads 20 words.
    const query = c.req.query("q")?.trim().slice(0, 200) || undefined;
    const diagrams = await deps.diagrams.list(c.get("userId"), { limit: GALLERY_SIZE, query });
    return c.html(galleryPage({
      email: c.get("email"),
      diagrams,
      query,
      mcpUrl: `${deps.baseUrl}/mcp`,
      now: Date.now(),
    }));
  });

  app.get("/d/:id", signedIn, async (c) => {
    const id = idSchema.safeParse(c.req.param("id"));
    try {
      if (!id.success) throw new NotFoundError("diagram not found");
      const { file: _, ...diagram } = await deps.diagrams.get(c.get("userId"), id.data);
      return c.html(diagramPage(diagram, c.get("email")));
    } catch (error) {
      if (error instanceof NotFoundError) return c.html(notFoundPage(c.get("email")), 404);
      throw error;
    }
  });

  // The address answers handed out before the pages existed.
  app.get("/diagrams/:id", (c) => c.redirect(`/d/${encodeURIComponent(c.req.param("id"))}`, 301));

  return app;
}

/** A urlencoded form body, size-capped; anything else is refused. */
async function readForm(request: Request): Promise<Record<string, string>> {
  const type = parseMediaType(request.headers.get("content-type")).essence;
  if (type !== "application/x-www-form-urlencoded") {
    throw new HTTPException(415, { message: "send the form as application/x-www-form-urlencoded" });
  }
  const bytes = await readBodyCapped(request, LOGIN_FORM_BYTES);
  if (bytes === null) throw new HTTPException(413, { message: "the form is too large" });
  return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)));
}
