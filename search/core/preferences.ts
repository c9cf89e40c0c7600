// The user's settings for the browser UI, as values: read from the cookies they live in (one per
// key, so the server keeps no state about anyone; http/preference_cookies.ts reads and writes
// them) or from the preferences form, and what each cookie holds. Anything unreadable falls back
// to the instance defaults.
import type { SafeSearch } from "../engines/engine.ts";
import { isLanguage } from "./query_syntax.ts";

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

/** The visitor's preferences from the request's cookies, by name. */
export function preferencesFromCookies(
  cookies: Record<string, string>,
  defaults: Preferences,
  engineNames: readonly string[],
): Preferences {
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

/** What each preference's cookie holds. */
export function preferenceCookieValues(prefs: Preferences): Record<string, string> {
  return {
    language: prefs.language,
    safesearch: String(prefs.safesearch),
    theme: prefs.theme,
    method: prefs.method,
    // Written even when empty, so switching every engine back on replaces the old list.
    disabled_engines: prefs.disabled_engines.join(","),
    image_proxy: prefs.image_proxy ? "1" : "0",
  };
}
