// `deno task start`: runs the four services as child processes, prefixes their log lines with
// their names, and on SIGINT/SIGTERM (or when one of them dies) stops them all gracefully.
import { loadConfigOrExit } from "../runtime/config.ts";
import { SERVICE_NAMES, type ServiceName } from "../runtime/http.ts";
import { ensureSecrets, GENERATED_SECRETS } from "../runtime/secrets.ts";
import { ROOT, serviceRunArgs } from "../runtime/service_command.ts";
import { resolve } from "node:path";
import { dataDir } from "../shared/env.ts";

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
}

const listening = new Map<ServiceName, string>();
function noteListening(name: ServiceName, line: string) {
  const address = /listening on (\S+)/.exec(line)?.[1];
  if (!address) return;
  listening.set(name, address);
  if (listening.size === SERVICE_NAMES.length) {
    log(
      "start",
      `all ${SERVICE_NAMES.length} services are up: ${
        SERVICE_NAMES.map((s) => `${s} ${listening.get(s)}`).join(", ")
      }`,
    );
  }
}

function spawn(name: ServiceName): Running {
  const process = new Deno.Command(Deno.execPath(), {
    args: serviceRunArgs(name),
    // Task lines name files from the repository root; the data folder stays where it was meant.
    cwd: ROOT,
    env: { DATA_DIR: resolve(DATA_DIR) },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output = Promise.all([
    pipeLines(name, process.stdout, Deno.stdout, (line) => noteListening(name, line)),
    pipeLines(name, process.stderr, Deno.stderr, () => {}),
  ]);
  return { name, process, output };
}

const children = SERVICE_NAMES.map(spawn);
let stopping = false;

async function stopAll(reason: string, exitCode: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log("start", `${reason}; stopping all services`);
    for (const child of children) {
      try {
        child.process.kill("SIGTERM");
      } catch {
        // already exited
      }
    }
  }
  const killer = setTimeout(() => {
    for (const child of children) {
      try {
        child.process.kill("SIGKILL");
        log("start", `${child.name} did not stop within ${STOP_GRACE_MS / 1000} s, killed`);
      } catch {
        // already exited
      }
    }
  }, STOP_GRACE_MS);
  await Promise.all(children.map((child) => child.process.status));
  await Promise.all(children.map((child) => child.output));
  clearTimeout(killer);
  log("start", "all services stopped");
  Deno.exit(exitCode);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => void stopAll(`received ${signal}`, 0));
}

for (const child of children) {
  child.process.status.then((status) => {
    if (stopping) return;
    const code = status.code === 0 ? 1 : status.code;
    void stopAll(`${child.name} exited with code ${status.code}`, code);
  });
}
