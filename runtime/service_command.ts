// How a service runs is written once, as its task in deno.json (environment, permissions, V8
// flags, entry point); `deno task start`, the tests and the benchmarks start services from that
// same line, and compose.yaml is tested against it. A compiled binary carries the task's V8
// flags (`deno compile --v8-flags`, tested equal) but cannot carry environment variables: a
// service whose task sets some is compiled to `<name>-server`, and `deno task compile` writes
// `<name>` next to it, a launcher that sets the task's variables and execs the binary
// (launcherScript, scripts/write_launchers.ts), so the image runs it as the task does.
import denoConfig from "../deno.json" with { type: "json" };
import type { ServiceName } from "./service_names.ts";

/** The repository root: task lines name files relative to it. */
export const ROOT = new URL("../", import.meta.url).pathname;

export type TaskName = keyof typeof denoConfig.tasks;

/** A task line taken apart: the variables it sets before `deno`, and the arguments after it. */
export interface TaskLaunch {
  env: Record<string, string>;
  args: string[];
}

/** The arguments after `deno` in the service's task, e.g. ["run", "-q", "-P=search", "search/main.ts"]. */
export function serviceRunArgs(service: ServiceName): string[] {
  return taskLaunch(service).args;
}

/** The variables the service's task sets for it (`NAME=value` before `deno`), such as glibc's. */
export function serviceEnv(service: ServiceName): Record<string, string> {
  return taskLaunch(service).env;
}

/** A task's command line, whether deno.json writes it as a string or as {command, dependencies}. */
export function taskCommand(task: TaskName): string {
  const entry: string | { command: string } = denoConfig.tasks[task];
  return typeof entry === "string" ? entry : entry.command;
}

/** The same for any plain `deno run` task, such as the operator commands. */
export function taskRunArgs(task: TaskName): string[] {
  return taskLaunch(task).args;
}

const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(.*)$/;

/** A plain `[NAME=value …] deno run …` task line, as deno's task shell reads it. */
export function taskLaunch(task: TaskName): TaskLaunch {
  const words = taskCommand(task).split(/\s+/);
  const env: Record<string, string> = {};
  let at = 0;
  for (let match; (match = ASSIGNMENT.exec(words[at])) !== null; at++) env[match[1]] = match[2];
  const [program, ...args] = words.slice(at);
  if (program !== "deno" || args[0] !== "run") {
    throw new Error(`the ${task} task must be a plain "[NAME=value …] deno run …" line`);
  }
  return { env, args };
}

/** The `--v8-flags=…` of a command line, or null. */
export function v8FlagsOf(args: string[]): string | null {
  return args.find((arg) => arg.startsWith("--v8-flags="))?.slice("--v8-flags=".length) ?? null;
}

/** The services whose task sets environment variables: the ones that need a launcher. */
export function servicesWithEnv(services: readonly ServiceName[]): ServiceName[] {
  return services.filter((service) => Object.keys(serviceEnv(service)).length > 0);
}

/**
 * The launcher of a compiled service whose task sets variables: a POSIX shell script that exports
 * them, as the task line writes them, and replaces itself with `<name>-server` from its own folder
 * (exec: one process, signals and exit status its own).
 */
export function launcherScript(service: ServiceName): string {
  const exports = Object.entries(serviceEnv(service)).map(([name, value]) => {
    if (!/^[A-Za-z0-9_.:\/-]*$/.test(value)) throw new Error(`${name}: not a plain value`);
    return `export ${name}=${value}`;
  });
  return [
    "#!/bin/sh",
    `# Written by deno task compile from the ${service} task in deno.json: its variables, then the`,
    "# binary, which carries the task's V8 flags.",
    ...exports,
    `exec "$(dirname "$0")/${service}-server" "$@"`,
    "",
  ].join("\n");
}
