// SearXNG's rules for combining the user's file with the shipped one: with use_default_settings the
// shipped file is the base, sections merge key by key and engines by name (after the shipped ones
// are pruned); without it the user's file replaces the shipped one.
import { ConfigError } from "../../shared/env.ts";
import { isRecord } from "../../shared/is_record.ts";
import { check, expectation, type Schemas } from "./schemas.ts";
import type { Mapping } from "./yaml_mapping.ts";

export const SHIPPED_LABEL = "shipped settings.yml";

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
export interface SourcedEngine {
  entry: unknown;
  index: number;
}

export function engineLabel({ entry, index }: SourcedEngine): string {
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

export function combine(
  base: Mapping,
  user: Mapping | null,
  schemas: Schemas,
  label: string,
  warnings: string[],
): { sections: Mapping; engines: SourcedEngine[] } {
  if (user === null) return { sections: base, engines: engineList(base.engines, SHIPPED_LABEL) };
  if (usesDefaults(user, label)) {
    // Only the sections are read from `sections`, so the engines merged here are never used.
    const sections = mergeMappings(base, user);
    // SearXNG replaces `plugins` wholesale: the user's list says which plugins the instance has.
    if (user.plugins !== undefined && user.plugins !== null) sections.plugins = user.plugins;
    return {
      sections,
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
