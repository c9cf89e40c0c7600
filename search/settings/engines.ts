// The merged engine entries as the engines search runs: each checked, names lowercased and unique,
// shortcuts unique, timeouts and categories defaulted.
import { ConfigError } from "../../shared/env.ts";
import { engineLabel, type SourcedEngine } from "./merge.ts";
import { check, type Schemas } from "./schemas.ts";
import type { EngineSettings, ModuleTable } from "./types.ts";

export function resolveEngines(
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
      api_key: parsed.api_key,
      categories: parsed.categories ?? modules[parsed.engine].categories.slice(0, 1),
    };
  });
}
