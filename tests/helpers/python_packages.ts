// Python clients for the compatibility tests (LangChain's SearxSearchWrapper), installed once with
// pip from the machine's local wheel folder (no index, no network) into a cache folder outside
// the repository, and run with the system python3 with that folder on PYTHONPATH.

const HOME = Deno.env.get("HOME") ?? "/tmp";
/** Where this machine keeps wheels; pip reads it with --no-index, so nothing is downloaded. */
const WHEELS = "/opt/pypi/files";

async function pip(target: string, args: string[]): Promise<void> {
  const { success, stderr } = await new Deno.Command("python3", {
    args: [
      "-m",
      "pip",
      "install",
      "--quiet",
      "--disable-pip-version-check",
      "--no-index",
      "--find-links",
      WHEELS,
      "--target",
      target,
      ...args,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success) {
    throw new Error(
      `pip could not install ${args.join(" ")} from ${WHEELS}:\n${
        new TextDecoder().decode(stderr)
      }`,
    );
  }
}

/**
 * A folder for PYTHONPATH holding `noDeps` without their dependencies (packages whose full
 * dependency trees the wheel folder lacks and the tests never import) and `withDeps` with theirs;
 * installed under `~/.cache/<folder>` unless `marker` (a path inside it) is there already.
 */
export async function pythonPackages(
  folder: string,
  { noDeps, withDeps, marker }: { noDeps: string[]; withDeps: string[]; marker: string },
): Promise<string> {
  const target = `${HOME}/.cache/${folder}`;
  const installed = await Deno.stat(`${target}/${marker}`).then(() => true, () => false);
  if (installed) return target;
  console.log(
    `installing ${[...noDeps, ...withDeps].join(", ")} into ${target} (pip, local wheels)`,
  );
  await pip(target, ["--no-deps", ...noDeps]);
  await pip(target, withDeps);
  return target;
}

/** Runs `python3 -c script ...args` with `pythonPath`; its standard output, or it throws. */
export async function runPython(
  pythonPath: string,
  script: string,
  args: string[],
): Promise<string> {
  const { success, stdout, stderr } = await new Deno.Command("python3", {
    args: ["-c", script, ...args],
    env: { PYTHONPATH: pythonPath, PYTHONWARNINGS: "ignore" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  if (!success) throw new Error(`python3 failed:\n${decoder.decode(stderr)}`);
  return decoder.decode(stdout);
}
