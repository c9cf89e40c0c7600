// Debian's promtool (package prometheus) on an exposition: the text format and its lint rules.
import { pipeThrough } from "../../scripts/pipe_through.ts";

/** "" when `promtool check metrics` finds nothing to say; otherwise its exit code and output. */
export async function promtoolCheck(text: string): Promise<string> {
  const { code, stdout, stderr } = await pipeThrough("promtool", ["check", "metrics"], text);
  const output = (stdout + stderr).trim();
  return code === 0 ? output : `exit ${code}: ${output}`;
}
