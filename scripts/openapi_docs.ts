// `deno task openapi-docs`: writes docs/rest-api-reference.md, the REST API's reference rendered
// from the OpenAPI description the diagram service serves, formatted as `deno fmt` formats it.
import { openApiDescription } from "../diagram/routes/openapi/document.ts";
import { referenceMarkdown } from "./openapi_markdown.ts";

/** Where the reference is kept, from the repository's root. */
export const REFERENCE_PATH = "docs/rest-api-reference.md";

const ROOT = new URL("../", import.meta.url).pathname;

/** The reference as it should be committed now: rendered, then formatted by `deno fmt`. */
export async function referenceText(): Promise<string> {
  const markdown = referenceMarkdown(openApiDescription(false).document);
  const formatter = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext=md", "-"],
    cwd: ROOT,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = formatter.stdin.getWriter();
  await writer.write(new TextEncoder().encode(markdown));
  await writer.close();
  const { code, stdout, stderr } = await formatter.output();
  if (code !== 0) throw new Error(`deno fmt failed: ${new TextDecoder().decode(stderr)}`);
  return new TextDecoder().decode(stdout);
}

if (import.meta.main) {
  await Deno.mkdir(`${ROOT}docs`, { recursive: true });
  await Deno.writeTextFile(`${ROOT}${REFERENCE_PATH}`, await referenceText());
  console.log(`wrote ${REFERENCE_PATH}`);
}
