import assert from "node:assert/strict";
import { ConfigError } from "../../shared/env.ts";
import { loadSettings } from "./load.ts";
import { SECRET_PLACEHOLDER } from "./schemas.ts";
import {
  FIXTURES,
  load,
  MODULES,
  SECRET,
  SHIPPED_ENGINES,
  SHIPPED_PLUGIN_SETTINGS,
  withDefaults,
} from "./settings_testing.ts";

Deno.test("the shipped settings load without warnings and give the documented values", () => {
  assert.deepEqual(load(null), {
    warnings: [],
    settings: {
      general: { instance_name: "Search" },
      search: {
        formats: ["html", "json", "csv", "rss"],
        safe_search: 0,
        default_lang: "auto",
        autocomplete: "duckduckgo",
      },
      server: {
        port: 8080,
        bind_address: "127.0.0.1",
        secret_key: null,
        limiter: false,
        image_proxy: false,
        method: "GET",
        base_url: null,
      },
      botdetection: { trusted_proxies: ["127.0.0.0/8", "::1"] },
      outgoing: { request_timeout: 3, max_request_timeout: 10, pool_connections: 100 },
      engines: SHIPPED_ENGINES,
      ...SHIPPED_PLUGIN_SETTINGS,
    },
  });
});

Deno.test("loadSettings reads the shipped file next to the module when no user file is given", async () => {
  const loaded = await loadSettings(undefined, MODULES, {});
  assert.deepEqual(loaded, load(null));
});

Deno.test("loadSettings names the user file when it cannot be read", async () => {
  const missing = new URL("missing.yml", FIXTURES).pathname;
  await assert.rejects(
    loadSettings(missing, MODULES, {}),
    (error: Error) =>
      error instanceof ConfigError &&
      error.message.startsWith(`${missing}: cannot read the settings file: `),
  );
});

Deno.test("a SearXNG container settings.yml loads with warnings for the keys we do not implement", async () => {
  const path = new URL("searxng_container.yml", FIXTURES).pathname;
  const { settings, warnings } = await loadSettings(path, MODULES, {});
  assert.deepEqual(warnings, [
    `${path}: key "ui" is not supported, ignored`,
    `${path}: key "valkey" is not supported, ignored`,
    `${path}: key "general.debug" is not supported, ignored`,
    `${path}: key "engines[0].network" is not supported, ignored`,
  ]);
  assert.equal(settings.general.instance_name, "Home search");
  assert.deepEqual(settings.search.formats, ["html", "json"]);
  assert.equal(settings.search.autocomplete, "duckduckgo");
  assert.deepEqual(settings.server, {
    port: 8080,
    bind_address: "127.0.0.1",
    secret_key: "f3c1a0d9e8b7c6a5f4e3d2c1b0a9f8e7d6c5b4a3",
    limiter: false,
    image_proxy: true,
    method: "GET",
    base_url: "http://localhost:8888",
  });
  assert.deepEqual(
    settings.engines,
    SHIPPED_ENGINES.map((entry) => entry.name === "brave" ? { ...entry, timeout: 5 } : entry),
  );
});

Deno.test("SEARCH_PORT, SEARCH_BIND_ADDRESS and SEARCH_SECRET replace the file's values", () => {
  const userText = withDefaults({
    server: { port: 9000, bind_address: "::1", secret_key: SECRET },
  });
  const env = {
    SEARCH_PORT: 0,
    SEARCH_BIND_ADDRESS: "0.0.0.0",
    SEARCH_SECRET: "from-the-environment",
  };
  const { server } = load(userText, env).settings;
  assert.equal(server.port, 0);
  assert.equal(server.bind_address, "0.0.0.0");
  assert.equal(server.secret_key, "from-the-environment");
  assert.deepEqual(load(userText).settings.server, {
    ...server,
    port: 9000,
    bind_address: "::1",
    secret_key: SECRET,
  });
});

Deno.test("the shipped placeholder secret means no key is configured", () => {
  assert.equal(load(null).settings.server.secret_key, null);
  assert.equal(load(withDefaults({ server: { limiter: true } })).settings.server.secret_key, null);
});

Deno.test("a user file that keeps the placeholder secret is refused unless SEARCH_SECRET is set", () => {
  const userText = withDefaults({ server: { secret_key: SECRET_PLACEHOLDER } });
  assert.throws(() => load(userText), {
    name: "ConfigError",
    message:
      'settings.yml: server.secret_key: still the placeholder "ultrasecretkey"; set a random value or SEARCH_SECRET',
  });
  assert.equal(load(userText, { SEARCH_SECRET: SECRET }).settings.server.secret_key, SECRET);
});
