// Runs the real service entrypoints as child processes, the way `deno task` does.
import type { ServiceName } from "../../runtime/http.ts";
import { ROOT, serviceEnv, serviceRunArgs } from "../../runtime/service_command.ts";

export { ROOT };

/** A clean environment: the developer's own SEARCH_PORT or COLLAB_SECRET must not leak in. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const keep = ["PATH", "HOME", "DENO_DIR", "TMPDIR"];
  const base = Object.fromEntries(
    keep.flatMap((name) => {
      const value = Deno.env.get(name);
      return value === undefined ? [] : [[name, value]];
    }),
  );
  return { ...base, NO_COLOR: "1", ...extra };
}

/** `program` with a clean environment, from the repository root, output captured. */
export function command(
  program: string,
  args: string[],
  env: Record<string, string>,
): Deno.Command {
  return new Deno.Command(program, {
    args,
    cwd: ROOT,
    env: childEnv(env),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  });
}

export function denoCommand(args: string[], env: Record<string, string>): Deno.Command {
  return command(Deno.execPath(), args, env);
}

/**
 * The service's own task line from deno.json, as `deno task` runs it; `extraV8Flags` (a benchmark
 * measuring a memory setting) go after the task's own, which they override: V8 reads flags in
 * order, and DENO_V8_FLAGS cannot, since a command line's `--v8-flags` wins over it.
 */
export function serviceArgs(service: ServiceName, extraV8Flags?: string): string[] {
  const args = serviceRunArgs(service);
  if (!extraV8Flags) return args;
  const at = args.findIndex((arg) => arg.startsWith("--v8-flags="));
  if (at === -1) return [...args.slice(0, -1), `--v8-flags=${extraV8Flags}`, ...args.slice(-1)];
  return args.with(at, `${args[at]},${extraV8Flags}`);
}

export interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs to completion; a process still running after `timeoutMs` is killed and fails the test. */
export async function runToExit(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 20_000,
): Promise<Finished> {
  const child = denoCommand(args, env).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const { code, stdout, stderr } = await child.output();
  clearTimeout(timer);
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}

/** A long-running child whose output is collected as it arrives. */
export class RunningProcess {
  readonly #child: Deno.ChildProcess;
  #output = "";
  readonly #drained: Promise<unknown>;
  readonly status: Promise<Deno.CommandStatus>;

  constructor(command: Deno.Command) {
    this.#child = command.spawn();
    this.status = this.#child.status;
    this.#drained = Promise.all([
      this.#collect(this.#child.stdout),
      this.#collect(this.#child.stderr),
    ]);
  }

  get pid(): number {
    return this.#child.pid;
  }

  get output(): string {
    return this.#output;
  }

  async #collect(stream: ReadableStream<Uint8Array>) {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) this.#output += chunk;
  }

  /** Resolves with the first match of `pattern` in the output; rejects on exit or timeout. */
  async waitFor(pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    this.status.then(() => (exited = true));
    while (Date.now() < deadline) {
      const match = this.#output.match(pattern);
      if (match) return match;
      if (exited) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${pattern} in output (exited: ${exited}):\n${this.#output}`);
  }

  kill(signal: Deno.Signal) {
    this.#child.kill(signal);
  }

  /** Sends `signal` and waits for the exit. */
  stop(signal: Deno.Signal = "SIGTERM", timeoutMs = 20_000): Promise<Deno.CommandStatus> {
    try {
      this.#child.kill(signal);
    } catch {
      // already exited
    }
    return this.wait(timeoutMs);
  }

  /** Waits for the exit and the last output; kills hard after `timeoutMs` so a hang fails fast. */
  async wait(timeoutMs = 20_000): Promise<Deno.CommandStatus> {
    const timer = setTimeout(() => this.#child.kill("SIGKILL"), timeoutMs);
    const status = await this.status;
    clearTimeout(timer);
    await this.#drained;
    return status;
  }
}

/** The service's task as `deno task` runs it: its own variables, then `env`, which may override. */
export function serviceCommand(
  service: ServiceName,
  env: Record<string, string>,
  args = serviceArgs(service),
): Deno.Command {
  return denoCommand(args, { ...serviceEnv(service), ...env });
}

/** Starts one service on a free port and waits until it announces its address. */
export async function startService(
  service: ServiceName,
  env: Record<string, string>,
): Promise<{ process: RunningProcess; url: URL }> {
  const process = new RunningProcess(serviceCommand(service, env));
  const [, address] = await process.waitFor(/listening on (http:\/\/\S+)/);
  return { process, url: new URL(address) };
}

/** A port that was free a moment ago; for children that must be told their port up front. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** `count` distinct ports that were free a moment ago: each is held until all are picked. */
export function freePorts(count: number): number[] {
  const listeners = Array.from(
    { length: count },
    () => Deno.listen({ hostname: "127.0.0.1", port: 0 }),
  );
  const ports = listeners.map((listener) => (listener.addr as Deno.NetAddr).port);
  for (const listener of listeners) listener.close();
  return ports;
}

export async function isListening(port: number): Promise<boolean> {
  try {
    const connection = await Deno.connect({ hostname: "127.0.0.1", port });
    connection.close();
    return true;
  } catch {
    return false;
  }
}
