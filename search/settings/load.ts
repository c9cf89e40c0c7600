// The service's settings loaded with SearXNG's rules (shipped file as base, `use_default_settings`
// merge, engines merged by name). Every value we use is checked, and a bad one stops the start
// with one line naming the key; keys we do not use only warn.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describeError } from "../../shared/describe_error.ts";
import { ConfigError } from "../../shared/env.ts";
import { isRecord } from "../../shared/is_record.ts";
import { resolveEngines } from "./engines.ts";
import { ignoredKeys } from "./ignored_keys.ts";
import { combine, SHIPPED_LABEL } from "./merge.ts";
import { readPluginSettings, type ReadRelative } from "./plugins.ts";
import { check, SECRET_PLACEHOLDER, settingsSchemas } from "./schemas.ts";
import type { LoadedSettings, ModuleTable, Settings, SettingsEnv } from "./types.ts";
import { type Mapping, readYamlMapping } from "./yaml_mapping.ts";

const USER_LABEL = "settings.yml";
const SHIPPED_FILE = new URL("../settings.yml", import.meta.url);

/**
 * The shipped placeholder means "no key configured" (the caller generates one); the same value
 * written in the user's own file means a template was copied unchanged, which is refused.
 */
function resolveSecret(
  key: string,
  user: Mapping | null,
  envSecret: string | undefined,
  label: string,
): string | null {
  if (envSecret !== undefined) return envSecret;
  if (key !== SECRET_PLACEHOLDER) return key;
  const userServer = user?.server;
  if (isRecord(userServer) && userServer.secret_key === SECRET_PLACEHOLDER) {
    throw new ConfigError(
      `${label}: server.secret_key: still the placeholder ${
        JSON.stringify(SECRET_PLACEHOLDER)
      }; set a random value or SEARCH_SECRET`,
    );
  }
  return null;
}

/** Pure: parse + validate + merge. `userText` is the user's file, or null = shipped file only. */
export function parseSettings(input: {
  defaultsText: string;
  userText: string | null;
  userPath?: string;
  modules: ModuleTable;
  env: SettingsEnv;
  /** Files the settings name (hostnames lists), relative to the user file; none by default. */
  readRelative?: ReadRelative;
}): LoadedSettings {
  const label = input.userPath ?? USER_LABEL;
  const schemas = settingsSchemas(input.modules);
  const base = readYamlMapping(input.defaultsText, SHIPPED_LABEL);
  const user = input.userText === null ? null : readYamlMapping(input.userText, label);
  const warnings = ignoredKeys(base, schemas, SHIPPED_LABEL);
  if (user !== null) warnings.push(...ignoredKeys(user, schemas, label));

  const { sections, engines } = combine(base, user, schemas, label, warnings);
  const general = check(schemas.general, sections.general ?? {}, "general", label);
  const search = check(schemas.search, sections.search ?? {}, "search", label);
  const server = check(schemas.server, sections.server ?? {}, "server", label);
  const outgoing = check(schemas.outgoing, sections.outgoing ?? {}, "outgoing", label);
  const botdetection = check(
    schemas.botdetection,
    sections.botdetection ?? {},
    "botdetection",
    label,
  );
  const { env } = input;
  const readRelative = input.readRelative ?? ((path: string) => {
    throw new Error(`no settings folder to read ${path} from`);
  });
  const settings: Settings = {
    general,
    search,
    server: {
      ...server,
      port: env.SEARCH_PORT ?? server.port,
      bind_address: env.SEARCH_BIND_ADDRESS ?? server.bind_address,
      secret_key: resolveSecret(server.secret_key, user, env.SEARCH_SECRET, label),
    },
    botdetection,
    outgoing,
    engines: resolveEngines(
      engines,
      schemas,
      input.modules,
      outgoing.request_timeout,
      label,
      warnings,
    ),
    ...readPluginSettings(sections, label, readRelative, warnings),
  };
  return { settings, warnings };
}

/** I/O edge: reads the shipped file next to this module and the optional user file. */
export async function loadSettings(
  userPath: string | undefined,
  modules: ModuleTable,
  env: SettingsEnv,
): Promise<LoadedSettings> {
  const defaultsText = await Deno.readTextFile(SHIPPED_FILE);
  let userText: string | null = null;
  if (userPath !== undefined) {
    try {
      userText = await Deno.readTextFile(userPath);
    } catch (error) {
      throw new ConfigError(`${userPath}: cannot read the settings file: ${describeError(error)}`);
    }
  }
  // As SearXNG: relative names are in the user file's folder (the shipped file's without one).
  const folder = new URL(
    ".",
    userPath === undefined ? SHIPPED_FILE : pathToFileURL(resolve(userPath)),
  );
  const readRelative = (path: string) => Deno.readTextFileSync(new URL(path, folder));
  return parseSettings({ defaultsText, userText, userPath, modules, env, readRelative });
}
