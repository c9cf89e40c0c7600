// The plugin sections of settings.yml, read with SearXNG's rules: `plugins:` maps
// `searx.plugins.<id>.SXNGPlugin` to `{active: true|false}` and lists the plugins the instance has
// (a plugin left out is not offered at all); `hostnames:` holds the hostnames plugin's rules, each
// list or mapping also as a file name beside the settings file; `doi_resolvers` and
// `default_doi_resolver` serve oa_doi_rewrite.
import { ConfigError } from "../../shared/env.ts";
import { isRecord } from "../../shared/is_record.ts";
import {
  isPluginId,
  pluginIdOfKey,
  pluginKey,
  PLUGINS,
  UNSUPPORTED_PLUGIN_IDS,
} from "../plugins/catalog.ts";
import { compileHostPattern, type HostnameSettings } from "../plugins/hostnames.ts";
import type { AvailablePlugin } from "../plugins/switches.ts";
import { expectation } from "./schemas.ts";
import type { PluginSettings } from "./types.ts";
import { readYamlValue } from "./yaml_mapping.ts";

/** Reads a file named in the settings, relative to the settings file's folder. */
export type ReadRelative = (path: string) => string;

/** SearXNG's resolvers minus its Sci-Hub mirrors: open-access first, the DOI system's own next. */
const DEFAULT_DOI_RESOLVERS = { "oadoi.org": "https://oadoi.org/", "doi.org": "https://doi.org/" };

const HOSTNAME_LISTS = ["remove", "low_priority", "high_priority"] as const;

const where = (path: string) => JSON.stringify(path);

function fail(label: string, path: string, message: string): never {
  throw new ConfigError(`${label}: ${path}: ${message}`);
}

/** `plugins:`: the plugins offered, in the catalog's order; all of them when the key is absent. */
function readPlugins(value: unknown, label: string, warnings: string[]): AvailablePlugin[] {
  if (value === undefined || value === null) {
    return PLUGINS.map(({ id, active }) => ({ id, active }));
  }
  if (!isRecord(value)) fail(label, "plugins", expectation("a mapping of plugins", value));
  const listed = new Map<string, boolean>();
  for (const [key, config] of Object.entries(value)) {
    const path = `plugins.${where(key)}`;
    const id = pluginIdOfKey(key);
    if (id !== null && UNSUPPORTED_PLUGIN_IDS.includes(id)) {
      warnings.push(`${label}: key ${where(`plugins.${key}`)} is not supported, ignored`);
      continue;
    }
    if (id === null || !isPluginId(id)) {
      // SearXNG stops too ("plugin … is not implemented"): a typo would silently lose a plugin.
      fail(
        label,
        path,
        `no such plugin (expected one of ${PLUGINS.map((p) => pluginKey(p.id)).join(", ")})`,
      );
    }
    if (!isRecord(config)) {
      fail(label, path, expectation("a mapping such as {active: true}", config));
    }
    for (const extra of Object.keys(config).filter((name) => name !== "active")) {
      warnings.push(`${label}: unknown key ${where(`plugins.${key}.${extra}`)} ignored`);
    }
    const active = config.active ?? false; // SearXNG's PluginCfg default
    if (typeof active !== "boolean") {
      fail(label, `${path}.active`, expectation("true or false", active));
    }
    listed.set(id, active);
  }
  return PLUGINS.filter(({ id }) => listed.has(id)).map(({ id }) => ({
    id,
    active: listed.get(id)!,
  }));
}

/** A `hostnames:` entry: the value itself, or the YAML of the file it names. */
function inlineOrFile(value: unknown, path: string, label: string, read: ReadRelative): unknown {
  if (typeof value !== "string") return value;
  let text: string;
  try {
    text = read(value);
  } catch (error) {
    fail(label, path, `cannot read ${where(value)}: ${(error as Error).message}`);
  }
  return readYamlValue(text, `${label}: ${path}: ${value}`);
}

function checkedPattern(pattern: unknown, path: string, label: string): string {
  if (typeof pattern !== "string" || pattern === "") {
    fail(label, path, expectation("a regular expression", pattern));
  }
  try {
    compileHostPattern(pattern);
  } catch (error) {
    fail(label, path, `pattern ${where(pattern)} ${(error as Error).message}`);
  }
  return pattern;
}

function readHostnames(
  value: unknown,
  label: string,
  read: ReadRelative,
  warnings: string[],
): HostnameSettings {
  const rules: HostnameSettings = { replace: [], remove: [], low_priority: [], high_priority: [] };
  if (value === undefined || value === null) return rules;
  if (!isRecord(value)) fail(label, "hostnames", expectation("a mapping", value));
  for (const key of Object.keys(value)) {
    if (key !== "replace" && !(HOSTNAME_LISTS as readonly string[]).includes(key)) {
      warnings.push(`${label}: unknown key ${where(`hostnames.${key}`)} ignored`);
    }
  }
  const replace = inlineOrFile(value.replace, "hostnames.replace", label, read);
  if (replace !== undefined && replace !== null) {
    if (!isRecord(replace)) {
      fail(
        label,
        "hostnames.replace",
        expectation("a mapping of pattern to host, or a file", replace),
      );
    }
    for (const [pattern, host] of Object.entries(replace)) {
      const path = `hostnames.replace.${where(pattern)}`;
      checkedPattern(pattern, path, label);
      if (typeof host !== "string" || !/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
        fail(label, path, expectation("a host name such as invidious.example.org", host));
      }
      rules.replace.push([pattern, host]);
    }
  }
  for (const key of HOSTNAME_LISTS) {
    const list = inlineOrFile(value[key], `hostnames.${key}`, label, read);
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      fail(label, `hostnames.${key}`, expectation("a list of patterns, or a file", list));
    }
    rules[key] = list.map((pattern, index) =>
      checkedPattern(pattern, `hostnames.${key}[${index}]`, label)
    );
  }
  return rules;
}

function readDoiResolvers(
  resolvers: unknown,
  chosen: unknown,
  label: string,
): Pick<PluginSettings, "doi_resolvers" | "default_doi_resolver"> {
  const doi_resolvers: Record<string, string> = {};
  if (resolvers === undefined || resolvers === null) {
    Object.assign(doi_resolvers, DEFAULT_DOI_RESOLVERS);
  } else if (!isRecord(resolvers)) {
    fail(label, "doi_resolvers", expectation("a mapping of name to resolver URL", resolvers));
  }
  for (const [name, url] of Object.entries(isRecord(resolvers) ? resolvers : {})) {
    const parsed = typeof url === "string" ? URL.parse(url) : null;
    if (parsed === null || !["http:", "https:"].includes(parsed.protocol)) {
      fail(
        label,
        `doi_resolvers.${where(name)}`,
        expectation("an http(s) URL the DOI is appended to", url),
      );
    }
    doi_resolvers[name] = url as string;
  }
  const names = Object.keys(doi_resolvers);
  const default_doi_resolver = chosen ?? (names.includes("oadoi.org") ? "oadoi.org" : names[0]);
  if (typeof default_doi_resolver !== "string" || !names.includes(default_doi_resolver)) {
    fail(
      label,
      "default_doi_resolver",
      expectation(`one of the doi_resolvers (${names.join(", ")})`, default_doi_resolver),
    );
  }
  return { doi_resolvers, default_doi_resolver };
}

export function readPluginSettings(
  sections: Record<string, unknown>,
  label: string,
  read: ReadRelative,
  warnings: string[],
): PluginSettings {
  const hostnames = readHostnames(sections.hostnames, label, read, warnings);
  let plugins = readPlugins(sections.plugins, label, warnings);
  const configured = Object.values(hostnames).some((rules) => rules.length > 0);
  // As SearXNG: without rules the hostnames plugin is not offered (a switch would do nothing).
  if (!configured) plugins = plugins.filter((plugin) => plugin.id !== "hostnames");
  return {
    plugins,
    hostnames,
    ...readDoiResolvers(sections.doi_resolvers, sections.default_doi_resolver, label),
  };
}
