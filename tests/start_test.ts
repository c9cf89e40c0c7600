// `deno task start`: the four services come up together and stop together.
import assert from "node:assert/strict";
import { SERVICE_NAMES } from "../runtime/http.ts";
import { command, freePorts, isListening, RunningProcess } from "./helpers/process.ts";

function portsEnv() {
  // Picked together, so no two services are told the same port; `spare` is one nothing listens on.
  const [search, search_mcp, diagram, collab, spare] = freePorts(5);
  const ports = { search, search_mcp, diagram, collab };
  const env = {
    SEARCH_PORT: String(ports.search),
    MCP_HTTP_PORT: String(ports.search_mcp),
    DIAGRAM_PORT: String(ports.diagram),
    COLLAB_PORT: String(ports.collab),
  };
  return { ports, env, spare };
}

/** `deno task start` in its own session, so a signal to the group is exactly what Ctrl-C sends. */
function startTask(env: Record<string, string>): RunningProcess {
  return new RunningProcess(command("setsid", [Deno.execPath(), "task", "start"], env));
}

function killGroup(process: RunningProcess, signal: Deno.Signal) {
  // setsid made the task the leader of a new process group whose id is its pid.
  Deno.kill(-process.pid, signal);
}

/** Pids of the processes below `root`, from each process's parent in /proc (Linux only). */
async function descendants(root: number): Promise<Map<number, string>> {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      // The command name in field 2 may hold spaces; the parent is the 2nd field after it.
      const stat = await Deno.readTextFile(`/proc/${entry.name}/stat`);
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmdline = await Deno.readTextFile(`/proc/${entry.name}/cmdline`);
      parents.set(Number(entry.name), parent);
      commands.set(Number(entry.name), cmdline.replaceAll("\0", " "));
    } catch {
      // exited while we looked
    }
  }
  const found = new Map<number, string>();
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of parents) {
      if (ppid === parent && !found.has(pid)) {
        found.set(pid, commands.get(pid) ?? "");
        queue.push(pid);
      }
    }
  }
  return found;
}

/** The pid of each service's process below the supervisor, by the entry point it runs. */
async function servicePids(task: RunningProcess): Promise<Record<string, number>> {
  const pids: Record<string, number> = {};
  for (const [pid, command] of await descendants(task.pid)) {
    const service = SERVICE_NAMES.find((name) => command.includes(` ${name}/main.ts`));
    if (service) pids[service] = pid;
  }
  return pids;
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
    // Each address is said once, by its service; the supervisor does not repeat them.
    assert.match(task.output, /^start {6}\| all 4 services are up$/m);
    assert.equal(task.output.match(/listening on/g)?.length, SERVICE_NAMES.length);
    // Every port moved: search_mcp was told where search listens, not left on 8080.
    const mcpHealth = await (await fetch(`http://127.0.0.1:${ports.search_mcp}/health`)).json();
    assert.equal(mcpHealth.engine, "reachable");
    const collabHealth = await (await fetch(`http://127.0.0.1:${ports.collab}/health`)).json();
    assert.equal(collabHealth.diagram, "reachable");
    assert.doesNotMatch(task.output, /degraded/);
    // diagram's own address moved too: a sign-in from the page it serves passes the same-origin
    // check and is judged on its password (401), not refused as cross-site (403).
    const login = await fetch(`http://127.0.0.1:${ports.diagram}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: `http://localhost:${ports.diagram}` },
      body: JSON.stringify({ email: "nobody@example.com", password: "not-the-password" }),
    });
    assert.equal(login.status, 401, await login.text());
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

Deno.test("a service that cannot reach the service it needs is reported degraded, with the reason", async () => {
  const dataDir = await Deno.makeTempDir();
  const { env, spare } = portsEnv();
  const task = startTask({ ...env, DATA_DIR: dataDir, SEARXNG_URL: `http://127.0.0.1:${spare}` });
  try {
    await task.waitFor(
      new RegExp(
        `^start {6}\\| search_mcp is degraded: the search engine at http://127\\.0\\.0\\.1:${spare} ` +
          `\\(SEARXNG_URL\\) does not answer`,
        "m",
      ),
      20_000,
    );
    assert.doesNotMatch(task.output, /(search|diagram|collab) is degraded/);
  } finally {
    killGroup(task, "SIGINT");
    assert.equal((await task.wait()).code, 0, task.output);
  }
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

Deno.test("a service that is killed is restarted after 1 s while the others keep running", async () => {
  const dataDir = await Deno.makeTempDir();
  const { ports, env } = portsEnv();
  const task = startTask({ ...env, DATA_DIR: dataDir });
  try {
    await task.waitFor(/all 4 services are up/, 20_000);
    const before = await servicePids(task);
    assert.deepEqual(Object.keys(before).sort(), [...SERVICE_NAMES].sort(), task.output);

    Deno.kill(before.diagram, "SIGKILL");
    await task.waitFor(
      /^start {6}\| diagram exited with code 137 \(signal SIGKILL\); restarting in 1 s \(restart 1\)$/m,
      5_000,
    );
    await task.waitFor(/^start {6}\| diagram is up again at \S+; all 4 services are up$/m, 20_000);
    const health = await fetch(`http://127.0.0.1:${ports.diagram}/health`);
    assert.equal(health.status, 200);
    assert.equal((await health.json()).service, "diagram");

    const after = await servicePids(task);
    assert.notEqual(after.diagram, before.diagram, "diagram runs as a new process");
    for (const service of ["search", "search_mcp", "collab"] as const) {
      assert.equal(after[service], before[service], `${service} was not restarted`);
      assert.equal((await fetch(`http://127.0.0.1:${ports[service]}/health`)).status, 200);
    }
    assert.doesNotMatch(task.output, /stopping all services|search_mcp stopped|collab stopped/);
    assert.equal(task.output.match(/listening on/g)?.length, 5, "one listening line per start");
  } finally {
    killGroup(task, "SIGINT");
    const status = await task.wait();
    assert.equal(status.code, 0, task.output);
  }
  assert.match(task.output, /^start {6}\| received SIGINT; stopping all services$/m);
  assert.doesNotMatch(task.output, /restart 2/);
  for (const service of SERVICE_NAMES) assert.ok(!(await isListening(ports[service])));
  await Deno.remove(dataDir, { recursive: true });
});

Deno.test("a service that keeps dying before it listens is given up on after 5 starts", async () => {
  const dataDir = await Deno.makeTempDir();
  const { ports, env } = portsEnv();
  // collab cannot create its room folder below a file: a failure (exit 1) that no restart fixes.
  const blocker = `${dataDir}/not-a-folder`;
  await Deno.writeTextFile(blocker, "");
  try {
    const task = startTask({ ...env, DATA_DIR: dataDir, COLLAB_DATA_DIR: `${blocker}/collab` });
    // Pauses of 1 + 2 + 4 + 8 s between the five starts.
    const status = await task.wait(40_000);
    assert.notEqual(status.code, 0, task.output);
    for (const [restart, seconds] of [[1, 1], [2, 2], [3, 4], [4, 8]]) {
      assert.match(
        task.output,
        new RegExp(
          `^start {6}\\| collab exited with code \\d+; restarting in ${seconds} s \\(restart ${restart}\\)$`,
          "m",
        ),
      );
    }
    assert.match(
      task.output,
      /^start {6}\| collab exited with code \d+, 5 times in a row before it was listening; giving up; stopping all services$/m,
    );
    assert.doesNotMatch(task.output, /restart 5/);
    assert.match(task.output, /^collab {5}\| collab: cannot create COLLAB_DATA_DIR /m);
    for (const service of ["search", "search_mcp", "diagram"] as const) {
      assert.ok(!(await isListening(ports[service])), `${service} still listening`);
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a port in use stops deno task start within 2 s with one line naming the service, the address and the variable to change", async () => {
  const dataDir = await Deno.makeTempDir();
  const { ports, env } = portsEnv();
  // Another program holds diagram's port; diagram starts last, so the others are up by then and
  // have to be stopped.
  const squatter = Deno.listen({ hostname: "127.0.0.1", port: ports.diagram });
  try {
    const task = startTask({ ...env, DATA_DIR: dataDir });
    const [line] = await task.waitFor(/^diagram {4}\| diagram: cannot listen on .*$/m, 30_000);
    const refusedAt = performance.now();
    const status = await task.wait(20_000);
    const stoppedInMs = performance.now() - refusedAt;
    assert.equal(status.code, 3, task.output);
    assert.equal(
      line,
      `diagram    | diagram: cannot listen on 127.0.0.1:${ports.diagram}: Address already in use ` +
        `(os error 98); choose another with DIAGRAM_PORT=<port> (0 picks a free one) or ` +
        `DIAGRAM_BIND_ADDRESS=<address>`,
    );
    assert.match(
      task.output,
      /^start {6}\| diagram cannot listen \(exit code 3\); stopping all services$/m,
    );
    assert.doesNotMatch(task.output, /restarting in/);
    assert.ok(stoppedInMs < 2_000, `stopped ${Math.round(stoppedInMs)} ms after the refusal`);
    for (const service of ["search", "search_mcp", "collab"] as const) {
      assert.ok(!(await isListening(ports[service])), `${service} still listening`);
    }
  } finally {
    squatter.close();
    await Deno.remove(dataDir, { recursive: true });
  }
});
