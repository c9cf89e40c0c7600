import assert from "node:assert/strict";
import { load, SHIPPED_ENGINES, withDefaults } from "./settings_testing.ts";

Deno.test("unknown keys anywhere are reported as warnings and ignored", () => {
  const { settings, warnings } = load(withDefaults({
    serch: { safe_search: 2 },
    server: { porrt: 9000 },
    engines: [{ name: "brave", timout: 5 }],
    use_default_settings: { engines: { delete: ["bing"] }, everything: true },
  }));
  assert.deepEqual(warnings, [
    'settings.yml: unknown key "serch" ignored',
    'settings.yml: unknown key "server.porrt" ignored',
    'settings.yml: unknown key "engines[0].timout" ignored',
    'settings.yml: unknown key "use_default_settings.everything" ignored',
    'settings.yml: unknown key "use_default_settings.engines.delete" ignored',
  ]);
  assert.equal(settings.search.safe_search, 0);
  assert.equal(settings.server.port, 8080);
  assert.deepEqual(settings.engines, SHIPPED_ENGINES);
});

Deno.test("SearXNG keys we do not implement are reported as not supported", () => {
  const { warnings } = load(withDefaults({
    brand: { docs_url: "https://docs.example.org" },
    valkey: { url: false },
    categories_as_tabs: { general: {} },
    outgoing: { proxies: { "all://": ["socks5h://127.0.0.1:9050"] } },
    engines: [{ name: "qwant", tokens: ["secret"], inactive: false }],
  }));
  assert.deepEqual(warnings, [
    'settings.yml: key "brand" is not supported, ignored',
    'settings.yml: key "valkey" is not supported, ignored',
    'settings.yml: key "categories_as_tabs" is not supported, ignored',
    'settings.yml: key "outgoing.proxies" is not supported, ignored',
    'settings.yml: key "engines[0].tokens" is not supported, ignored',
    'settings.yml: key "engines[0].inactive" is not supported, ignored',
  ]);
});
