// `deno task start`: the four services come up together and stop together.
import assert from "node:assert/strict";
import { SERVICE_NAMES } from "../runtime/http.ts";
import { command, freePort, isListening, RunningProcess } from "./helpers/process.ts";

function portsEnv() {
  const ports = {
    search: freePort(),
    search_mcp: freePort(),
    diagram: freePort(),
    collab: freePort(),
  };
  const env = {
    SEARCH_PORT: String(ports.search),
    MCP_HTTP_PORT: String(ports.search_mcp),
    DIAGRAM_PORT: String(ports.diagram),
    COLLAB_PORT: String(ports.collab),
  };
  return { ports, env };
}

/** `deno task start` in its own session, so a signal to the group is exactly what Ctrl-C sends. */
function startTask(env: Record<string, string>): RunningProcess {
  return new RunningProcess(command("setsid", [Deno.execPath(), "task", "start"], env));
}

function killGroup(process: RunningProcess, signal: Deno.Signal) {
  // setsid made the task the leader of a new process group whose id is its pid.
  Deno.kill(-process.pid, signal);
}

async function readSecrets(dataDir: string): Promise<Record<string, string>> {
  return JSON.parse(await Deno.readTextFile(`${dataDir}/secrets.json`));
}

Deno.test("deno task start brings up all four services, prefixes their logs, and Ctrl-C stops them all", async () => {
  const dataDir = await Deno.makeTempDir();
  const { ports, env } = portsEnv();
  const task = startTask({ ...env, DATA_DIR: dataDir });
  try {
    await task.waitFor(/all 4 services are up/, 20_000);
    for (const service of SERVICE_NAMES) {
      const response = await fetch(`http://127.0.0.1:${ports[service]}/health`);
      assert.equal(response.status, 200);
      assert.equal((await response.json()).service, service);
      assert.match(
        task.output,
        new RegExp(`^${service.padEnd(10)} \\| ${service} listening on`, "m"),
      );
    }
    assert.match(task.output, /^diagram {4}\| diagram: applied migration 0001_accounts\.sql$/m);
  } finally {
    killGroup(task, "SIGINT");
    const status = await task.wait();
    assert.equal(status.code, 0, task.output);
  }
  for (const service of SERVICE_NAMES) {
    assert.ok(!(await isListening(ports[service])), `${service} still listening`);
    assert.match(task.output, new RegExp(`^${service.padEnd(10)} \\| ${service} stopped$`, "m"));
  }
  assert.match(task.output, /^start {6}\| all services stopped$/m);

  const info = await Deno.stat(`${dataDir}/secrets.json`);
  assert.equal(info.mode! & 0o777, 0o600);
  const secrets = await readSecrets(dataDir);
  assert.deepEqual(Object.keys(secrets).sort(), ["COLLAB_SECRET", "SEARCH_SECRET"]);
  assert.ok(secrets.COLLAB_SECRET.length >= 32);
  assert.ok((await Deno.stat(`${dataDir}/diagram.db`)).isFile);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("SIGTERM to deno task start stops every service and keeps the generated secrets", async () => {
  const dataDir = await Deno.makeTempDir();
  const { ports, env } = portsEnv();
  const first = startTask({ ...env, DATA_DIR: dataDir });
  await first.waitFor(/all 4 services are up/, 20_000);
  const secrets = await readSecrets(dataDir);
  assert.equal((await first.stop("SIGTERM")).code, 0, first.output);
  for (const service of SERVICE_NAMES) assert.ok(!(await isListening(ports[service])));

  // A restart reuses the secrets instead of generating new ones (which would log everyone out).
  const second = startTask({ ...env, DATA_DIR: dataDir });
  await second.waitFor(/all 4 services are up/, 20_000);
  assert.equal((await second.stop("SIGTERM")).code, 0, second.output);
  assert.deepEqual(await readSecrets(dataDir), secrets);
  assert.doesNotMatch(second.output, /applied migration/);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("secrets given in the environment are used and not written to the data folder", async () => {
  const dataDir = await Deno.makeTempDir();
  const { ports, env } = portsEnv();
  const task = startTask({
    ...env,
    DATA_DIR: dataDir,
    SEARCH_SECRET: "search-secret-from-the-environment",
    COLLAB_SECRET: "collab-secret-from-the-environment-0123456789",
  });
  await task.waitFor(/all 4 services are up/, 20_000);
  assert.equal((await fetch(`http://127.0.0.1:${ports.collab}/health`)).status, 200);
  assert.equal((await task.stop("SIGTERM")).code, 0, task.output);
  await assert.rejects(Deno.stat(`${dataDir}/secrets.json`), Deno.errors.NotFound);
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("when one service cannot start, the others are stopped and the exit code is its code", async () => {
  const dataDir = await Deno.makeTempDir();
  const { ports, env } = portsEnv();
  const task = startTask({ ...env, DATA_DIR: dataDir, DIAGRAM_PORT: "not-a-port" });
  const status = await task.wait();
  assert.equal(status.code, 2, task.output);
  assert.match(task.output, /^diagram {4}\| diagram: invalid DIAGRAM_PORT="not-a-port": expected/m);
  assert.match(task.output, /^start {6}\| diagram exited with code 2; stopping all services$/m);
  for (const service of ["search", "search_mcp", "collab"] as const) {
    assert.ok(!(await isListening(ports[service])), `${service} still listening`);
  }
  await Deno.remove(dataDir, { recursive: true });
});
