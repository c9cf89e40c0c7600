import assert from "node:assert/strict";
import { activePlugins, type AvailablePlugin, pluginSwitchesFrom } from "./switches.ts";

const OFFERED: AvailablePlugin[] = [
  { id: "calculator", active: true },
  { id: "tracker_url_remover", active: true },
  { id: "oa_doi_rewrite", active: false },
];

const NONE = { disabled_plugins: [], enabled_plugins: [] };

Deno.test("without switches the offered plugins are on as the settings default them", () => {
  assert.deepEqual([...activePlugins(OFFERED, NONE)], ["calculator", "tracker_url_remover"]);
});

Deno.test("a person's switches turn plugins off and on; switching on wins, as in SearXNG", () => {
  const active = activePlugins(OFFERED, {
    disabled_plugins: ["calculator", "oa_doi_rewrite"],
    enabled_plugins: ["oa_doi_rewrite"],
  });
  assert.deepEqual([...active], ["tracker_url_remover", "oa_doi_rewrite"]);
});

Deno.test("a plugin the instance does not offer stays off whatever the switches say", () => {
  const active = activePlugins(OFFERED, { disabled_plugins: [], enabled_plugins: ["hostnames"] });
  assert.equal(active.has("hostnames"), false);
});

Deno.test("request switches count only when disabled_plugins is given, unknown ids dropped", () => {
  const from = (values: Record<string, string>) => pluginSwitchesFrom((key) => values[key]);
  assert.equal(from({ enabled_plugins: "calculator" }), null);
  assert.deepEqual(from({ disabled_plugins: "", enabled_plugins: "hash_plugin, bogus" }), {
    disabled_plugins: [],
    enabled_plugins: ["hash_plugin"],
  });
  assert.deepEqual(from({ disabled_plugins: "calculator,calculator,<script>" }), {
    disabled_plugins: ["calculator"],
    enabled_plugins: [],
  });
});
