// Which plugins are on for one request, with SearXNG's preference semantics: the settings say which
// plugins this instance has and whether each is on by default; `disabled_plugins` lists the ones a
// person turned off, `enabled_plugins` the ones they turned on (each a comma list of plugin ids,
// in a cookie or a request parameter).
import { isPluginId, type PluginId } from "./catalog.ts";

/** A plugin this instance has (listed in settings), and whether it is on by default. */
export interface AvailablePlugin {
  id: PluginId;
  active: boolean;
}

/** A person's switches, as the preference cookies and request parameters carry them. */
export interface PluginSwitches {
  disabled_plugins: PluginId[];
  enabled_plugins: PluginId[];
}

/** The plugin ids named in a comma list, each once, unknown names dropped. */
export function readPluginList(value: string): PluginId[] {
  const ids = value.split(",").map((item) => item.trim()).filter(isPluginId);
  return [...new Set(ids)];
}

/**
 * The plugin switches `read` names (cookies or a request's parameters), or null when it names
 * none. As in SearXNG, both lists count only when `disabled_plugins` is there (even empty).
 */
export function pluginSwitchesFrom(
  read: (key: string) => string | undefined,
): PluginSwitches | null {
  const disabled = read("disabled_plugins");
  if (disabled === undefined) return null;
  return {
    disabled_plugins: readPluginList(disabled),
    enabled_plugins: readPluginList(read("enabled_plugins") ?? ""),
  };
}

/** Whether `plugin` is on for a person with these switches (an explicit "on" wins, as in SearXNG). */
export function pluginIsOn(plugin: AvailablePlugin, switches: PluginSwitches): boolean {
  if (switches.enabled_plugins.includes(plugin.id)) return true;
  if (switches.disabled_plugins.includes(plugin.id)) return false;
  return plugin.active;
}

/** The plugins on for this request: of those the instance has, its defaults and the switches. */
export function activePlugins(
  available: readonly AvailablePlugin[],
  switches: PluginSwitches,
): ReadonlySet<PluginId> {
  return new Set(
    available.filter((plugin) => pluginIsOn(plugin, switches)).map((plugin) => plugin.id),
  );
}

/** The switches a form of ticked plugin ids says, relative to the defaults (what the cookies keep). */
export function switchesFromTicked(
  available: readonly AvailablePlugin[],
  ticked: (id: PluginId) => boolean,
): PluginSwitches {
  return {
    disabled_plugins: available.filter((p) => p.active && !ticked(p.id)).map((p) => p.id),
    enabled_plugins: available.filter((p) => !p.active && ticked(p.id)).map((p) => p.id),
  };
}
