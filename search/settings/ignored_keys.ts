// A SearXNG user's file must load as it is, so keys we do not use only warn, and a key SearXNG has
// but we deliberately do not implement says so, so that users can tell a typo from a missing
// feature.
import { z } from "zod";
import { isRecord } from "../../shared/is_record.ts";
import { formatIssuePath } from "../../shared/issue_messages.ts";
import type { Schemas } from "./schemas.ts";
import type { Mapping } from "./yaml_mapping.ts";

// SearXNG keys that are deliberately not implemented.
const UNSUPPORTED_KEYS = {
  top: [
    "brand",
    "ui",
    "enabled_plugins",
    "valkey",
    "redis",
    "checker",
    "categories_as_tabs",
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
  botdetection: ["ipv4_prefix", "ipv6_prefix", "ip_limit", "ip_lists"],
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

const SECTIONS = ["general", "search", "server", "botdetection", "outgoing"] as const;
const PLUGIN_SECTIONS = ["plugins", "hostnames", "doi_resolvers", "default_doi_resolver"];

/** One warning per key of `file` that the schemas do not use. */
export function ignoredKeys(file: Mapping, schemas: Schemas, label: string): string[] {
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
  // The plugin sections warn about their own keys (settings/plugins.ts).
  const top = [...SECTIONS, ...PLUGIN_SECTIONS, "engines", "use_default_settings"];
  visit(file, top, UNSUPPORTED_KEYS.top, []);
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
