import assert from "node:assert/strict";
import { stringify } from "yaml";
import {
  engine,
  engineNames,
  load,
  SECRET,
  SHIPPED_ENGINES,
  SHIPPED_PLUGIN_SETTINGS,
  withDefaults,
} from "./settings_testing.ts";

Deno.test("use_default_settings merges an engine entry into the shipped one by name", () => {
  const { settings, warnings } = load(withDefaults({
    engines: [{ name: "brave", timeout: 6, weight: 2, categories: ["general", "news"] }],
  }));
  assert.deepEqual(warnings, []);
  assert.equal(settings.engines.length, SHIPPED_ENGINES.length);
  assert.deepEqual(
    settings.engines[1],
    engine("brave", "brave", "br", { timeout: 6, weight: 2, categories: ["general", "news"] }),
  );
  assert.deepEqual(settings.engines[0], SHIPPED_ENGINES[0]);
});

Deno.test("use_default_settings appends engines with new names after the shipped ones", () => {
  const { settings } = load(withDefaults({
    engines: [{ name: "brave mirror", engine: "brave", base_url: "http://127.0.0.1:9000/" }],
  }));
  assert.deepEqual(settings.engines.slice(0, -1), SHIPPED_ENGINES);
  assert.deepEqual(
    settings.engines.at(-1),
    engine("brave mirror", "brave", "brave mirror", { base_url: "http://127.0.0.1:9000" }),
  );
});

Deno.test("use_default_settings merges sections key by key and replaces lists", () => {
  const { settings } = load(withDefaults({
    search: { formats: ["json"] },
    outgoing: { request_timeout: 2 },
  }));
  assert.deepEqual(settings.search, {
    formats: ["json"],
    safe_search: 0,
    default_lang: "auto",
    autocomplete: "duckduckgo",
  });
  assert.deepEqual(settings.outgoing, {
    request_timeout: 2,
    max_request_timeout: 10,
    pool_connections: 100,
  });
  // Engines without their own timeout follow the merged request_timeout; the others keep theirs.
  for (const [index, entry] of settings.engines.entries()) {
    const shipped = SHIPPED_ENGINES[index].timeout;
    assert.equal(entry.timeout, shipped === 3 ? 2 : shipped, entry.name);
  }
});

Deno.test("an emptied section in a merged file keeps the shipped values", () => {
  assert.deepEqual(load("use_default_settings: true\nserver:\n").settings, load(null).settings);
});

Deno.test("use_default_settings.engines.remove drops shipped engines before merging", () => {
  const removed = ["bing", "qwant", "qwant news"];
  assert.deepEqual(
    engineNames(withDefaults({}, { engines: { remove: removed } })),
    SHIPPED_ENGINES.map((entry) => entry.name).filter((name) => !removed.includes(name)),
  );
});

Deno.test("use_default_settings.engines.keep_only keeps the listed shipped engines and the user's own", () => {
  const userText = withDefaults(
    { engines: [{ name: "wikipedia", disabled: true }, { name: "wiki de", engine: "wikipedia" }] },
    { engines: { keep_only: ["duckduckgo", "wikipedia"] } },
  );
  assert.deepEqual(engineNames(userText), ["duckduckgo", "wikipedia", "wiki de"]);
  assert.equal(load(userText).settings.engines[1].disabled, true);
});

Deno.test("unknown engine names in remove and keep_only are reported as warnings", () => {
  const { warnings } = load(
    withDefaults({}, { engines: { remove: ["google"], keep_only: ["brave", "yandex"] } }),
  );
  assert.deepEqual(warnings, [
    'settings.yml: use_default_settings.engines.remove: no shipped engine is named "google", ignored',
    'settings.yml: use_default_settings.engines.keep_only: no shipped engine is named "yandex", ignored',
  ]);
});

Deno.test("without use_default_settings the user file replaces the shipped one", () => {
  const { settings, warnings } = load(stringify({
    server: { secret_key: SECRET, port: 9000 },
    engines: [{ name: "mojeek", engine: "mojeek", disabled: false }],
  }));
  assert.deepEqual(warnings, []);
  assert.deepEqual(settings, {
    general: { instance_name: "Search" },
    search: { formats: ["html"], safe_search: 0, default_lang: "auto", autocomplete: "" },
    server: {
      port: 9000,
      bind_address: "127.0.0.1",
      secret_key: SECRET,
      limiter: false,
      image_proxy: false,
      method: "GET",
      base_url: null,
    },
    botdetection: { trusted_proxies: ["127.0.0.0/8", "::1"] },
    outgoing: { request_timeout: 3, max_request_timeout: null, pool_connections: 100 },
    engines: [engine("mojeek", "mojeek", "mojeek")],
    ...SHIPPED_PLUGIN_SETTINGS,
  });
  const explicit = stringify({
    use_default_settings: false,
    engines: [{ name: "bing", engine: "bing" }],
  });
  assert.deepEqual(engineNames(explicit), ["bing"]);
});

Deno.test("a replacing user file must list its engines", () => {
  assert.throws(() => load("search:\n  safe_search: 1\n"), {
    name: "ConfigError",
    message:
      "settings.yml: engines: missing (expected a list of engines, or use_default_settings: true to keep the shipped ones)",
  });
  assert.throws(() => load(withDefaults({}, { engines: { keep_only: [] } })), {
    name: "ConfigError",
    message: "settings.yml: engines: expected at least one engine, got none",
  });
});

Deno.test("use_default_settings must be true, false or a mapping of engine lists", () => {
  assert.throws(() => load("use_default_settings: yes\n"), {
    name: "ConfigError",
    message: 'settings.yml: use_default_settings: expected true, false or a mapping, got "yes"',
  });
  assert.throws(() => load(withDefaults({}, { engines: { remove: "bing" } })), {
    name: "ConfigError",
    message:
      'settings.yml: use_default_settings.engines.remove: expected a list of names, got "bing"',
  });
});
