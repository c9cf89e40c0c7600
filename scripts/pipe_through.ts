// A program run once on a text given on its standard input, its output and exit code kept: how the
// scripts and tests use `deno fmt -` and `promtool check metrics`.

/** What the program wrote and how it ended. */
export interface PipedOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `program args` with `input` on its standard input, from `cwd` when given. */
export async function pipeThrough(
  program: string,
  args: string[],
  input: string,
  cwd?: string,
): Promise<PipedOutput> {
  const child = new Deno.Command(program, {
    args,
    ...(cwd === undefined ? {} : { cwd }),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  const decoder = new TextDecoder();
  return { code, stdout: decoder.decode(stdout), stderr: decoder.decode(stderr) };
}
