// search/main.ts as a process: settings file, environment overrides, one-line configuration
// errors, and no query in its logs.
import assert from "node:assert/strict";
import { fakeProviderSettingsYaml, startFakeProviders } from "./helpers/fake_providers.ts";
import { freePort, runToExit, serviceArgs, startService } from "./helpers/process.ts";

async function settingsFile(text: string): Promise<string> {
  const file = await Deno.makeTempFile({ suffix: ".yml" });
  await Deno.writeTextFile(file, text);
  return file;
}

Deno.test("the service reads SEARCH_SETTINGS_PATH, searches the providers and logs no query", async () => {
  const upstream = await startFakeProviders();
  const dataDir = await Deno.makeTempDir();
  const file = await settingsFile(
    fakeProviderSettingsYaml(upstream.origin).replace(
      "use_default_settings: true",
      "use_default_settings: true\ngeneral:\n  instance_name: Test Search\n  contact_url: x",
    ),
  );
  const { process, url } = await startService("search", {
    SEARCH_SETTINGS_PATH: file,
    SEARCH_PORT: "0",
    DATA_DIR: dataDir,
  });
  try {
    const secretQuery = "my very private illness";
    const response = await fetch(new URL(`/search?format=json&q=${secretQuery}`, url));
    const body = await response.json();
    assert.equal(body.query, secretQuery);
    assert.ok(body.results.length > 10);
    const config = await (await fetch(new URL("/config", url))).json();
    assert.equal(config.instance_name, "Test Search");
    assert.match(
      process.output,
      /search: \S+\.yml: key "general\.contact_url" is not supported, ignored/,
    );
    assert.doesNotMatch(process.output, /private illness/);
  } finally {
    await process.stop();
    await upstream.stop();
    await Deno.remove(file);
    await Deno.remove(dataDir, { recursive: true });
  }
  assert.doesNotMatch(process.output, /private illness/);
});

Deno.test("server.port from the settings file is used unless SEARCH_PORT overrides it", async () => {
  const port = freePort();
  const dataDir = await Deno.makeTempDir();
  const file = await settingsFile(`use_default_settings: true\nserver:\n  port: ${port}\n`);
  const fromFile = await startService("search", { SEARCH_SETTINGS_PATH: file, DATA_DIR: dataDir });
  assert.equal(fromFile.url.port, String(port));
  await fromFile.process.stop();
  const overridden = await startService("search", {
    SEARCH_SETTINGS_PATH: file,
    SEARCH_PORT: "0",
    DATA_DIR: dataDir,
  });
  assert.notEqual(overridden.url.port, String(port));
  await overridden.process.stop();
  await Deno.remove(file);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("an invalid settings value stops the start with one line naming the key", async () => {
  const cases: [string, RegExp][] = [
    [
      "use_default_settings: true\nsearch:\n  safe_search: 5\n",
      /^search: \S+\.yml: search\.safe_search: .*5/,
    ],
    [
      "use_default_settings: true\noutgoing:\n  request_timeout: fast\n",
      /^search: \S+\.yml: outgoing\.request_timeout: /,
    ],
    [
      "use_default_settings: true\nserver:\n  secret_key: ultrasecretkey\n",
      /^search: \S+\.yml: server\.secret_key: still the placeholder/,
    ],
    ["search: [unclosed\n", /^search: \S+\.yml: invalid YAML at line/],
  ];
  for (const [text, expected] of cases) {
    const file = await settingsFile(text);
    const result = await runToExit(serviceArgs("search"), {
      SEARCH_SETTINGS_PATH: file,
      SEARCH_PORT: "0",
    });
    await Deno.remove(file);
    assert.equal(result.code, 2, text);
    const lines = result.stderr.trim().split("\n");
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0], expected);
  }
});
