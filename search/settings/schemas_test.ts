import assert from "node:assert/strict";
import { load, SECRET, withDefaults } from "./settings_testing.ts";

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

Deno.test("botdetection.trusted_proxies takes addresses and networks, refuses anything else by name, and SearXNG's other bot detection keys only warn", () => {
  const trusted = ["10.0.0.0/8", "fd00::/8", "192.0.2.7"];
  const loaded = load(
    withDefaults({ botdetection: { trusted_proxies: trusted, ipv4_prefix: 32 } }),
  );
  assert.deepEqual(loaded.settings.botdetection, { trusted_proxies: trusted });
  assert.deepEqual(loaded.warnings, [
    'settings.yml: key "botdetection.ipv4_prefix" is not supported, ignored',
  ]);
  assert.throws(
    () => load(withDefaults({ botdetection: { trusted_proxies: ["10.0.0.0/8", "proxy.lan"] } })),
    {
      name: "ConfigError",
      message:
        'settings.yml: botdetection.trusted_proxies[1]: expected an IP address or network such as 10.0.0.0/8 or fd00::/8, got "proxy.lan"',
    },
  );
});
