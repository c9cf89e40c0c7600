// What each value we use must be, checked with zod and refused in the words of whoever wrote the
// file: "expected <what>, got <value>" in YAML's terms, one line naming the key.
import { z } from "zod";
import { bindAddress, ConfigError, port, url } from "../../shared/env.ts";
import { isRecord } from "../../shared/is_record.ts";
import { describeValue, formatIssuePath } from "../../shared/issue_messages.ts";
import { isLanguage } from "../core/query_syntax.ts";
import { FORMATS } from "../core/search_params.ts";
import type { ModuleTable } from "./types.ts";
import { DEFAULT_TRUSTED_PROXIES, parseNetwork } from "../core/networks.ts";

export const SECRET_PLACEHOLDER = "ultrasecretkey";

const MIN_SECRET_LENGTH = 16;
const MAX_TIMEOUT_SECONDS = 60;
// Reused from the environment parsers so both sources accept and describe the same forms.
const LISTEN_PORT = port(8080);
const BIND_ADDRESS = bindAddress("127.0.0.1");
const BASE_URL = url("", ["http:", "https:"], "https://search.example.org");
const NETWORK = "an IP address or network such as 10.0.0.0/8 or fd00::/8";
const PUBLIC_ORIGIN = "false, or the instance's public origin such as https://search.example.org " +
  "(pages link from the root, so a sub-path is not supported)";

/** Like describeValue, in YAML's words (list, mapping) since that is what the user wrote. */
export function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  if (isRecord(value)) return "a mapping";
  return describeValue(value);
}

export function expectation(what: string, input: unknown): string {
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
export function settingsSchemas(modules: ModuleTable) {
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
    botdetection: z.object({
      // SearXNG keeps this list in limiter.toml's [botdetection]; settings.yml holds it here.
      trusted_proxies: z.array(
        z.string(expecting(NETWORK)).refine(
          (text) => parseNetwork(text) !== null,
          expecting(NETWORK),
        ),
        expecting("a list of addresses or networks"),
      ).default(DEFAULT_TRUSTED_PROXIES),
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
      // A provider's API key (GitHub, StackExchange …): the engine works without one within the
      // provider's anonymous limits. Never shown or logged.
      api_key: z.string(expecting("a non-empty text")).min(1).nullable().default(null),
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

export type Schemas = ReturnType<typeof settingsSchemas>;

/** Parses `value` or throws one line: `<label>: <where><path>: <message>` for the first issue. */
export function check<S extends z.ZodType>(
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
