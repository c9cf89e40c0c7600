// The user's settings for the browser UI. They live in cookies only, one cookie per key, so the
// server keeps no state about anyone; anything unreadable falls back to the instance defaults.
// hono/cookie reads and writes them: it keeps the first of two cookies with one name (browsers send
// the one of the most specific path first) and %-decodes values, leaving a malformed escape
// undecoded, so that value fails the checks below.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { isLanguage } from "../core/query_syntax.ts";
import type { SafeSearch } from "../engines/engine.ts";

export type Theme = "auto" | "light" | "dark";
export type FormMethod = "GET" | "POST";

export interface Preferences {
  /** "all", "auto" or a language tag such as "en" or "zh-TW". */
  language: string;
  safesearch: SafeSearch;
  theme: Theme;
  method: FormMethod;
  /** Names of the engines the user switched off. */
  disabled_engines: string[];
  image_proxy: boolean;
}

export const THEMES: readonly Theme[] = ["auto", "light", "dark"];
export const FORM_METHODS: readonly FormMethod[] = ["GET", "POST"];

// Browsers keep a cookie for 400 days at most, whatever it asks (RFC 6265bis), and hono refuses
// more; SearXNG asks for five years. Every save starts the 400 days again.
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

type Reader = (key: string) => string | undefined;

function oneOf<T extends string | number>(choices: readonly T[], value: unknown): T | undefined {
  return choices.find((choice) => String(choice) === value);
}

/** The scalar preferences, each read with `read` and checked; the engines are left to the caller. */
function readScalars(read: Reader, defaults: Preferences) {
  const language = read("language");
  return {
    language: language !== undefined && isLanguage(language) ? language : defaults.language,
    safesearch: oneOf<SafeSearch>([0, 1, 2], read("safesearch")) ?? defaults.safesearch,
    theme: oneOf(THEMES, read("theme")) ?? defaults.theme,
    method: oneOf(FORM_METHODS, read("method")) ?? defaults.method,
  };
}

/** The visitor's preferences from the request's cookies. */
export function readPreferences(
  c: Context,
  defaults: Preferences,
  engineNames: readonly string[],
): Preferences {
  const cookies = getCookie(c);
  const read: Reader = (key) => cookies[key];
  const disabled = read("disabled_engines");
  const imageProxy = read("image_proxy");
  return {
    ...readScalars(read, defaults),
    disabled_engines: disabled === undefined
      ? [...defaults.disabled_engines]
      : engineNames.filter((name) => disabled.split(",").includes(name)),
    image_proxy: imageProxy === "1" ? true : imageProxy === "0" ? false : defaults.image_proxy,
  };
}

export function preferencesFromForm(
  form: URLSearchParams,
  defaults: Preferences,
  engineNames: readonly string[],
): Preferences {
  const read: Reader = (key) => form.get(key) ?? undefined;
  return {
    ...readScalars(read, defaults),
    // Browsers send checkboxes only when ticked, so a missing one means "off", not "default".
    disabled_engines: engineNames.filter((name) => form.get(engineField(name)) !== "on"),
    image_proxy: form.get("image_proxy") === "on",
  };
}

/** The checkbox name of an engine on the preferences page. */
export function engineField(name: string): string {
  return `engine_${name}`;
}

/** Sets one cookie per preference on the answer of `c`; `secure` on https only. */
export function setPreferenceCookies(
  c: Context,
  prefs: Preferences,
  options: { secure: boolean },
): void {
  const values: Record<string, string> = {
    language: prefs.language,
    safesearch: String(prefs.safesearch),
    theme: prefs.theme,
    method: prefs.method,
    // Written even when empty, so switching every engine back on replaces the old list.
    disabled_engines: prefs.disabled_engines.join(","),
    image_proxy: prefs.image_proxy ? "1" : "0",
  };
  for (const [name, value] of Object.entries(values)) {
    setCookie(c, name, value, {
      path: "/",
      maxAge: COOKIE_MAX_AGE_SECONDS,
      sameSite: "Lax",
      httpOnly: true,
      secure: options.secure,
    });
  }
}
