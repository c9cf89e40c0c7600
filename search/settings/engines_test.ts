import assert from "node:assert/strict";
import { stringify } from "yaml";
import { engine, load, MODULES, withDefaults } from "./settings_testing.ts";

// Every module of the table, as the message lists them (the table grows with each provider).
const MODULE_LIST = Object.keys(MODULES).sort().map((id) => JSON.stringify(id)).join(", ");

const INVALID_ENGINES: [unknown[], string][] = [
  [
    [{ name: "brave", timeout: "fast" }],
    'engines[0] (name "brave").timeout: expected a positive number of seconds, got "fast"',
  ],
  [
    [{ name: "bing" }, { name: "brave", timeout: 90 }],
    'engines[1] (name "brave").timeout: expected at most 60 seconds, got 90',
  ],
  [
    [{ name: "brave", weight: 0 }],
    'engines[0] (name "brave").weight: expected a positive number, got 0',
  ],
  [
    [{ name: "brave", disabled: "no" }],
    'engines[0] (name "brave").disabled: expected true or false, got "no"',
  ],
  [
    [{ name: "brave", base_url: "ftp://mirror.test" }],
    'engines[0] (name "brave").base_url: expected a http:// or https:// URL, e.g. https://search.example.org, got "ftp://mirror.test"',
  ],
  [
    [{ name: "brave", base_url: "not a url" }],
    'engines[0] (name "brave").base_url: expected a http:// or https:// URL, e.g. https://search.example.org, got "not a url"',
  ],
  [
    [{ name: "brave", categories: ["general", "News"] }],
    'engines[0] (name "brave").categories[1]: expected a lowercase category name such as "general" or "news", got "News"',
  ],
  [
    [{ name: "brave", categories: [] }],
    'engines[0] (name "brave").categories: expected a category or a non-empty list of categories, got an empty list',
  ],
  [
    [{ name: "brave", shortcut: "" }],
    'engines[0] (name "brave").shortcut: expected a non-empty text, got ""',
  ],
  [
    [{ name: "google", engine: "google" }],
    `engines[0] (name "google").engine: expected one of the engine modules ${MODULE_LIST}, got "google"`,
  ],
  [
    [{ name: "google" }],
    `engines[0] (name "google").engine: missing (expected one of the engine modules ${MODULE_LIST})`,
  ],
  [
    [{ name: "brave_2", engine: "brave" }],
    'engines[0] (name "brave_2").name: expected a non-empty name without "_", got "brave_2"',
  ],
  [[{ engine: "brave" }], 'engines[0].name: missing (expected a non-empty name without "_")'],
  [[{ name: "" }], 'engines[0] (name "").name: expected a non-empty name without "_", got ""'],
  [["brave"], 'engines[0]: expected a mapping, got "brave"'],
  [
    [{ name: "brave 2", engine: "brave", shortcut: "ddg" }],
    'engines[0] (name "brave 2").shortcut: "ddg" is already the shortcut of "duckduckgo"',
  ],
];

Deno.test("an invalid engine entry stops loading with one line naming the entry, the key and the value", () => {
  for (const [engines, message] of INVALID_ENGINES) {
    assert.throws(() => load(withDefaults({ engines })), {
      name: "ConfigError",
      message: `settings.yml: ${message}`,
    });
  }
});

Deno.test("engine names must be unique in a replacing file", () => {
  const engines = [{ name: "brave", engine: "brave" }, {
    name: "brave",
    engine: "brave",
    shortcut: "b2",
  }];
  assert.throws(() => load(stringify({ engines })), {
    name: "ConfigError",
    message: 'settings.yml: engines[1] (name "brave").name: another engine already has this name',
  });
});

Deno.test("engine entries take SearXNG's forms for categories, method and names", () => {
  const { settings, warnings } = load(
    [
      "use_default_settings: true",
      "server:",
      "  method: post",
      "engines:",
      "  - name: Wiki DE",
      "    engine: wikipedia",
      "    shortcut: wde",
      "    base_url: https://{lang}.wikipedia.org//",
      "    categories: general, news",
      "  - name: brave",
      "    categories: news",
      "",
    ].join("\n"),
  );
  assert.equal(settings.server.method, "POST");
  assert.deepEqual(
    settings.engines.at(-1),
    engine("wiki de", "wikipedia", "wde", {
      base_url: "https://{lang}.wikipedia.org",
      categories: ["general", "news"],
    }),
  );
  assert.deepEqual(settings.engines[1].categories, ["news"]);
  assert.deepEqual(warnings, [
    'settings.yml: engines[0] (name "Wiki DE").name: not lowercase, using "wiki de"',
  ]);
});

Deno.test("an engine's api_key is read from settings, and is null without one", () => {
  const { settings } = load(withDefaults({
    engines: [{ name: "brave", api_key: "secret-key-123" }],
  }));
  const byName = new Map(settings.engines.map((engine) => [engine.name, engine]));
  assert.equal(byName.get("brave")?.api_key, "secret-key-123");
  assert.equal(byName.get("duckduckgo")?.api_key, null);
});
