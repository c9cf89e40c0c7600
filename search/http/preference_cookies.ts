// The preferences' cookies: one per key, HttpOnly and SameSite=Lax. hono/cookie reads and writes
// them: it keeps the first of two cookies with one name (browsers send the one of the most
// specific path first) and %-decodes values, leaving a malformed escape undecoded, so that value
// fails core/preferences.ts's checks and falls back to the default.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { EngineChoice } from "../core/engine_choice.ts";
import {
  preferenceCookieValues,
  type Preferences,
  preferencesFromCookies,
} from "../core/preferences.ts";

// Browsers keep a cookie for 400 days at most, whatever it asks (RFC 6265bis), and hono refuses
// more; SearXNG asks for five years. Every save starts the 400 days again.
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The visitor's preferences from the request's cookies. */
export function readPreferences(
  c: Context,
  defaults: Preferences,
  engines: readonly EngineChoice[],
): Preferences {
  return preferencesFromCookies(getCookie(c), defaults, engines);
}

/** Sets one cookie per preference on the answer of `c`; `secure` on https only. */
export function setPreferenceCookies(
  c: Context,
  prefs: Preferences,
  options: { secure: boolean },
): void {
  for (const [name, value] of Object.entries(preferenceCookieValues(prefs))) {
    setCookie(c, name, value, {
      path: "/",
      maxAge: COOKIE_MAX_AGE_SECONDS,
      sameSite: "Lax",
      httpOnly: true,
      secure: options.secure,
    });
  }
}
