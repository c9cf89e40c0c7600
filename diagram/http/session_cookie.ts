// The login cookie, through Hono's cookie helper. Over https it takes the __Host- prefix, which
// browsers accept only with Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or
// overwrite it; over plain http (a local install) it is a plain HttpOnly cookie.
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import { SESSION_LIFETIME_MS } from "../service/sessions.ts";

/** The session cookie's name; over https it carries the __Host- prefix. */
const SESSION_COOKIE_NAME = "diagram_session";

/** The name a browser sees: over https, Hono's host prefix (options below) puts __Host- before it. */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
}

function options(secure: boolean): CookieOptions {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    ...(secure ? { secure: true, prefix: "host" } : {}),
  };
}

export function setSessionCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, SESSION_COOKIE_NAME, token, {
    ...options(secure),
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE_NAME, options(secure));
}

/** The session token, or null. Over https only the __Host- cookie counts. */
export function readSessionCookie(c: Context, secure: boolean): string | null {
  return getCookie(c, SESSION_COOKIE_NAME, secure ? "host" : undefined) || null;
}
