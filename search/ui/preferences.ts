// The user's settings for the browser UI. They live in cookies only, one cookie per key, so the
// server keeps no state about anyone; anything unreadable falls back to the instance defaults.
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

// SearXNG keeps its preference cookies for five years too.
const COOKIE_MAX_AGE_SECONDS = 5 * 365 * 24 * 60 * 60;

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

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    // The first one wins: browsers send the cookie of the most specific path first.
    if (!name || cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      // A malformed %-escape: treat the cookie as absent so the default applies.
    }
  }
  return cookies;
}

export function readPreferences(
  cookieHeader: string | null,
  defaults: Preferences,
  engineNames: readonly string[],
): Preferences {
  const cookies = parseCookies(cookieHeader);
  const read: Reader = (key) => cookies.get(key);
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

export function preferenceCookies(prefs: Preferences, options: { secure: boolean }): string[] {
  const values: Record<string, string> = {
    language: prefs.language,
    safesearch: String(prefs.safesearch),
    theme: prefs.theme,
    method: prefs.method,
    // Written even when empty, so switching every engine back on replaces the old list.
    disabled_engines: prefs.disabled_engines.join(","),
    image_proxy: prefs.image_proxy ? "1" : "0",
  };
  const attributes = `Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly` +
    (options.secure ? "; Secure" : "");
  return Object.entries(values).map(([key, value]) =>
    `${key}=${encodeURIComponent(value)}; ${attributes}`
  );
}
