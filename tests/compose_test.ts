// compose.yaml cannot be run here (no Docker engine), so it is checked against the code:
// every service, port, variable, volume and health check must match what the entrypoints expect.
import assert from "node:assert/strict";
import { parse } from "yaml";
import { serviceEnv, taskCommand } from "../runtime/service_command.ts";
import { type EnvVar, readEnv } from "../shared/env.ts";
import { collabEnv } from "../collab/config.ts";
import { diagramEnv } from "../diagram/config.ts";
import { searchEnv } from "../search/config.ts";
import { checkSearchMcpEnv, searchMcpEnv } from "../search_mcp/config.ts";
import { DEFAULT_ALLOWED_HOSTS, isAllowedHost } from "../search_mcp/http/allowed_host.ts";
import { ROOT } from "./helpers/process.ts";

interface ComposeService {
  command: string[];
  environment: Record<string, string>;
  ports: string[];
  volumes?: string[];
  healthcheck: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(await Deno.readTextFile(`${ROOT}compose.yaml`), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const dockerfile = await Deno.readTextFile(`${ROOT}Dockerfile`);

const shippedSearchSettings = parse(await Deno.readTextFile(`${ROOT}search/settings.yml`)) as {
  server: { port: number };
};

const EXPECTED = {
  search: { spec: searchEnv, portVar: "SEARCH_PORT", bindVar: "SEARCH_BIND_ADDRESS" },
  search_mcp: { spec: searchMcpEnv, portVar: "MCP_HTTP_PORT", bindVar: "MCP_HTTP_HOST" },
  diagram: { spec: diagramEnv, portVar: "DIAGRAM_PORT", bindVar: "DIAGRAM_BIND_ADDRESS" },
  collab: { spec: collabEnv, portVar: "COLLAB_PORT", bindVar: "COLLAB_BIND_ADDRESS" },
} as const;

/** What compose substitutes when the operator's .env sets nothing (required ones get a sample). */
function interpolate(value: string): string {
  return String(value).replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_, _name, kind, rest) =>
      kind === "-" ? rest : kind === "?" ? "a-secret-of-sufficient-length-0123456789abcdef" : "",
  );
}

Deno.test("compose defines exactly the four services", () => {
  assert.deepEqual(Object.keys(compose.services).sort(), Object.keys(EXPECTED).sort());
});

for (const [name, expected] of Object.entries(EXPECTED)) {
  Deno.test(`compose runs ${name} from its compiled entrypoint on its default port with a /readyz check`, async () => {
    const service = compose.services[name];
    const spec: Record<string, EnvVar<unknown>> = expected.spec;
    // search takes its default port from settings.yml, the others from their env spec.
    const defaultPort = spec[expected.portVar].fallback ?? shippedSearchSettings.server.port;
    assert.deepEqual(service.command, [name]);
    assert.ok((await Deno.stat(`${ROOT}${name}/main.ts`)).isFile);
    // A service whose task sets variables is compiled to <name>-server, and dist/<name> is its
    // launcher (tests/service_launch_test.ts).
    const binary = Object.keys(serviceEnv(name as keyof typeof EXPECTED)).length > 0
      ? `${name}-server`
      : name;
    // One `deno compile` of the task per service: its permission set, then its output and entry.
    const compiles = taskCommand("compile").split(" && ");
    assert.ok(
      compiles.some((line) =>
        line.includes(`-P=${name} `) && line.includes(` -o dist/${binary} ${name}/main.ts`)
      ),
      `compile task builds dist/${binary} from ${name}/main.ts with -P=${name}`,
    );
    assert.equal(service.environment[expected.portVar], String(defaultPort));
    assert.equal(service.environment[expected.bindVar], "0.0.0.0");
    // search and search_mcp serve this host and its containers; browsers use diagram and collab.
    const published = name === "search" || name === "search_mcp" ? "127.0.0.1:" : "";
    assert.deepEqual(service.ports, [`${published}${defaultPort}:${defaultPort}`]);
    assert.deepEqual(service.healthcheck.test, [
      "CMD",
      "curl",
      "-fsS",
      `http://127.0.0.1:${defaultPort}/readyz`,
    ]);
  });

  Deno.test(`compose runs ${name} with the variables its task sets, such as glibc's allocator tuning`, () => {
    const environment = compose.services[name].environment;
    for (const [variable, value] of Object.entries(serviceEnv(name as keyof typeof EXPECTED))) {
      assert.equal(String(environment[variable]), value, `${name}: ${variable}`);
    }
  });

  Deno.test(`compose gives ${name} only variables it knows, with values it accepts`, () => {
    const environment = compose.services[name].environment;
    const known = new Set(Object.keys(expected.spec));
    // What the task sets is read by the runtime under our code (glibc), not by our code.
    const fromTask = serviceEnv(name as keyof typeof EXPECTED);
    const forService = Object.entries(environment).filter(([key]) => !(key in fromTask));
    for (const [variable] of forService) {
      assert.ok(known.has(variable), `${name} does not read ${variable}`);
    }
    const resolved = Object.fromEntries(
      forService.map(([key, value]) => [key, interpolate(value)]),
    );
    readEnv(expected.spec, resolved); // throws ConfigError on any value the service would refuse
  });
}

Deno.test("the image compiles every entrypoint and ships only the binaries", () => {
  assert.match(dockerfile, /^FROM denoland\/deno:2\.9\.\d+ AS build$/m);
  assert.match(dockerfile, /^RUN deno task compile$/m);
  assert.match(dockerfile, /^COPY --from=build \/src\/dist\/ \/usr\/local\/bin\/$/m);
  assert.match(dockerfile, /^USER app$/m);
  assert.match(taskCommand("compile"), /--include diagram\/db\/migrations/);
  // The diagram binary carries the editor's bundle and the MCP App view it serves.
  const diagram = taskCommand("compile").split(" && ").find((line) =>
    line.includes("dist/diagram ")
  );
  assert.match(diagram ?? "", /--include build\/editor /);
  assert.match(diagram ?? "", /--include build\/view /);
});

Deno.test("diagram and collab keep their data on named volumes and share one required COLLAB_SECRET", () => {
  const { diagram, collab } = compose.services;
  assert.deepEqual(diagram.volumes, ["diagram-data:/data"]);
  assert.deepEqual(collab.volumes, ["collab-data:/data"]);
  assert.ok("diagram-data" in compose.volumes && "collab-data" in compose.volumes);
  assert.match(interpolate(diagram.environment.DATABASE_URL), /^file:\/data\//);
  assert.match(collab.environment.COLLAB_DATA_DIR, /^\/data\//);
  assert.equal(diagram.environment.COLLAB_SECRET, collab.environment.COLLAB_SECRET);
  assert.match(diagram.environment.COLLAB_SECRET, /^\$\{COLLAB_SECRET:\?/);
});

Deno.test("services reach each other by their compose names", () => {
  const { search_mcp, collab } = compose.services;
  assert.equal(search_mcp.environment.SEARXNG_URL, "http://search:8080");
  assert.deepEqual(search_mcp.depends_on, { search: { condition: "service_healthy" } });
  assert.equal(collab.environment.DIAGRAM_INTERNAL_URL, "http://diagram:8000");
  assert.deepEqual(collab.depends_on, { diagram: { condition: "service_healthy" } });
});

Deno.test("search_mcp runs hardened by default, refuses to start without a token, and answers other containers by its name", () => {
  const environment = compose.services.search_mcp.environment;
  assert.equal(interpolate(environment.MCP_HTTP_HARDEN), "true");
  assert.match(
    environment.MCP_HTTP_AUTH_TOKEN,
    /^\$\{MCP_HTTP_AUTH_TOKEN:\?set MCP_HTTP_AUTH_TOKEN in \.env, e\.g\. openssl rand -hex 32\}$/,
  );
  const resolved = Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [key, interpolate(value)]),
  );
  const env = checkSearchMcpEnv(readEnv(searchMcpEnv, resolved));
  assert.equal(env.MCP_HTTP_HARDEN, true);
  assert.equal(env.MCP_HTTP_AUTH_TOKEN, interpolate("${MCP_HTTP_AUTH_TOKEN:?x}"));
  // Empty in .env: the built-in list, which knows the compose name.
  assert.equal(env.MCP_HTTP_ALLOWED_HOSTS, undefined);
  const hosts = DEFAULT_ALLOWED_HOSTS;
  assert.equal(isAllowedHost("search_mcp:3000", hosts), true);
  assert.equal(isAllowedHost("localhost:3000", hosts), true);
  assert.equal(isAllowedHost("evil.example", hosts), false);
});

Deno.test("the settings compose runs search with list json in search.formats and leave the limiter off", () => {
  assert.equal(
    compose.services.search.environment.SEARCH_SETTINGS_PATH,
    "${SEARCH_SETTINGS_PATH:-}",
  );
  const settings = parse(Deno.readTextFileSync(`${ROOT}search/settings.yml`)) as {
    search: { formats: string[] };
    server: { limiter: boolean };
  };
  assert.ok(settings.search.formats.includes("json"));
  assert.equal(settings.server.limiter, false);
});
