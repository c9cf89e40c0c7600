import assert from "node:assert/strict";
import { load } from "./settings_testing.ts";

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
