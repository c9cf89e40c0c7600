// The programs a benchmark measures ours against (y-websocket's server, mcp-searxng), installed
// once with npm into a cache folder outside the repository and run with `node` directly, so that
// the process measured is the program itself.

const HOME = Deno.env.get("HOME") ?? "/tmp";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * `packages` (npm specs, exact versions) installed under `~/.cache/<folder>` unless `entry` (a
 * path inside it) is there already; the absolute path of `entry`.
 */
export async function npmInstalled(
  folder: string,
  packages: string[],
  entry: string,
): Promise<string> {
  const prefix = `${HOME}/.cache/${folder}`;
  const path = `${prefix}/${entry}`;
  if (await exists(path)) return path;
  console.log(`installing ${packages.join(", ")} into ${prefix} (npm)`);
  const { success, stderr } = await new Deno.Command("npm", {
    args: ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, ...packages],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!success || !(await exists(path))) {
    throw new Error(
      `npm could not install ${packages.join(", ")}:\n${new TextDecoder().decode(stderr)}`,
    );
  }
  return path;
}
