// Each service entrypoint, run as its own process on a free loopback port.
import assert from "node:assert/strict";
import denoConfig from "../deno.json" with { type: "json" };
import type { ServiceName } from "../runtime/http.ts";
import { serviceEnv, serviceRunArgs, taskCommand, v8FlagsOf } from "../runtime/service_command.ts";
import { freePort, runToExit, serviceArgs, startService } from "./helpers/process.ts";

/** `needs`: the variable naming the service it cannot work without, pointed at nothing here. */
/** `bindVar`: the variable of the address it listens on. */
const SERVICES: { name: ServiceName; portVar: string; bindVar: string; needs?: string }[] = [
  { name: "search", portVar: "SEARCH_PORT", bindVar: "SEARCH_BIND_ADDRESS" },
  {
    name: "search_mcp",
    portVar: "MCP_HTTP_PORT",
    bindVar: "MCP_HTTP_HOST",
    needs: "SEARXNG_URL",
  },
  { name: "diagram", portVar: "DIAGRAM_PORT", bindVar: "DIAGRAM_BIND_ADDRESS" },
  {
    name: "collab",
    portVar: "COLLAB_PORT",
    bindVar: "COLLAB_BIND_ADDRESS",
    needs: "DIAGRAM_INTERNAL_URL",
  },
];

for (const { name, portVar, needs } of SERVICES) {
  Deno.test(`${name} answers /health with its name and version (degraded alone if it needs another), JSON 404s, and stops on SIGTERM`, async () => {
    const dataDir = await Deno.makeTempDir();
    const { process, url } = await startService(name, {
      [portVar]: "0",
      DATA_DIR: dataDir,
      ...(needs ? { [needs]: `http://127.0.0.1:${freePort()}` } : {}),
    });
    try {
      const health = await fetch(new URL("/health", url));
      assert.equal(health.status, 200);
      assert.match(health.headers.get("content-type") ?? "", /application\/json/);
      const { status, service, version } = await health.json();
      assert.deepEqual({ status, service, version }, {
        status: needs ? "degraded" : "ok",
        service: name,
        version: denoConfig.version,
      });

      const missing = await fetch(new URL("/no/such/page", url));
      assert.equal(missing.status, 404);
      assert.deepEqual(await missing.json(), { error: "Not found: GET /no/such/page" });
    } finally {
      const status = await process.stop("SIGTERM");
      assert.equal(status.code, 0, process.output);
      assert.match(process.output, new RegExp(`${name} stopped`));
      await Deno.remove(dataDir, { recursive: true });
    }
  });
}

Deno.test("search answers /healthz with plain OK, as SearXNG does", async () => {
  const dataDir = await Deno.makeTempDir();
  const { process, url } = await startService("search", { SEARCH_PORT: "0", DATA_DIR: dataDir });
  try {
    const response = await fetch(new URL("/healthz", url));
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
    assert.equal(await response.text(), "OK");
  } finally {
    await process.stop("SIGINT");
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a service stops gracefully on SIGINT (Ctrl-C) with exit code 0", async () => {
  const dataDir = await Deno.makeTempDir();
  const { process } = await startService("diagram", { DIAGRAM_PORT: "0", DATA_DIR: dataDir });
  const status = await process.stop("SIGINT");
  assert.equal(status.code, 0, process.output);
  assert.match(process.output, /diagram received SIGINT, shutting down\n[^]*diagram stopped/);
  await Deno.remove(dataDir, { recursive: true });
});

for (const { name, portVar, bindVar } of SERVICES) {
  Deno.test(`${name} on a port in use exits with code 3 and one line naming the address, ${portVar} and ${bindVar}`, async () => {
    const dataDir = await Deno.makeTempDir();
    const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    try {
      const port = String((taken.addr as Deno.NetAddr).port);
      const result = await runToExit(serviceArgs(name), { [portVar]: port, DATA_DIR: dataDir });
      assert.equal(result.code, 3, result.stderr);
      const refusals = result.stderr.split("\n").filter((line) => line.includes("cannot listen"));
      assert.deepEqual(refusals, [
        `${name}: cannot listen on 127.0.0.1:${port}: Address already in use (os error 98); ` +
        `choose another with ${portVar}=<port> (0 picks a free one) or ${bindVar}=<address>`,
      ]);
    } finally {
      taken.close();
      await Deno.remove(dataDir, { recursive: true });
    }
  });
}

Deno.test("a compiled service runs with the same V8 flags as its task", () => {
  const compile = taskCommand("compile").split(" && ").map((line) => line.split(/\s+/));
  for (const { name } of SERVICES) {
    const build = compile.find((args) => args.includes(`${name}/main.ts`));
    assert.ok(build, `${name} is compiled`);
    assert.equal(v8FlagsOf(build), v8FlagsOf(serviceRunArgs(name)), name);
  }
  assert.match(v8FlagsOf(serviceRunArgs("search_mcp")) ?? "", /--max-semi-space-size=/);
});

Deno.test("collab's task hands freed memory back to the system, as compose and deno task start run it", () => {
  assert.deepEqual(serviceEnv("collab"), {
    MALLOC_ARENA_MAX: "1",
    MALLOC_TRIM_THRESHOLD_: "131072",
    // 32 KiB rather than 128: blocks from 32 KiB up (such as the chunks a room's seed arrives
    // in) are mapped and unmapped rather than left in the arena between long-lived ones; measured
    // per idle 1 MB room 4.1–4.2 MiB instead of 5.2–6.0, per unloaded room 1.3–1.4 instead of
    // 2.6–3.3 (bench/collab_bench.ts memory).
    MALLOC_MMAP_THRESHOLD_: "32768",
  });
  assert.deepEqual(serviceEnv("search"), {});
});
