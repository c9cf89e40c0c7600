// Debian's promtool (package prometheus) on an exposition: the text format and its lint rules.

/** "" when `promtool check metrics` finds nothing to say; otherwise its exit code and output. */
export async function promtoolCheck(text: string): Promise<string> {
  const child = new Deno.Command("promtool", {
    args: ["check", "metrics"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  const decoder = new TextDecoder();
  const output = (decoder.decode(stdout) + decoder.decode(stderr)).trim();
  return code === 0 ? output : `exit ${code}: ${output}`;
}
