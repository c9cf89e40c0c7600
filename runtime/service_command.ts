// How a service runs is written once, as its task in deno.json (environment, permissions, V8
// flags, entry point); `deno task start`, the tests and the benchmarks start services from that
// same line, and compose.yaml is tested against it.
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
