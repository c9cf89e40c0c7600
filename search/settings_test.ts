import assert from "node:assert/strict";
import { stringify } from "yaml";
import { ConfigError } from "../shared/env.ts";
import {
  type EngineSettings,
  loadSettings,
  type ModuleTable,
  parseSettings,
  SECRET_PLACEHOLDER,
  type SettingsEnv,
} from "./settings.ts";

const SHIPPED = Deno.readTextFileSync(new URL("./settings.yml", import.meta.url));
const FIXTURES = new URL("../tests/fixtures/search/settings/", import.meta.url);
const SECRET = "0123456789abcdef0123";

const MODULES: ModuleTable = {
  duckduckgo: { categories: ["general"], autocomplete: {} },
  brave: { categories: ["general", "news"], autocomplete: {} },
  bing: { categories: ["general", "news"] },
  mojeek: { categories: ["general", "news"] },
  startpage: { categories: ["general", "news"] },
  wikipedia: { categories: ["general"], autocomplete: {} },
  qwant: { categories: ["general", "news"], autocomplete: {} },
};

function load(userText: string | null, env: SettingsEnv = {}) {
  return parseSettings({ defaultsText: SHIPPED, userText, modules: MODULES, env });
}

/** A user file merged over the shipped one. */
function withDefaults(overrides: Record<string, unknown>, useDefaults: unknown = true): string {
  return stringify({ use_default_settings: useDefaults, ...overrides });
}

function engineNames(userText: string): string[] {
  return load(userText).settings.engines.map((engine) => engine.name);
}

function engine(
  name: string,
  module: string,
  shortcut: string,
  overrides: Partial<EngineSettings> = {},
): EngineSettings {
  return {
    name,
    engine: module,
    shortcut,
    disabled: false,
    timeout: 3,
    weight: 1,
    base_url: null,
    categories: ["general"],
    ...overrides,
  };
}

const SHIPPED_ENGINES = [
  engine("duckduckgo", "duckduckgo", "ddg"),
  engine("brave", "brave", "br"),
  engine("bing", "bing", "bi"),
  engine("mojeek", "mojeek", "mjk"),
  engine("startpage", "startpage", "sp"),
  engine("wikipedia", "wikipedia", "wp"),
  engine("qwant", "qwant", "qw", { disabled: true }),
  engine("mojeek news", "mojeek", "mjkn", { categories: ["news"] }),
  engine("startpage news", "startpage", "spn", { categories: ["news"], disabled: true }),
  engine("qwant news", "qwant", "qwn", { categories: ["news"], disabled: true }),
];

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
      outgoing: { request_timeout: 3, max_request_timeout: 10, pool_connections: 100 },
      engines: SHIPPED_ENGINES,
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
  // Engines without their own timeout follow the merged request_timeout.
  assert.ok(settings.engines.every((entry) => entry.timeout === 2));
});

Deno.test("an emptied section in a merged file keeps the shipped values", () => {
  assert.deepEqual(load("use_default_settings: true\nserver:\n").settings, load(null).settings);
});

Deno.test("use_default_settings.engines.remove drops shipped engines before merging", () => {
  assert.deepEqual(
    engineNames(withDefaults({}, { engines: { remove: ["bing", "qwant", "qwant news"] } })),
    [
      "duckduckgo",
      "brave",
      "mojeek",
      "startpage",
      "wikipedia",
      "mojeek news",
      "startpage news",
    ],
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
    outgoing: { request_timeout: 3, max_request_timeout: null, pool_connections: 100 },
    engines: [engine("mojeek", "mojeek", "mojeek")],
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

Deno.test("a short secret is refused without showing it", () => {
  for (const env of [{}, { SEARCH_SECRET: SECRET }]) {
    assert.throws(() => load(withDefaults({ server: { secret_key: "hunter2" } }), env), {
      name: "ConfigError",
      message:
        "settings.yml: server.secret_key: expected a text of at least 16 characters, got <hidden, 7 characters>",
    });
  }
  assert.throws(() => load(withDefaults({ server: { secret_key: 12345678901234567890 } })), {
    message:
      "settings.yml: server.secret_key: expected a text of at least 16 characters, got <hidden, number>",
  });
});

Deno.test("server.base_url is the public origin links are built on; false or unset is none", () => {
  const baseUrl = (value: unknown) =>
    load(withDefaults({ server: { base_url: value } })).settings.server.base_url;
  assert.equal(baseUrl("https://search.example.org/"), "https://search.example.org");
  assert.equal(baseUrl("http://Search.Example.org:8443"), "http://search.example.org:8443");
  assert.equal(baseUrl(false), null);
  assert.equal(baseUrl(null), null);
});

const INVALID_SECTION_VALUES: [Record<string, unknown>, string][] = [
  ...[
    "https://example.org/search/",
    "ftp://example.org",
    "https://user:pw@example.org",
    "example.org",
    true,
  ]
    .map((value): [Record<string, unknown>, string] => [
      { server: { base_url: value } },
      `server.base_url: expected false, or the instance's public origin such as https://search.example.org ` +
      `(pages link from the root, so a sub-path is not supported), got ${JSON.stringify(value)}`,
    ]),
  [{ search: { safe_search: 5 } }, "search.safe_search: expected 0, 1 or 2, got 5"],
  [
    { search: { formats: [] } },
    "search.formats: expected a non-empty list of html, json, csv, rss, got an empty list",
  ],
  [
    { search: { formats: ["html", "xml"] } },
    'search.formats[1]: expected html, json, csv, rss, got "xml"',
  ],
  [
    { search: { formats: "json" } },
    'search.formats: expected a non-empty list of html, json, csv, rss, got "json"',
  ],
  [
    { search: { default_lang: "english" } },
    'search.default_lang: expected "all", "auto" or a language code such as "en" or "en-US", got "english"',
  ],
  [
    { search: { autocomplete: "bing" } },
    'search.autocomplete: expected "" (off) or one of "brave", "duckduckgo", "qwant", "wikipedia", got "bing"',
  ],
  [
    { server: { port: 65536 } },
    "server.port: expected an integer port number from 0 to 65535 (0 picks a free port), got 65536",
  ],
  [
    { server: { port: "8080" } },
    'server.port: expected an integer port number from 0 to 65535 (0 picks a free port), got "8080"',
  ],
  [
    { server: { bind_address: "256.1.1.1" } },
    'server.bind_address: expected an IP address or host name to listen on, e.g. 127.0.0.1 or 0.0.0.0, got "256.1.1.1"',
  ],
  [{ server: { limiter: "yes" } }, 'server.limiter: expected true or false, got "yes"'],
  [{ server: { method: "PUT" } }, 'server.method: expected GET or POST, got "PUT"'],
  [
    { outgoing: { request_timeout: 0 } },
    "outgoing.request_timeout: expected a positive number of seconds, got 0",
  ],
  [
    { outgoing: { request_timeout: 61 } },
    "outgoing.request_timeout: expected at most 60 seconds, got 61",
  ],
  [
    { outgoing: { max_request_timeout: -1 } },
    "outgoing.max_request_timeout: expected a positive number of seconds, got -1",
  ],
  [
    { outgoing: { pool_connections: 0.5 } },
    "outgoing.pool_connections: expected an integer of at least 1, got 0.5",
  ],
  [{ general: { instance_name: "" } }, 'general.instance_name: expected a non-empty text, got ""'],
  [{ general: ["Search"] }, "general: expected a mapping, got a list"],
  [{ engines: { name: "brave" } }, "engines: expected a list of engines, got a mapping"],
];

Deno.test("an invalid section value stops loading with one line naming the key and the value", () => {
  for (const [overrides, message] of INVALID_SECTION_VALUES) {
    assert.throws(() => load(withDefaults(overrides)), {
      name: "ConfigError",
      message: `settings.yml: ${message}`,
    });
  }
});

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
    'engines[0] (name "google").engine: expected one of the engine modules "bing", "brave", "duckduckgo", "mojeek", "qwant", "startpage", "wikipedia", got "google"',
  ],
  [
    [{ name: "google" }],
    'engines[0] (name "google").engine: missing (expected one of the engine modules "bing", "brave", "duckduckgo", "mojeek", "qwant", "startpage", "wikipedia")',
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

Deno.test("a YAML syntax error is reported in one line with its line number", () => {
  assert.throws(() => load("server:\n  port: 8080\n  method: [GET\n"), {
    name: "ConfigError",
    message: /^settings\.yml: invalid YAML at line 4, column 1: [^\n]+$/,
  });
  assert.throws(() => load("server:\n  port: 1\n  port: 2\n"), {
    name: "ConfigError",
    message: "settings.yml: invalid YAML at line 3, column 3: Map keys must be unique",
  });
  assert.throws(() => load("- html\n- json\n"), {
    name: "ConfigError",
    message: "settings.yml: expected a mapping of settings, got a list",
  });
});

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
    plugins: {},
    categories_as_tabs: { general: {} },
    outgoing: { proxies: { "all://": ["socks5h://127.0.0.1:9050"] } },
    engines: [{ name: "qwant", tokens: ["secret"], inactive: false }],
  }));
  assert.deepEqual(warnings, [
    'settings.yml: key "brand" is not supported, ignored',
    'settings.yml: key "plugins" is not supported, ignored',
    'settings.yml: key "categories_as_tabs" is not supported, ignored',
    'settings.yml: key "outgoing.proxies" is not supported, ignored',
    'settings.yml: key "engines[0].tokens" is not supported, ignored',
    'settings.yml: key "engines[0].inactive" is not supported, ignored',
  ]);
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
