// `deno task start`: prepares the checkout (scripts/prepare.ts: the services' packages and the
// editor bundle), runs the four services as child processes (telling each where the others are:
// scripts/linked_env.ts), prefixes their log lines with their names, restarts one that dies (scripts/restart_policy.ts) while the others keep running,
// says when one is degraded (up, but unable to reach a service it needs), and on SIGINT/SIGTERM,
// a bad setting, an address a service cannot listen on, or a service that cannot get started
// stops them all.
import { loadConfigOrExit } from "../runtime/config.ts";
import { SERVICE_NAMES, type ServiceName } from "../runtime/service_names.ts";
import { ensureSecrets, GENERATED_SECRETS } from "../runtime/secrets.ts";
import { ROOT, serviceEnv, serviceRunArgs } from "../runtime/service_command.ts";
import { resolve } from "node:path";
import { dataDir } from "../shared/env.ts";
import {
  buildEditorIfStale,
  EDITOR_ENTRY_POINTS,
  firstStart,
  installFor,
  prepared,
  PREPARING,
  SERVICE_ENTRY_POINTS,
} from "./prepare.ts";
import { linkedEnv } from "./linked_env.ts";
import { decide, FRESH, type RestartState } from "./restart_policy.ts";

/** A child that ignores SIGTERM this long is killed. */
const STOP_GRACE_MS = 15_000;
const PREFIX_WIDTH = Math.max(...SERVICE_NAMES.map((name) => name.length));

const { DATA_DIR } = loadConfigOrExit("start", { DATA_DIR: dataDir });

// Generated here, before any child starts, so that children never race to create the file.
const missing = GENERATED_SECRETS.filter((name) => !Deno.env.get(name));
if (missing.length > 0) await ensureSecrets(DATA_DIR, missing);

const encoder = new TextEncoder();
function log(source: string, line: string, stream = Deno.stdout) {
  stream.writeSync(encoder.encode(`${source.padEnd(PREFIX_WIDTH)} | ${line}\n`));
}

async function pipeLines(
  source: string,
  readable: ReadableStream<Uint8Array>,
  stream: typeof Deno.stdout,
  onLine: (line: string) => void,
) {
  let pending = "";
  for await (const chunk of readable.pipeThrough(new TextDecoderStream())) {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      log(source, line, stream);
      onLine(line);
    }
  }
  if (pending !== "") log(source, pending, stream);
}

interface Running {
  name: ServiceName;
  process: Deno.ChildProcess;
  output: Promise<unknown>;
  startedAt: number;
  /** Set when the service logs its address: a run that got this far started well. */
  listened: boolean;
}

const children = new Map<ServiceName, Running>();
const restartStates = new Map<ServiceName, RestartState>();
/** Restarts waiting out their pause; cleared when everything stops. */
const pendingRestarts = new Map<ServiceName, ReturnType<typeof setTimeout>>();
const listening = new Map<ServiceName, string>();
let allUpAnnounced = false;
let stopping = false;
/** The last health each service reported, so that only changes are logged. */
const lastHealth = new Map<ServiceName, string>();
let healthTimer: ReturnType<typeof setTimeout> | undefined;
/** How often a running service's /health is read for "degraded" (a dependency it cannot reach). */
const HEALTH_EVERY_MS = 10_000;
const FIRST_HEALTH_LOOK_MS = 6_000;

function noteListening(child: Running, line: string) {
  const address = /listening on (\S+)/.exec(line)?.[1];
  if (!address) return;
  child.listened = true;
  listening.set(child.name, address);
  const allUp = listening.size === SERVICE_NAMES.length;
  if (allUp && !allUpAnnounced) {
    allUpAnnounced = true;
    // Each service has said where it listens, once; this line only says that all of them have.
    log("start", `all ${SERVICE_NAMES.length} services are up`);
    // The first look waits out the memory of /health answers (5 s): one asked for before all
    // were up (a checker polling early) would still say a dependency is unreachable.
    healthTimer = setTimeout(() => {
      void checkHealth();
      healthTimer = setInterval(checkHealth, HEALTH_EVERY_MS);
    }, FIRST_HEALTH_LOOK_MS);
  } else if (allUpAnnounced) {
    // A restarted service: say it is back, and whether that makes the set complete again.
    const others = allUp ? `all ${SERVICE_NAMES.length} services are up` : "waiting for the others";
    log("start", `${child.name} is up again at ${address}; ${others}`);
  }
}

/**
 * Reads each listening service's /health and says when one becomes degraded (it runs but cannot
 * reach a service it needs, such as search_mcp without search) or recovers.
 */
async function checkHealth() {
  await Promise.all([...listening].map(async ([name, address]) => {
    let health: { status?: unknown; reason?: unknown };
    try {
      const response = await fetch(new URL("/health", address), {
        signal: AbortSignal.timeout(5_000),
      });
      health = await response.json();
    } catch {
      return; // not answering at all: its exit or restart is reported where that is seen
    }
    const said = health.status === "degraded" ? `degraded: ${health.reason}` : "ok";
    const before = lastHealth.get(name) ?? "ok";
    if (said === before || stopping) return;
    lastHealth.set(name, said);
    log("start", said === "ok" ? `${name} is no longer degraded` : `${name} is ${said}`);
  }));
}

const LINKED_ENV = linkedEnv(Deno.env.toObject());

function spawn(name: ServiceName): Running {
  const process = new Deno.Command(Deno.execPath(), {
    args: serviceRunArgs(name),
    // Task lines name files from the repository root; the data folder stays where it was meant.
    cwd: ROOT,
    env: { DATA_DIR: resolve(DATA_DIR), ...serviceEnv(name), ...LINKED_ENV[name] },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const child: Running = {
    name,
    process,
    output: Promise.resolve(),
    startedAt: Date.now(),
    listened: false,
  };
  child.output = Promise.all([
    pipeLines(name, process.stdout, Deno.stdout, (line) => noteListening(child, line)),
    pipeLines(name, process.stderr, Deno.stderr, () => {}),
  ]);
  children.set(name, child);
  process.status.then((status) => onExit(child, status));
  return child;
}

function onExit(child: Running, status: Deno.CommandStatus) {
  if (stopping) return;
  listening.delete(child.name);
  const { state, decision } = decide(restartStates.get(child.name) ?? FRESH, {
    code: status.code,
    uptimeMs: Date.now() - child.startedAt,
    listened: child.listened,
  });
  restartStates.set(child.name, state);
  const exited = `${child.name} exited with code ${status.code}` +
    (status.signal ? ` (signal ${status.signal})` : "");
  if (decision.action === "stop") {
    const reasons = {
      config: exited,
      // The service's own line says which address and which variable moves it.
      listen: `${child.name} cannot listen (exit code ${status.code})`,
      "failed-starts":
        `${exited}, ${state.failedStarts} times in a row before it was listening; giving up`,
    };
    void stopAll(reasons[decision.why], decision.exitCode);
    return;
  }
  log(
    "start",
    `${exited}; restarting in ${decision.delayMs / 1000} s (restart ${decision.restart})`,
  );
  pendingRestarts.set(
    child.name,
    setTimeout(() => {
      pendingRestarts.delete(child.name);
      if (!stopping) spawn(child.name);
    }, decision.delayMs),
  );
}

async function stopAll(reason: string, exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log("start", `${reason}; stopping all services`);
    clearInterval(healthTimer);
    for (const timer of pendingRestarts.values()) clearTimeout(timer);
    pendingRestarts.clear();
    for (const child of children.values()) {
      try {
        child.process.kill("SIGTERM");
      } catch {
        // already exited
      }
    }
  }
  const running = [...children.values()];
  const killer = setTimeout(() => {
    for (const child of running) {
      try {
        child.process.kill("SIGKILL");
        log("start", `${child.name} did not stop within ${STOP_GRACE_MS / 1000} s, killed`);
      } catch {
        // already exited
      }
    }
  }, STOP_GRACE_MS);
  await Promise.all(running.map((child) => child.process.status));
  await Promise.all(running.map((child) => child.output));
  clearTimeout(killer);
  log("start", "all services stopped");
  Deno.exit(exitCode);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => void stopAll(`received ${signal}`, 0));
}

/** The one service that serves the editor bundle, so starts once it is built. */
const EDITOR_SERVICE: ServiceName = "diagram";

function failedToPrepare(error: unknown): Promise<never> {
  // A Ctrl-C while preparing also ends the install or build under way: nothing more to say then.
  if (!stopping) {
    for (const line of (error as Error).message.split("\n")) log("start", line, Deno.stderr);
  }
  return stopAll("could not prepare the packages or the editor", 1);
}

// The services' packages are few (about 50, 70 MB); the editor build's are five times as many:
// on a first start the other services answer while those are installed and the bundle is built.
const preparingSince = performance.now();
const first = await firstStart();
if (first) log("start", PREPARING);
await installFor(SERVICE_ENTRY_POINTS).catch(failedToPrepare);
for (const name of SERVICE_NAMES) if (name !== EDITOR_SERVICE) spawn(name);
await installFor(EDITOR_ENTRY_POINTS).catch(failedToPrepare);
const built = await buildEditorIfStale().catch(failedToPrepare);
if (first) log("start", prepared(preparingSince));
else for (const line of built.split("\n").filter((line) => line !== "")) log("start", line);
if (!stopping) spawn(EDITOR_SERVICE);
