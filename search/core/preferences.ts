// The user's settings for the browser UI, as values: read from the cookies they live in (one per
// key, so the server keeps no state about anyone; http/preference_cookies.ts reads and writes
// them) or from the preferences form, and what each cookie holds. Anything unreadable falls back
// to the instance defaults.
import type { SafeSearch } from "./engine.ts";
import {
  type EngineChoice,
  engineKey,
  type EngineSwitches,
  readEngineList,
} from "./engine_choice.ts";
import { isLanguage } from "./query_syntax.ts";
import type { PluginId } from "../plugins/catalog.ts";
import {
  type AvailablePlugin,
  type PluginSwitches,
  pluginSwitchesFrom,
  switchesFromTicked,
} from "../plugins/switches.ts";

export type Theme = "auto" | "light" | "dark";
export type FormMethod = "GET" | "POST";

export interface Preferences extends EngineSwitches, PluginSwitches {
  /** "all", "auto" or a language tag such as "en" or "zh-TW". */
  language: string;
  safesearch: SafeSearch;
  theme: Theme;
  method: FormMethod;
  /** "<engine name>__<category>" of the engines the user switched off where settings had them on. */
  disabled_engines: string[];
  /** "<engine name>__<category>" of the engines the user switched on where settings had them off. */
  enabled_engines: string[];
  /** Ids of the plugins the user switched off where settings had them on. */
  disabled_plugins: PluginId[];
  /** Ids of the plugins the user switched on where settings had them off. */
  enabled_plugins: PluginId[];
  /**
   * The name of the `doi_resolvers` entry oa_doi_rewrite sends DOIs to (SearXNG's preference); one
   * the settings do not list means their `default_doi_resolver`.
   */
  doi_resolver: string;
  image_proxy: boolean;
}

export const THEMES: readonly Theme[] = ["auto", "light", "dark"];
export const FORM_METHODS: readonly FormMethod[] = ["GET", "POST"];

type Reader = (key: string) => string | undefined;

function oneOf<T extends string | number>(choices: readonly T[], value: unknown): T | undefined {
  return choices.find((choice) => String(choice) === value);
}

/** A resolver's name as settings spell them (`oadoi.org`), or undefined. */
function resolverName(value: string | undefined): string | undefined {
  return value !== undefined && /^[A-Za-z0-9._-]{1,64}$/.test(value) ? value : undefined;
}

/** The scalar preferences, each read with `read` and checked; the engines are left to the caller. */
function readScalars(read: Reader, defaults: Preferences) {
  const language = read("language");
  return {
    language: language !== undefined && isLanguage(language) ? language : defaults.language,
    safesearch: oneOf<SafeSearch>([0, 1, 2], read("safesearch")) ?? defaults.safesearch,
    theme: oneOf(THEMES, read("theme")) ?? defaults.theme,
    method: oneOf(FORM_METHODS, read("method")) ?? defaults.method,
    doi_resolver: resolverName(read("doi_resolver")) ?? defaults.doi_resolver,
  };
}

/** The visitor's preferences from the request's cookies, by name. */
export function preferencesFromCookies(
  cookies: Record<string, string>,
  defaults: Preferences,
  engines: readonly EngineChoice[],
): Preferences {
  const read: Reader = (key) => cookies[key];
  const imageProxy = read("image_proxy");
  return {
    ...readScalars(read, defaults),
    ...(engineSwitchesFrom(read, engines) ?? {
      disabled_engines: [...defaults.disabled_engines],
      enabled_engines: [...defaults.enabled_engines],
    }),
    ...(pluginSwitchesFrom(read) ?? {
      disabled_plugins: [...defaults.disabled_plugins],
      enabled_plugins: [...defaults.enabled_plugins],
    }),
    image_proxy: imageProxy === "1" ? true : imageProxy === "0" ? false : defaults.image_proxy,
  };
}

/**
 * The engine switches `read` names (cookies or a request's parameters), or null when it names
 * none. As in SearXNG, both lists count only when `disabled_engines` is there (even empty): one
 * without the other would leave half of a person's choice to the defaults.
 */
export function engineSwitchesFrom(
  read: (key: string) => string | undefined,
  engines: readonly EngineChoice[],
): { disabled_engines: string[]; enabled_engines: string[] } | null {
  const disabled = read("disabled_engines");
  if (disabled === undefined) return null;
  return {
    disabled_engines: readEngineList(disabled, engines),
    enabled_engines: readEngineList(read("enabled_engines") ?? "", engines),
  };
}

export function preferencesFromForm(
  form: URLSearchParams,
  defaults: Preferences,
  engines: readonly EngineChoice[],
  plugins: readonly AvailablePlugin[],
): Preferences {
  const read: Reader = (key) => form.get(key) ?? undefined;
  const disabled: string[] = [];
  const enabled: string[] = [];
  for (const engine of engines) {
    for (const category of engine.categories) {
      // Browsers send checkboxes only when ticked, so a missing one means "off", not "default".
      const ticked = form.get(engineField(engine.name, category)) === "on";
      const key = engineKey(engine.name, category);
      if (!engine.disabled && !ticked) disabled.push(key);
      if (engine.disabled && ticked) enabled.push(key);
    }
  }
  return {
    ...readScalars(read, defaults),
    disabled_engines: [...new Set(disabled)],
    enabled_engines: [...new Set(enabled)],
    ...switchesFromTicked(plugins, (id) => form.get(pluginField(id)) === "on"),
    image_proxy: form.get("image_proxy") === "on",
  };
}

/** The checkbox name of an engine in one category on the preferences page. */
export function engineField(name: string, category: string): string {
  return `engine_${engineKey(name, category)}`;
}

/** The checkbox name of a plugin on the preferences page (ticked = on, unlike SearXNG's). */
export function pluginField(id: PluginId): string {
  return `plugin_${id}`;
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
    enabled_engines: prefs.enabled_engines.join(","),
    disabled_plugins: prefs.disabled_plugins.join(","),
    enabled_plugins: prefs.enabled_plugins.join(","),
    doi_resolver: prefs.doi_resolver,
    image_proxy: prefs.image_proxy ? "1" : "0",
  };
}
