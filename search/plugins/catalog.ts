// Every plugin this instance has, under SearXNG's ids, with SearXNG's default (settings.yml of
// searxng/searxng, August 2026) and the words the preferences page shows. Settings name a plugin
// `searx.plugins.<id>.SXNGPlugin`; cookies and request parameters use the bare id, as SearXNG's do.

export const PLUGIN_IDS = [
  "calculator",
  "unit_converter",
  "hash_plugin",
  "self_info",
  "time_zone",
  "tracker_url_remover",
  "hostnames",
  "oa_doi_rewrite",
] as const;

export type PluginId = typeof PLUGIN_IDS[number];

export interface PluginInfo {
  id: PluginId;
  name: string;
  description: string;
  /** On unless the settings or the person say otherwise (SearXNG's shipped `active:`). */
  active: boolean;
}

export const PLUGINS: readonly PluginInfo[] = [
  {
    id: "calculator",
    name: "Calculator",
    description: "Answers arithmetic such as 2^10*3 above the results.",
    active: true,
  },
  {
    id: "unit_converter",
    name: "Unit converter",
    description: "Converts units: 10 km to miles, 100 f to c.",
    active: true,
  },
  {
    id: "hash_plugin",
    name: "Hash digests",
    description: "Answers md5, sha1, sha256 … of the text after the keyword.",
    active: true,
  },
  {
    id: "self_info",
    name: "Self information",
    description: "Answers “ip” and “user agent” with what this instance saw of you.",
    active: true,
  },
  {
    id: "time_zone",
    name: "Time zones",
    description: "Answers “time in Tokyo” with the local time there.",
    active: true,
  },
  {
    id: "tracker_url_remover",
    name: "Tracker URL remover",
    description: "Removes tracking parameters (utm_*, fbclid …) from result links.",
    active: true,
  },
  {
    id: "hostnames",
    name: "Hostnames",
    description: "Applies this instance's rules: rewrites, removes or re-ranks results by host.",
    active: true,
  },
  {
    id: "oa_doi_rewrite",
    name: "Open Access DOI rewrite",
    description: "Sends links to publications (DOIs) to an open-access resolver.",
    active: false,
  },
];

/** SearXNG plugins this instance does not have: a settings file naming them still loads. */
export const UNSUPPORTED_PLUGIN_IDS: readonly string[] = [
  "ahmia_filter",
  "infinite_scroll",
  "tor_check",
];

/** The settings key of a plugin: `searx.plugins.<id>.SXNGPlugin`. */
export function pluginKey(id: string): string {
  return `searx.plugins.${id}.SXNGPlugin`;
}

/** The id a settings key names, or null when it is not of the `searx.plugins.<id>.SXNGPlugin` form. */
export function pluginIdOfKey(key: string): string | null {
  return /^searx\.plugins\.([a-z][a-z0-9_]*)\.SXNGPlugin$/.exec(key)?.[1] ?? null;
}

export function isPluginId(id: string): id is PluginId {
  return (PLUGIN_IDS as readonly string[]).includes(id);
}
