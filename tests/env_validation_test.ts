import type { ServiceName } from "../runtime/http.ts";
// A bad environment value stops a service with exit code 2 and exactly one line naming the
// variable, the value and the expected form — never a stack trace.
import assert from "node:assert/strict";
import { runToExit, serviceArgs } from "./helpers/process.ts";

interface Case {
  service: ServiceName;
  env: Record<string, string>;
  /** What the single stderr line must say. */
  line: RegExp;
}

const CASES: Case[] = [
  {
    service: "search",
    env: { SEARCH_PORT: "abc" },
    line: /^search: invalid SEARCH_PORT="abc": expected an integer port/,
  },
  {
    service: "search",
    env: { SEARCH_PORT: "70000" },
    line: /^search: invalid SEARCH_PORT="70000": expected an integer port/,
  },
  {
    service: "search",
    env: { SEARCH_BIND_ADDRESS: "every where" },
    line: /^search: invalid SEARCH_BIND_ADDRESS="every where": expected an IP address or host name/,
  },
  {
    service: "search",
    env: { SEARCH_SETTINGS_PATH: "/no/such/settings.yml" },
    line:
      /^search: invalid SEARCH_SETTINGS_PATH="\/no\/such\/settings.yml": expected a readable settings.yml file$/,
  },
  {
    service: "search_mcp",
    env: { MCP_HTTP_PORT: "-1" },
    line: /^search_mcp: invalid MCP_HTTP_PORT="-1": expected an integer port/,
  },
  {
    service: "search_mcp",
    env: { SEARXNG_URL: "ftp://search:8080" },
    line:
      /^search_mcp: invalid SEARXNG_URL="ftp:\/\/search:8080": expected a http:\/\/ or https:\/\/ URL/,
  },
  {
    service: "search_mcp",
    env: { MCP_HTTP_HARDEN: "maybe" },
    line: /^search_mcp: invalid MCP_HTTP_HARDEN="maybe": expected true or false$/,
  },
  {
    service: "search_mcp",
    env: { MCP_HTTP_HARDEN: "true" },
    line: /^search_mcp: invalid MCP_HTTP_HARDEN=true without MCP_HTTP_AUTH_TOKEN/,
  },
  {
    service: "diagram",
    env: { DATABASE_URL: "postgres://db/diagrams" },
    line:
      /^diagram: invalid DATABASE_URL="postgres:\/\/db\/diagrams": expected file:<path> .* libsql:\/\/<host>/,
  },
  {
    service: "diagram",
    env: { DATABASE_URL: "diagram.db" },
    line: /^diagram: invalid DATABASE_URL="diagram.db": expected file:<path>/,
  },
  {
    service: "diagram",
    env: { DATABASE_URL: "libsql://db.example?tls=maybe" },
    line: /^diagram: invalid DATABASE_URL="libsql:\/\/db.example": /,
  },
  {
    service: "diagram",
    env: { BASE_URL: "localhost:8000" },
    line: /^diagram: invalid BASE_URL="localhost:8000": expected a http:\/\/ or https:\/\/ URL/,
  },
  {
    service: "diagram",
    env: { COLLAB_PUBLIC_URL: "http://localhost:1234" },
    line:
      /^diagram: invalid COLLAB_PUBLIC_URL="http:\/\/localhost:1234": expected a ws:\/\/ or wss:\/\/ URL/,
  },
  {
    service: "diagram",
    env: { DIAGRAM_PORT: "8o00" },
    line: /^diagram: invalid DIAGRAM_PORT="8o00": expected an integer port/,
  },
  {
    service: "diagram",
    env: { DIAGRAM_MCP_ALLOWED_ORIGINS: "https://chat.example.org/" },
    line:
      /^diagram: invalid DIAGRAM_MCP_ALLOWED_ORIGINS="https:\/\/chat.example.org\/": expected a comma-separated list of origins/,
  },
  {
    service: "search_mcp",
    env: { MCP_HTTP_ALLOWED_ORIGINS: "chat.example.org" },
    line:
      /^search_mcp: invalid MCP_HTTP_ALLOWED_ORIGINS="chat.example.org": expected a comma-separated list of origins/,
  },
  {
    service: "collab",
    env: { COLLAB_PORT: "port" },
    line: /^collab: invalid COLLAB_PORT="port": expected an integer port/,
  },
  {
    service: "collab",
    env: { DIAGRAM_INTERNAL_URL: "diagram:8000" },
    line:
      /^collab: invalid DIAGRAM_INTERNAL_URL="diagram:8000": expected a http:\/\/ or https:\/\/ URL/,
  },
];

for (const { service, env, line } of CASES) {
  const [[name, value]] = Object.entries(env);
  Deno.test(`${service} refuses ${name}=${JSON.stringify(value)} with one line and exit 2`, async () => {
    const result = await runToExit(serviceArgs(service), env);
    assert.equal(result.code, 2, result.stderr);
    assert.equal(result.stdout, "");
    const lines = result.stderr.trimEnd().split("\n");
    assert.equal(lines.length, 1, `expected one line, got:\n${result.stderr}`);
    assert.match(lines[0], line);
  });
}

Deno.test("a secret that is too short is refused without echoing it", async () => {
  const secret = "tooshort-but-private";
  for (
    const [service, name] of <[ServiceName, string][]> [
      ["diagram", "COLLAB_SECRET"],
      ["collab", "COLLAB_SECRET"],
      ["search", "SEARCH_SECRET"],
    ]
  ) {
    const value = name === "SEARCH_SECRET" ? secret.slice(0, 10) : secret;
    const result = await runToExit(serviceArgs(service), { [name]: value });
    assert.equal(result.code, 2, result.stderr);
    assert.equal(
      result.stderr.trimEnd(),
      `${service}: invalid ${name}=<hidden, ${value.length} characters>: expected at least ${
        name === "SEARCH_SECRET" ? 16 : 32
      } characters`,
    );
    assert.ok(!result.stderr.includes(value));
  }
});
