// /account: the signed-in person's access tokens (create one, shown once with the MCP client
// configuration; revoke), live share links (their forms are in share_pages.ts) and password (the
// current one required; every other session ends).
import { Hono } from "hono";
import { z } from "zod";
import { clientAddress } from "../../runtime/http.ts";
import type { AccountOperations } from "../service/accounts.ts";
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  TooManyAttemptsError,
} from "../service/errors.ts";
import { MIN_PASSWORD_LENGTH, tokenNameSchema } from "../service/schemas.ts";
import type { SessionOperations } from "../service/sessions.ts";
import type { ShareLinkOperations } from "../service/share_links.ts";
import { readForm } from "../http/form_body.ts";
import type { PageEnv } from "../http/page_session.ts";
import { setSessionCookie } from "../http/session_cookie.ts";
import { accountPage, type AccountView } from "../pages/account_page.ts";
import { retryIn } from "../pages/retry_in.ts";
import { SHARE_LINK_NOTICES } from "../pages/share_link_table.ts";

/** What the account page needs: tokens, share links, accounts. */
export interface AccountPageDeps {
  sessions: SessionOperations;
  accounts: AccountOperations;
  shares: ShareLinkOperations;
  /** Where MCP clients connect: `{BASE_URL}/mcp`. */
  mcpUrl: string;
  secureCookie: boolean;
  trustProxy: boolean;
}

const tokenForm = z.object({ name: tokenNameSchema });
const passwordForm = z.object({
  current: z.string().max(1024),
  next: z.string().min(MIN_PASSWORD_LENGTH).max(1024),
});

/** Outcomes of the account page's forms, shown after their redirect. */
const ACCOUNT_NOTICES: Record<string, string> = {
  revoked: "Token revoked: clients using it are refused from now on.",
  password: "Password changed. Every other browser is signed out.",
  ...SHARE_LINK_NOTICES,
};

/** Mounted behind the signed-in check. */
export function accountPages(deps: AccountPageDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();

  const page = async (
    c: { get(key: "userId" | "email"): string },
    extra: Partial<AccountView> = {},
  ) =>
    accountPage({
      email: c.get("email"),
      tokens: await deps.accounts.tokensOf(c.get("userId")),
      shareLinks: await deps.shares.list(c.get("userId")),
      mcpUrl: deps.mcpUrl,
      ...extra,
    });

  app.get("/account", async (c) => {
    return c.html(await page(c, { notice: ACCOUNT_NOTICES[c.req.query("done") ?? ""] }));
  });

  app.post("/account/tokens", async (c) => {
    const form = tokenForm.safeParse(await readForm(c.req.raw));
    if (!form.success) {
      const problem = "Name the token with letters, digits and punctuation, no spaces.";
      return c.html(await page(c, { problem }), 400);
    }
    try {
      const token = await deps.accounts.createTokenFor(c.get("userId"), form.data.name);
      // Shown in this answer only: nothing stores the token itself. Nor is the page compressed,
      // since it shows the token beside the name the visitor typed (BREACH: the compressed
      // length would tell a guess of the token's next characters right from wrong).
      c.header("Cache-Control", "no-store, no-transform");
      return c.html(await page(c, { created: { name: form.data.name, token } }), 201);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      const problem =
        `A live token is already named “${form.data.name}”: revoke it or pick another.`;
      return c.html(await page(c, { problem }), 409);
    }
  });

  app.post("/account/tokens/revoke", async (c) => {
    const name = String((await readForm(c.req.raw)).name ?? "");
    try {
      await deps.accounts.revokeTokenOf(c.get("userId"), name);
      return c.redirect("/account?done=revoked", 303);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      return c.html(await page(c, { problem: `No live token is named “${name}”.` }), 404);
    }
  });

  app.post("/account/password", async (c) => {
    const form = passwordForm.safeParse(await readForm(c.req.raw));
    if (!form.success) {
      const problem = `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`;
      return c.html(await page(c, { problem }), 400);
    }
    try {
      const token = await deps.sessions.changePassword(
        c.get("userId"),
        form.data.current,
        form.data.next,
        clientAddress(c, deps.trustProxy),
      );
      setSessionCookie(c, token, deps.secureCookie);
      return c.redirect("/account?done=password", 303);
    } catch (error) {
      if (error instanceof TooManyAttemptsError) {
        const problem = `Too many wrong passwords. Try again in ${retryIn(error.retryAfter)}.`;
        return c.html(await page(c, { problem }), 429, {
          "Retry-After": String(error.retryAfter),
        });
      }
      if (!(error instanceof InvalidInputError)) throw error;
      return c.html(await page(c, { problem: "The current password is wrong." }), 400);
    }
  });

  return app;
}
