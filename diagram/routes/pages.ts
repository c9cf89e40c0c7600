// The pages a person uses: sign in and out, the gallery, a diagram's page, the account page, and
// the stylesheet and script they load.
// Forms work without JavaScript; every page needs a session and sends the browser to /login
// (and back) without one.
import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { clientAddress } from "../../runtime/http.ts";
import { readBodyCapped } from "../../runtime/read_capped.ts";
import { parseMediaType } from "../../shared/media_type.ts";
import type { AccountOperations } from "../core/accounts.ts";
import type { DiagramOperations, DiagramView } from "../core/diagrams.ts";
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  TooManyAttemptsError,
  WrongCredentialsError,
} from "../core/errors.ts";
import {
  idSchema,
  loginSchema,
  MIN_PASSWORD_LENGTH,
  nameSchema,
  tokenNameSchema,
} from "../core/schemas.ts";
import type { SessionOperations } from "../core/sessions.ts";
import { type PageEnv, signedInPage } from "../http/page_session.ts";
import { decodeCursor, encodeCursor } from "../http/page_cursor.ts";
import { DIAGRAM_SORTS } from "../core/diagrams.ts";
import { safeNext } from "../http/safe_next.ts";
import { clearSessionCookie, readSessionCookie, setSessionCookie } from "../http/session_cookie.ts";
import { accountPage, type AccountView } from "../pages/account_page.ts";
import { COPY_JS } from "../pages/copy_script.ts";
import { confirmDeletePage, diagramPage, notFoundPage } from "../pages/diagram_page.ts";
import { galleryPage } from "../pages/gallery_page.ts";
import { type ImportOutcome, importPage } from "../pages/import_page.ts";
import { loginPage } from "../pages/login_page.ts";
import { STYLE_CSS } from "../pages/style.ts";

export interface PageRouteDeps {
  sessions: SessionOperations;
  accounts: AccountOperations;
  diagrams: DiagramOperations;
  baseUrl: string;
  secureCookie: boolean;
  trustProxy: boolean;
}

const LOGIN_FORM_BYTES = 4096;
/** One import: a few files of the biggest size a diagram may have. */
const IMPORT_BYTES = 32 * 1024 * 1024;
const MAX_IMPORT_FILES = 50;
/** Cards per gallery page. */
const GALLERY_SIZE = 60;

const sortSchema = z.enum(DIAGRAM_SORTS);

type DiagramPageEnv = {
  Variables: PageEnv["Variables"] & { diagram: DiagramView & { drawn: boolean } };
};
const loginForm = loginSchema.extend({ next: z.string().max(4000).optional() });
const tokenForm = z.object({ name: tokenNameSchema });
const passwordForm = z.object({
  current: z.string().max(1024),
  next: z.string().min(MIN_PASSWORD_LENGTH).max(1024),
});

/** Outcomes of the account page's forms, shown after their redirect. */
const ACCOUNT_NOTICES: Record<string, string> = {
  revoked: "Token revoked: clients using it are refused from now on.",
  password: "Password changed. Every other browser is signed out.",
};

export function pageRoutes(deps: PageRouteDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();
  const signedIn = signedInPage(deps.sessions, deps.secureCookie);

  app.get("/static/style.css", (c) =>
    c.body(STYLE_CSS, 200, {
      "Content-Type": "text/css; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    }));

  app.get("/static/copy.js", (c) =>
    c.body(COPY_JS, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
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
    const sort = sortSchema.catch("updated").parse(c.req.query("sort"));
    const after = query === undefined ? decodeCursor(c.req.query("after")) : undefined;
    // One more than a page says whether a next page exists, without counting.
    const rows = await deps.diagrams.list(c.get("userId"), {
      limit: GALLERY_SIZE + 1,
      query,
      sort,
      after,
    });
    const diagrams = rows.slice(0, GALLERY_SIZE);
    const more = query === undefined && rows.length > GALLERY_SIZE;
    return c.html(galleryPage({
      email: c.get("email"),
      diagrams,
      query,
      sort,
      paged: after !== undefined,
      nextPage: more
        ? `/?sort=${sort}&after=${encodeCursor(diagrams[diagrams.length - 1].position)}`
        : undefined,
      mcpUrl: `${deps.baseUrl}/mcp`,
      now: Date.now(),
    }));
  });

  const actor = (c: { get(key: "userId"): string }) => ({
    userId: c.get("userId"),
    via: "web" as const,
  });

  // Every /d/:id route first finds its diagram (without the file); a malformed, unknown or foreign
  // id is the same not-found page.
  const diagramRoutes = new Hono<DiagramPageEnv>();
  const findDiagram: MiddlewareHandler<DiagramPageEnv> = async (c, next) => {
    const id = idSchema.safeParse(c.req.param("id"));
    try {
      if (!id.success) throw new NotFoundError("diagram not found");
      c.set("diagram", await deps.diagrams.details(c.get("userId"), id.data));
    } catch (error) {
      if (error instanceof NotFoundError) return c.html(notFoundPage(c.get("email")), 404);
      throw error;
    }
    await next();
  };
  // "/d/:id/*" matches "/d/:id" itself too: one registration, run once per request.
  diagramRoutes.use("/d/:id/*", signedIn, findDiagram);

  diagramRoutes.get("/d/:id", (c) => c.html(diagramPage(c.get("diagram"), c.get("email"))));

  diagramRoutes.post("/d/:id/rename", async (c) => {
    const diagram = c.get("diagram");
    const name = nameSchema.safeParse((await readForm(c.req.raw)).name);
    if (!name.success) {
      const problem = "Give the diagram a name: up to 200 characters, no line breaks.";
      return c.html(diagramPage(diagram, c.get("email"), problem), 400);
    }
    await deps.diagrams.updateDetails(actor(c), diagram.id, { name: name.data });
    return c.redirect(`/d/${diagram.id}`, 303);
  });

  diagramRoutes.post("/d/:id/duplicate", async (c) => {
    const copy = await deps.diagrams.duplicate(actor(c), c.get("diagram").id);
    return c.redirect(`/d/${copy.id}`, 303);
  });

  diagramRoutes.get(
    "/d/:id/delete",
    (c) => c.html(confirmDeletePage(c.get("diagram"), c.get("email"))),
  );

  diagramRoutes.post("/d/:id/delete", async (c) => {
    await deps.diagrams.delete(actor(c), c.get("diagram").id);
    return c.redirect("/", 303);
  });
  app.route("/", diagramRoutes);

  app.post("/import", signedIn, async (c) => {
    const type = parseMediaType(c.req.header("content-type") ?? null).essence;
    if (type !== "multipart/form-data") {
      throw new HTTPException(415, { message: "send the files as multipart/form-data" });
    }
    const bytes = await readBodyCapped(c.req.raw, IMPORT_BYTES);
    if (bytes === null) {
      throw new HTTPException(413, { message: `an import is at most ${IMPORT_BYTES} bytes` });
    }
    const form = await new Request(c.req.url, {
      method: "POST",
      headers: { "content-type": c.req.header("content-type")! },
      body: bytes as Uint8Array<ArrayBuffer>,
    }).formData().catch(() => null);
    const files = (form?.getAll("files") ?? []).filter((entry) => entry instanceof File);
    if (files.length === 0 || files.length > MAX_IMPORT_FILES) {
      throw new HTTPException(400, {
        message: `choose between 1 and ${MAX_IMPORT_FILES} .excalidraw files`,
      });
    }
    const outcomes: ImportOutcome[] = [];
    for (const file of files) outcomes.push(await importOne(c.get("userId"), file));
    return c.html(importPage(c.get("email"), outcomes));
  });

  /** One file: its JSON validated whole and stored as one diagram, or its problems. */
  const importOne = async (userId: string, file: File): Promise<ImportOutcome> => {
    const name = file.name.replace(/\.(excalidraw|json)$/i, "").trim().slice(0, 200) ||
      "Imported diagram";
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      return { file: file.name, problems: ["the file is not JSON (is it an .excalidraw file?)"] };
    }
    try {
      const imported = await deps.diagrams.create({ userId, via: "import" }, {
        name: nameSchema.catch("Imported diagram").parse(name),
        collectionId: null,
        file: json,
      });
      return { file: file.name, imported: { id: imported.id, name: imported.name } };
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return { file: file.name, problems: error.problems };
    }
  };

  const account = async (
    c: { get(key: "userId" | "email"): string },
    extra: Partial<AccountView> = {},
  ) =>
    accountPage({
      email: c.get("email"),
      tokens: await deps.accounts.tokensOf(c.get("userId")),
      mcpUrl: `${deps.baseUrl}/mcp`,
      ...extra,
    });

  app.get("/account", signedIn, async (c) => {
    return c.html(await account(c, { notice: ACCOUNT_NOTICES[c.req.query("done") ?? ""] }));
  });

  app.post("/account/tokens", signedIn, async (c) => {
    const form = tokenForm.safeParse(await readForm(c.req.raw));
    if (!form.success) {
      const problem = "Name the token with letters, digits and punctuation, no spaces.";
      return c.html(await account(c, { problem }), 400);
    }
    try {
      const token = await deps.accounts.createTokenFor(c.get("userId"), form.data.name);
      // Shown in this answer only: nothing stores the token itself.
      c.header("Cache-Control", "no-store");
      return c.html(await account(c, { created: { name: form.data.name, token } }), 201);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const problem =
        `A live token is already named “${form.data.name}”: revoke it or pick another.`;
      return c.html(await account(c, { problem }), 409);
    }
  });

  app.post("/account/tokens/revoke", signedIn, async (c) => {
    const name = String((await readForm(c.req.raw)).name ?? "");
    try {
      await deps.accounts.revokeTokenOf(c.get("userId"), name);
      return c.redirect("/account?done=revoked", 303);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      return c.html(await account(c, { problem: `No live token is named “${name}”.` }), 404);
    }
  });

  app.post("/account/password", signedIn, async (c) => {
    const form = passwordForm.safeParse(await readForm(c.req.raw));
    if (!form.success) {
      const problem = `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
      return c.html(await account(c, { problem }), 400);
    }
    try {
      const token = await deps.accounts.changePassword(
        c.get("userId"),
        form.data.current,
        form.data.next,
      );
      setSessionCookie(c, token, deps.secureCookie);
      return c.redirect("/account?done=password", 303);
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return c.html(await account(c, { problem: "The current password is wrong." }), 400);
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
