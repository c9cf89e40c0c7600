// How a service runs is written once, as its task in deno.json (permissions, V8 flags, entry
// point); `deno task start`, the tests and the benchmarks start services from that same line.
import denoConfig from "../deno.json" with { type: "json" };
import type { ServiceName } from "./service_names.ts";

/** The repository root: task lines name files relative to it. */
export const ROOT = new URL("../", import.meta.url).pathname;

export type TaskName = keyof typeof denoConfig.tasks;

/** The arguments after `deno` in the service's task, e.g. ["run", "-q", "-P=search", "search/main.ts"]. */
export function serviceRunArgs(service: ServiceName): string[] {
  return taskRunArgs(service);
}

/** A task's command line, whether deno.json writes it as a string or as {command, dependencies}. */
export function taskCommand(task: TaskName): string {
  const entry: string | { command: string } = denoConfig.tasks[task];
  return typeof entry === "string" ? entry : entry.command;
}

/** The same for any plain `deno run` task, such as the operator commands. */
export function taskRunArgs(task: TaskName): string[] {
  const [program, ...args] = taskCommand(task).split(/\s+/);
  if (program !== "deno" || args[0] !== "run") {
    throw new Error(`the ${task} task must be a plain "deno run …" line`);
  }
  return args;
}

/** The `--v8-flags=…` of a command line, or null. */
export function v8FlagsOf(args: string[]): string | null {
  return args.find((arg) => arg.startsWith("--v8-flags="))?.slice("--v8-flags=".length) ?? null;
}
