// The service's settings: the subset of SearXNG's settings.yml we implement, loaded with
// SearXNG's rules (shipped file as base, `use_default_settings` merge, engines merged by name).
// A SearXNG user's file must load as it is, so keys we do not use only warn; every value we do use
// is checked, and a bad one stops the start with one line naming the key.
import { parseDocument } from "yaml";
import { z } from "zod";
import { describeError } from "../shared/describe_error.ts";
import { bindAddress, ConfigError, port, url } from "../shared/env.ts";
import { isRecord } from "../shared/is_record.ts";
import { describeValue, formatIssuePath } from "../shared/issue_messages.ts";

import { isLanguage } from "./core/query_syntax.ts";
import { type Format, FORMATS } from "./core/search_params.ts";

export interface EngineSettings {
  /** Unique, lowercase; used in results' `engine`, in `engines=` and `!name`. */
  name: string;
  /** Module id, one of the known modules. */
  engine: string;
  /** Unique among engines; used as `!shortcut`. */
  shortcut: string;
  disabled: boolean;
  /** Seconds. */
  timeout: number;
  weight: number;
  /** http(s) URL without trailing slash, may hold `{lang}`; null = the module's default. */
  base_url: string | null;
  categories: string[];
}

export interface Settings {
  general: { instance_name: string };
  search: {
    formats: Format[];
    safe_search: 0 | 1 | 2;
    default_lang: string;
    /** "" = off, else the id of an engine module that has an autocomplete backend. */
    autocomplete: string;
  };
  server: {
    port: number;
    bind_address: string;
    /** null = not set, or the shipped placeholder: the caller then uses a generated secret. */
    secret_key: string | null;
    limiter: boolean;
    image_proxy: boolean;
    method: "GET" | "POST";
    /** The public origin links that leave the page are built on (opensearch.xml, RSS); null = the request's. */
    base_url: string | null;
  };
  outgoing: {
    request_timeout: number;
    max_request_timeout: number | null;
    pool_connections: number;
  };
  engines: EngineSettings[];
}

export interface LoadedSettings {
  settings: Settings;
  warnings: string[];
}

/** What settings need to know about an engine module (passed in, so no registry import here). */
export interface ModuleCapabilities {
  readonly categories: readonly string[];
  readonly autocomplete?: unknown;
}

export type ModuleTable = Readonly<Record<string, ModuleCapabilities>>;

/** Already validated environment overrides. */
export interface SettingsEnv {
  SEARCH_PORT?: number;
  SEARCH_BIND_ADDRESS?: string;
  SEARCH_SECRET?: string;
}

export const SECRET_PLACEHOLDER = "ultrasecretkey";

const MIN_SECRET_LENGTH = 16;
const MAX_TIMEOUT_SECONDS = 60;
const USER_LABEL = "settings.yml";
const SHIPPED_LABEL = "shipped settings.yml";
const SHIPPED_FILE = new URL("./settings.yml", import.meta.url);
// Reused from the environment parsers so both sources accept and describe the same forms.
const LISTEN_PORT = port(8080);
const BIND_ADDRESS = bindAddress("127.0.0.1");
const BASE_URL = url("", ["http:", "https:"], "https://search.example.org");
const PUBLIC_ORIGIN = "false, or the instance's public origin such as https://search.example.org " +
  "(pages link from the root, so a sub-path is not supported)";

// SearXNG keys that are deliberately not implemented; they warn "not supported" instead of
// "unknown" so that users can tell a typo from a missing feature.
const UNSUPPORTED_KEYS = {
  top: [
    "brand",
    "ui",
    "plugins",
    "enabled_plugins",
    "valkey",
    "redis",
    "checker",
    "categories_as_tabs",
    "hostnames",
    "doi_resolvers",
    "default_doi_resolver",
    "preferences",
  ],
  general: [
    "debug",
    "privacypolicy_url",
    "donation_url",
    "contact_url",
    "enable_metrics",
    "open_metrics",
  ],
  search: [
    "autocomplete_min",
    "favicon_resolver",
    "languages",
    "max_page",
    "ban_time_on_fail",
    "max_ban_time_on_fail",
    "suspended_times",
  ],
  server: ["public_instance", "http_protocol_version", "default_http_headers"],
  outgoing: [
    "useragent_suffix",
    "pool_maxsize",
    "enable_http",
    "enable_http2",
    "verify",
    "max_redirects",
    "retries",
    "proxies",
    "source_ips",
    "using_tor_proxy",
    "extra_proxy_timeout",
    "keepalive_expiry",
    "networks",
  ],
  engine: [
    "inactive",
    "language",
    "region",
    "api_key",
    "tokens",
    "display_error_messages",
    "send_accept_language_header",
    "about",
    "network",
    "enable_http",
    "enable_http2",
    "retries",
    "retry_on_http_error",
    "max_connections",
    "max_keepalive_connections",
    "keepalive_expiry",
    "proxies",
    "using_tor_proxy",
  ],
} as const;

const SECTIONS = ["general", "search", "server", "outgoing"] as const;

type Mapping = Record<string, unknown>;

/** Like describeValue, in YAML's words (list, mapping) since that is what the user wrote. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  if (isRecord(value)) return "a mapping";
  return describeValue(value);
}

function expectation(what: string, input: unknown): string {
  return input === undefined
    ? `missing (expected ${what})`
    : `expected ${what}, got ${shown(input)}`;
}

/** Zod `error` option: every issue of the schema, checks included, reads "expected <what>". */
function expecting(what: string) {
  return { error: (issue: { input?: unknown }) => expectation(what, issue.input) };
}

function hidden(value: unknown): string {
  if (typeof value === "string") return `<hidden, ${value.length} characters>`;
  return `<hidden, ${Array.isArray(value) ? "a list" : value === null ? "null" : typeof value}>`;
}

const quotedList = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(", ");

function seconds() {
  return z.number({
    error: (issue: { code: string; input?: unknown }) =>
      issue.code === "too_big"
        ? `expected at most ${MAX_TIMEOUT_SECONDS} seconds, got ${shown(issue.input)}`
        : expectation("a positive number of seconds", issue.input),
  }).positive().max(MAX_TIMEOUT_SECONDS);
}

/** SearXNG accepts `categories: general, news` as well as a list. */
function splitCategories(value: unknown): unknown {
  return typeof value === "string" ? value.split(",").map((category) => category.trim()) : value;
}

/** An http(s) origin alone: a path other than "/", credentials, a query or a fragment is not one. */
function isPublicOrigin(text: string): boolean {
  if (BASE_URL.parse(text) === undefined) return false;
  const parsed = new URL(text);
  return parsed.pathname === "/" && parsed.username === "" && parsed.password === "";
}

function isBaseUrl(text: string): boolean {
  // `{lang}` is filled in per request (Wikipedia's per-language hosts); any code stands for it.
  return BASE_URL.parse(text.replaceAll("{lang}", "en")) !== undefined;
}

// Schemas depend on the module table (known module ids, autocomplete backends), hence a factory.
function settingsSchemas(modules: ModuleTable) {
  const moduleIds = Object.keys(modules).sort();
  const suggesters = moduleIds.filter((id) => modules[id].autocomplete !== undefined);
  const mapping = expecting("a mapping");
  const boolean = () => z.boolean(expecting("true or false"));
  const autocomplete = expecting(`"" (off) or one of ${quotedList(suggesters)}`);
  const language = expecting(`"all", "auto" or a language code such as "en" or "en-US"`);
  const method = expecting("GET or POST");
  const engineName = expecting('a non-empty name without "_"');
  const moduleId = expecting(`one of the engine modules ${quotedList(moduleIds)}`);
  const category = expecting('a lowercase category name such as "general" or "news"');

  const pruneNames = z.array(z.string(expecting("an engine name")), expecting("a list of names"));
  const prune = z.object({
    remove: pruneNames.optional(),
    keep_only: pruneNames.optional(),
  }, mapping);

  return {
    general: z.object({
      instance_name: z.string(expecting("a non-empty text")).min(1).default("Search"),
    }, mapping),
    search: z.object({
      formats: z.array(
        z.enum(FORMATS, expecting(FORMATS.join(", "))),
        expecting(`a non-empty list of ${FORMATS.join(", ")}`),
      ).min(1).default(["html"]),
      safe_search: z.literal([0, 1, 2], expecting("0, 1 or 2")).default(0),
      default_lang: z.string(language)
        .refine(isLanguage)
        .default("auto"),
      autocomplete: z.string(autocomplete)
        .refine((id) => id === "" || suggesters.includes(id))
        .default(""),
    }, mapping),
    server: z.object({
      port: z.number(expecting(LISTEN_PORT.expected)).int().min(0).max(65535).default(8080),
      bind_address: z.string(expecting(BIND_ADDRESS.expected))
        .refine((address) => BIND_ADDRESS.parse(address) !== undefined)
        .default("127.0.0.1"),
      // The placeholder is exempt here: whether it is allowed depends on who set it (see below).
      secret_key: z.string({
        error: (issue) =>
          `expected a text of at least ${MIN_SECRET_LENGTH} characters, got ${hidden(issue.input)}`,
      }).refine((key) => key === SECRET_PLACEHOLDER || key.length >= MIN_SECRET_LENGTH)
        .default(SECRET_PLACEHOLDER),
      limiter: boolean().default(false),
      image_proxy: boolean().default(false),
      method: z.string(method).regex(/^(get|post)$/i)
        .transform((text) => text.toUpperCase() as "GET" | "POST")
        .default("GET"),
      // SearXNG's `false` means "not set", as null does.
      base_url: z.union([
        z.literal(false),
        z.string().refine(isPublicOrigin, expecting(PUBLIC_ORIGIN)),
      ], expecting(PUBLIC_ORIGIN))
        .nullable()
        .transform((value) => typeof value === "string" ? new URL(value).origin : null)
        .default(null),
    }, mapping),
    outgoing: z.object({
      request_timeout: seconds().default(3),
      max_request_timeout: seconds().nullable().default(null),
      pool_connections: z.number(expecting("an integer of at least 1")).int().min(1).default(100),
    }, mapping),
    engine: z.object({
      // SearXNG refuses "_" in names: it separates name and category in preference cookies.
      name: z.string(engineName).min(1).refine((name) => !name.includes("_")),
      engine: z.string(moduleId).refine((id) => Object.hasOwn(modules, id)),
      shortcut: z.string(expecting("a non-empty text")).min(1).optional(),
      disabled: boolean().default(false),
      timeout: seconds().optional(),
      weight: z.number(expecting("a positive number")).positive().default(1),
      base_url: z.string(expecting(BASE_URL.expected)).refine(isBaseUrl)
        .transform((text) => text.replace(/\/+$/, ""))
        .nullable().default(null),
      categories: z.preprocess(
        splitCategories,
        z.array(
          z.string(category).min(1).refine((name) => name === name.toLowerCase()),
          expecting("a category or a non-empty list of categories"),
        ).min(1),
      ).optional(),
    }, mapping),
    prune,
    useDefaultSettings: z.object(
      { engines: prune.nullish() },
      expecting("true, false or a mapping"),
    ),
  };
}

type Schemas = ReturnType<typeof settingsSchemas>;

/** Parses `value` or throws one line: `<label>: <where><path>: <message>` for the first issue. */
function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
  label: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new ConfigError(
    `${label}: ${formatIssuePath([where, ...issue.path], "")}: ${issue.message}`,
  );
}

function readYamlMapping(text: string, label: string): Mapping {
  const document = parseDocument(text);
  const [error] = document.errors;
  if (error) {
    const position = error.linePos?.[0];
    const where = position ? ` at line ${position.line}, column ${position.col}` : "";
    const reason = error.message.split("\n")[0].replace(/ at line \d+, column \d+:$/, "");
    throw new ConfigError(`${label}: invalid YAML${where}: ${reason}`);
  }
  let value: unknown;
  try {
    value = document.toJS();
  } catch (cause) {
    // Alias bombs and similar: the document is well-formed but refused.
    throw new ConfigError(`${label}: invalid YAML: ${describeError(cause)}`);
  }
  if (value === null) return {};
  if (!isRecord(value)) {
    throw new ConfigError(`${label}: expected a mapping of settings, got ${shown(value)}`);
  }
  return value;
}

/** One warning per key of `file` that the schemas do not use. */
function ignoredKeys(file: Mapping, schemas: Schemas, label: string): string[] {
  const warnings: string[] = [];
  const visit = (
    value: unknown,
    known: z.ZodObject | readonly string[],
    unsupported: readonly string[],
    path: (string | number)[],
  ) => {
    if (!isRecord(value)) return;
    const knownKeys = known instanceof z.ZodObject ? Object.keys(known.shape) : known;
    for (const key of Object.keys(value)) {
      if (knownKeys.includes(key)) continue;
      const where = JSON.stringify(formatIssuePath([...path, key], ""));
      warnings.push(
        unsupported.includes(key)
          ? `${label}: key ${where} is not supported, ignored`
          : `${label}: unknown key ${where} ignored`,
      );
    }
  };
  visit(file, [...SECTIONS, "engines", "use_default_settings"], UNSUPPORTED_KEYS.top, []);
  for (const section of SECTIONS) {
    visit(file[section], schemas[section], UNSUPPORTED_KEYS[section], [section]);
  }
  if (Array.isArray(file.engines)) {
    file.engines.forEach((entry, index) =>
      visit(entry, schemas.engine, UNSUPPORTED_KEYS.engine, ["engines", index])
    );
  }
  const useDefaults = file.use_default_settings;
  visit(useDefaults, schemas.useDefaultSettings, [], ["use_default_settings"]);
  if (isRecord(useDefaults)) {
    visit(useDefaults.engines, schemas.prune, [], ["use_default_settings", "engines"]);
  }
  return warnings;
}

/** SearXNG's update_dict: mappings merge key by key, anything else replaces. */
function mergeMappings(base: Mapping, override: Mapping): Mapping {
  const merged = new Map(Object.entries(base));
  for (const [key, value] of Object.entries(override)) {
    const current = merged.get(key);
    // A section left empty (`server:` with every line commented out) changes nothing.
    const mergeable = isRecord(current) && (isRecord(value) || value === null);
    merged.set(key, mergeable ? mergeMappings(current, value ?? {}) : value);
  }
  return Object.fromEntries(merged);
}

/** An engine entry and its index in the file that wrote it, for error messages. */
interface SourcedEngine {
  entry: unknown;
  index: number;
}

function engineLabel({ entry, index }: SourcedEngine): string {
  const name = nameOf(entry);
  return typeof name === "string"
    ? `engines[${index}] (name ${JSON.stringify(name)})`
    : `engines[${index}]`;
}

function engineList(value: unknown, label: string): SourcedEngine[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw new ConfigError(`${label}: engines: ${expectation("a list of engines", value)}`);
  }
  return value.map((entry, index) => ({ entry, index }));
}

function nameOf(entry: unknown): unknown {
  return isRecord(entry) ? entry.name : undefined;
}

/** The shipped engines, pruned by `use_default_settings.engines`, with the user's merged in. */
function mergeEngines(
  base: Mapping,
  user: Mapping,
  schemas: Schemas,
  label: string,
  warnings: string[],
): SourcedEngine[] {
  const useDefaults = user.use_default_settings;
  const prune = isRecord(useDefaults)
    ? check(schemas.useDefaultSettings, useDefaults, "use_default_settings", label).engines
    : undefined;
  const shipped = engineList(base.engines, SHIPPED_LABEL);
  const shippedNames = new Set(shipped.map(({ entry }) => nameOf(entry)));
  let engines = shipped;
  for (const [key, keep] of [["remove", false], ["keep_only", true]] as const) {
    const names = prune?.[key];
    if (names === undefined) continue;
    for (const name of names.filter((name) => !shippedNames.has(name))) {
      warnings.push(
        `${label}: use_default_settings.engines.${key}: no shipped engine is named ${
          JSON.stringify(name)
        }, ignored`,
      );
    }
    const listed = new Set<unknown>(names);
    engines = engines.filter(({ entry }) => listed.has(nameOf(entry)) === keep);
  }
  for (const sourced of engineList(user.engines, label)) {
    const where = engineLabel(sourced);
    const { name } = check(schemas.engine.pick({ name: true }), sourced.entry, where, label);
    const at = engines.findIndex(({ entry }) => nameOf(entry) === name);
    if (at === -1) {
      engines.push(sourced);
    } else {
      const merged = mergeMappings(engines[at].entry as Mapping, sourced.entry as Mapping);
      engines[at] = { entry: merged, index: sourced.index };
    }
  }
  return engines;
}

function usesDefaults(user: Mapping, label: string): boolean {
  const value = user.use_default_settings;
  if (value === undefined || value === null || typeof value === "boolean") return value === true;
  if (isRecord(value)) return true;
  throw new ConfigError(
    `${label}: use_default_settings: ${expectation("true, false or a mapping", value)}`,
  );
}

function combine(
  base: Mapping,
  user: Mapping | null,
  schemas: Schemas,
  label: string,
  warnings: string[],
): { sections: Mapping; engines: SourcedEngine[] } {
  if (user === null) return { sections: base, engines: engineList(base.engines, SHIPPED_LABEL) };
  if (usesDefaults(user, label)) {
    // Only the sections are read from `sections`, so the engines merged here are never used.
    return {
      sections: mergeMappings(base, user),
      engines: mergeEngines(base, user, schemas, label, warnings),
    };
  }
  if (user.engines === undefined) {
    throw new ConfigError(
      `${label}: engines: missing (expected a list of engines, or use_default_settings: true to keep the shipped ones)`,
    );
  }
  return { sections: user, engines: engineList(user.engines, label) };
}

function resolveEngines(
  engines: SourcedEngine[],
  schemas: Schemas,
  modules: ModuleTable,
  requestTimeout: number,
  label: string,
  warnings: string[],
): EngineSettings[] {
  if (engines.length === 0) {
    throw new ConfigError(`${label}: engines: expected at least one engine, got none`);
  }
  const byName = new Set<string>();
  const byShortcut = new Map<string, string>();
  return engines.map((sourced) => {
    const where = engineLabel(sourced);
    const parsed = check(schemas.engine, sourced.entry, where, label);
    // SearXNG lowercases names with a warning rather than refusing them.
    const name = parsed.name.toLowerCase();
    if (name !== parsed.name) {
      warnings.push(`${label}: ${where}.name: not lowercase, using ${JSON.stringify(name)}`);
    }
    if (byName.has(name)) {
      throw new ConfigError(`${label}: ${where}.name: another engine already has this name`);
    }
    byName.add(name);
    const shortcut = parsed.shortcut ?? name;
    const owner = byShortcut.get(shortcut);
    if (owner !== undefined) {
      throw new ConfigError(
        `${label}: ${where}.shortcut: ${JSON.stringify(shortcut)} is already the shortcut of ${
          JSON.stringify(owner)
        }`,
      );
    }
    byShortcut.set(shortcut, name);
    return {
      name,
      engine: parsed.engine,
      shortcut,
      disabled: parsed.disabled,
      timeout: parsed.timeout ?? requestTimeout,
      weight: parsed.weight,
      base_url: parsed.base_url,
      categories: parsed.categories ?? modules[parsed.engine].categories.slice(0, 1),
    };
  });
}

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
  const { env } = input;
  const settings: Settings = {
    general,
    search,
    server: {
      ...server,
      port: env.SEARCH_PORT ?? server.port,
      bind_address: env.SEARCH_BIND_ADDRESS ?? server.bind_address,
      secret_key: resolveSecret(server.secret_key, user, env.SEARCH_SECRET, label),
    },
    outgoing,
    engines: resolveEngines(
      engines,
      schemas,
      input.modules,
      outgoing.request_timeout,
      label,
      warnings,
    ),
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
  return parseSettings({ defaultsText, userText, userPath, modules, env });
}
