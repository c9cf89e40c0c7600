import assert from "node:assert/strict";
import { stringify } from "yaml";
import { loadSettings, parseSettings } from "./load.ts";
import {
  load,
  MODULES,
  SECRET,
  SHIPPED_PLUGIN_SETTINGS,
  withDefaults,
} from "./settings_testing.ts";

const SHIPPED = Deno.readTextFileSync(new URL("../settings.yml", import.meta.url));

function loadWith(overrides: Record<string, unknown>, files: Record<string, string> = {}) {
  return parseSettings({
    defaultsText: SHIPPED,
    userText: withDefaults(overrides),
    modules: MODULES,
    env: {},
    readRelative: (path) => {
      if (!(path in files)) throw new Error("No such file");
      return files[path];
    },
  });
}

const HOSTNAMES = { replace: { "(.*\\.)?youtube\\.com$": "invidious.example.org" } };

Deno.test("a user's plugins list replaces the shipped one: only the plugins listed are offered", () => {
  const { settings, warnings } = load(withDefaults({
    plugins: {
      "searx.plugins.oa_doi_rewrite.SXNGPlugin": { active: true },
      "searx.plugins.calculator.SXNGPlugin": { active: false },
      "searx.plugins.tracker_url_remover.SXNGPlugin": {},
    },
  }));
  assert.deepEqual(warnings, []);
  // Catalog order; `active` defaults to false as in SearXNG's PluginCfg.
  assert.deepEqual(settings.plugins, [
    { id: "calculator", active: false },
    { id: "tracker_url_remover", active: false },
    { id: "oa_doi_rewrite", active: true },
  ]);
});

Deno.test("an empty plugins mapping offers no plugin, a null one keeps the shipped list", () => {
  assert.deepEqual(load(withDefaults({ plugins: {} })).settings.plugins, []);
  assert.deepEqual(
    load(withDefaults({ plugins: null })).settings.plugins,
    SHIPPED_PLUGIN_SETTINGS.plugins,
  );
});

Deno.test("a replacing file without plugins gets every plugin at its default", () => {
  const { settings } = load(stringify({
    server: { secret_key: SECRET },
    engines: [{ name: "mojeek", engine: "mojeek" }],
  }));
  // The catalog's defaults, which the shipped file repeats (hostnames needs rules to be offered).
  assert.deepEqual(settings.plugins, SHIPPED_PLUGIN_SETTINGS.plugins);
});

Deno.test("an unknown plugin stops the start with its key named", () => {
  for (const key of ["searx.plugins.calculater.SXNGPlugin", "calculator", "my.own.Plugin"]) {
    assert.throws(() => load(withDefaults({ plugins: { [key]: { active: true } } })), {
      name: "ConfigError",
      message: new RegExp(
        `^settings\\.yml: plugins\\.${
          RegExp.escape(JSON.stringify(key))
        }: no such plugin \\(expected one of searx\\.plugins\\.calculator\\.SXNGPlugin, `,
      ),
    });
  }
});

Deno.test("SearXNG plugins this instance lacks only warn, and unknown keys of a plugin warn", () => {
  const { settings, warnings } = load(withDefaults({
    plugins: {
      "searx.plugins.tor_check.SXNGPlugin": { active: false },
      "searx.plugins.ahmia_filter.SXNGPlugin": { active: true },
      "searx.plugins.hash_plugin.SXNGPlugin": { active: true, keywords: ["md5"] },
    },
  }));
  assert.deepEqual(warnings, [
    'settings.yml: key "plugins.searx.plugins.tor_check.SXNGPlugin" is not supported, ignored',
    'settings.yml: key "plugins.searx.plugins.ahmia_filter.SXNGPlugin" is not supported, ignored',
    'settings.yml: unknown key "plugins.searx.plugins.hash_plugin.SXNGPlugin.keywords" ignored',
  ]);
  assert.deepEqual(settings.plugins, [{ id: "hash_plugin", active: true }]);
});

Deno.test("a plugin's settings must be a mapping with a boolean active", () => {
  assert.throws(
    () => load(withDefaults({ plugins: { "searx.plugins.calculator.SXNGPlugin": null } })),
    {
      message:
        'settings.yml: plugins."searx.plugins.calculator.SXNGPlugin": expected a mapping such as {active: true}, got null',
    },
  );
  assert.throws(
    () =>
      load(withDefaults({ plugins: { "searx.plugins.calculator.SXNGPlugin": { active: "yes" } } })),
    {
      message:
        'settings.yml: plugins."searx.plugins.calculator.SXNGPlugin".active: expected true or false, got "yes"',
    },
  );
});

Deno.test("the hostnames plugin is offered once hostnames has rules", () => {
  const { settings } = loadWith({ hostnames: HOSTNAMES });
  assert.deepEqual(settings.plugins.find((plugin) => plugin.id === "hostnames"), {
    id: "hostnames",
    active: true,
  });
  assert.deepEqual(settings.hostnames, {
    replace: [["(.*\\.)?youtube\\.com$", "invidious.example.org"]],
    remove: [],
    low_priority: [],
    high_priority: [],
  });
});

Deno.test("hostnames lists and mappings may be files beside the settings file", () => {
  const { settings } = loadWith({
    hostnames: { replace: "rewrite-hosts.yml", remove: "remove.yml", high_priority: ["wiki"] },
  }, {
    "rewrite-hosts.yml": "'(.*\\.)?youtu\\.be$': 'invidious.example.org'\n",
    "remove.yml": "- '(.*\\.)?pinterest\\.com$'\n- 'facebook'\n",
  });
  assert.deepEqual(settings.hostnames, {
    replace: [["(.*\\.)?youtu\\.be$", "invidious.example.org"]],
    remove: ["(.*\\.)?pinterest\\.com$", "facebook"],
    low_priority: [],
    high_priority: ["wiki"],
  });
  assert.throws(() => loadWith({ hostnames: { remove: "missing.yml" } }), {
    message: 'settings.yml: hostnames.remove: cannot read "missing.yml": No such file',
  });
  assert.throws(() => loadWith({ hostnames: { remove: "a.yml" } }, { "a.yml": "a: b\n" }), {
    message:
      "settings.yml: hostnames.remove: expected a list of patterns, or a file, got a mapping",
  });
});

Deno.test("patterns that can backtrack catastrophically are refused at start, named", () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ remove: ["ok\\.com$", "(a+)+$"] }, "hostnames.remove[1]", "(a+)+$"],
    [{ low_priority: ["(a*)*b"] }, "hostnames.low_priority[0]", "(a*)*b"],
    [{ high_priority: ["(a|a)*"] }, "hostnames.high_priority[0]", "(a|a)*"],
    [{ replace: { "(.*a){20}": "x.org" } }, 'hostnames.replace."(.*a){20}"', "(.*a){20}"],
  ];
  for (const [hostnames, path, pattern] of cases) {
    assert.throws(() => loadWith({ hostnames }), (error: Error) => {
      assert.equal(error.name, "ConfigError");
      assert.ok(
        error.message.startsWith(
          `settings.yml: ${path}: pattern ${JSON.stringify(pattern)} refused: `,
        ),
        error.message,
      );
      return true;
    });
  }
});

Deno.test("a pattern that does not compile, or a replacement that is no host, is refused", () => {
  assert.throws(() => loadWith({ hostnames: { remove: ["(unclosed"] } }), {
    message:
      /^settings\.yml: hostnames\.remove\[0\]: pattern "\(unclosed" not a valid regular expression/,
  });
  assert.throws(() => loadWith({ hostnames: { replace: { "a\\.com$": "evil.org/path" } } }), {
    message:
      'settings.yml: hostnames.replace."a\\\\.com$": expected a host name such as invidious.example.org, got "evil.org/path"',
  });
});

Deno.test("DOI resolvers default to SearXNG's open-access one, and the default must be listed", () => {
  const { settings } = loadWith({
    doi_resolvers: { "my.resolver": "https://resolver.example.org/" },
    default_doi_resolver: "my.resolver",
  });
  assert.equal(settings.default_doi_resolver, "my.resolver");
  assert.deepEqual(Object.keys(settings.doi_resolvers), ["oadoi.org", "doi.org", "my.resolver"]);
  assert.throws(() => loadWith({ default_doi_resolver: "sci-hub.se" }), {
    message:
      'settings.yml: default_doi_resolver: expected one of the doi_resolvers (oadoi.org, doi.org), got "sci-hub.se"',
  });
  assert.throws(() => loadWith({ doi_resolvers: { bad: "javascript:alert(1)//" } }), {
    message:
      'settings.yml: doi_resolvers."bad": expected an http(s) URL the DOI is appended to, got "javascript:alert(1)//"',
  });
});

/** Loads `settings` from a settings.yml written beside `files` in a fresh folder. */
async function loadFromFolder(
  settings: Record<string, unknown>,
  files: Record<string, string>,
): Promise<{ folder: string; load: () => ReturnType<typeof loadSettings> }> {
  const folder = await Deno.makeTempDir();
  for (const [name, text] of Object.entries(files)) {
    await Deno.writeTextFile(`${folder}/${name}`, text);
  }
  await Deno.writeTextFile(`${folder}/settings.yml`, withDefaults(settings));
  return { folder, load: () => loadSettings(`${folder}/settings.yml`, MODULES, {}) };
}

Deno.test("loadSettings reads hostnames files from the settings file's folder", async () => {
  const { folder, load } = await loadFromFolder({ hostnames: { remove: "remove.yml" } }, {
    "remove.yml": "- '(.*\\.)?pinterest\\.com$'\n",
  });
  try {
    const { settings } = await load();
    assert.deepEqual(settings.hostnames.remove, ["(.*\\.)?pinterest\\.com$"]);
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});

Deno.test("a pathological pattern in a hostnames file stops the start, the pattern named", async () => {
  const { folder, load } = await loadFromFolder({ hostnames: { low_priority: "low.yml" } }, {
    "low.yml": "- 'ok\\.org$'\n- '(x+x+)+y'\n",
  });
  try {
    await assert.rejects(load(), {
      name: "ConfigError",
      message: new RegExp(
        `^${RegExp.escape(folder)}/settings\\.yml: hostnames\\.low_priority\\[1\\]: ` +
          `pattern "\\(x\\+x\\+\\)\\+y" refused: `,
      ),
    });
  } finally {
    await Deno.remove(folder, { recursive: true });
  }
});
