// Test support: the result rules of chosen plugins, with the settings' defaults or given rules.
import type { PluginId } from "./catalog.ts";
import { HostnameRules, type HostnameSettings, NO_HOSTNAME_RULES } from "./hostnames.ts";
import { type ResultRules, resultRules } from "./result_rules.ts";

/**
 * The rules of the plugins `active`, with these hostnames rules and SearXNG's oadoi.org and doi.org
 * resolvers (oadoi.org the default; `doiResolver` the person's choice).
 */
export function rulesOf(
  active: PluginId[],
  hostnames: Partial<HostnameSettings> = {},
  doiResolver = "oadoi.org",
): ResultRules {
  const config = {
    hostnames: new HostnameRules({ ...NO_HOSTNAME_RULES, ...hostnames }),
    doiResolvers: { "oadoi.org": "https://oadoi.org/", "doi.org": "https://doi.org/" },
    defaultDoiResolver: "oadoi.org",
  };
  return resultRules(config, new Set(active), doiResolver);
}
