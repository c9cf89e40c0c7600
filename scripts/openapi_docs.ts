// `deno task openapi-docs`: writes docs/rest-api-reference.md, the REST API's reference rendered
// from the OpenAPI description the diagram service serves, formatted as `deno fmt` formats it.
import { openApiDescription } from "../diagram/routes/openapi/document.ts";
import { referenceMarkdown } from "./openapi_markdown.ts";
import { pipeThrough } from "./pipe_through.ts";

/** Where the reference is kept, from the repository's root. */
export const REFERENCE_PATH = "docs/rest-api-reference.md";

const ROOT = new URL("../", import.meta.url).pathname;

/** The reference as it should be committed now: rendered, then formatted by `deno fmt`. */
export async function referenceText(): Promise<string> {
  const markdown = referenceMarkdown(openApiDescription(false).document);
  const { code, stdout, stderr } = await pipeThrough(
    Deno.execPath(),
    ["fmt", "--ext=md", "-"],
    markdown,
    ROOT,
  );
  if (code !== 0) throw new Error(`deno fmt failed: ${stderr}`);
  return stdout;
}

if (import.meta.main) {
  await Deno.mkdir(`${ROOT}docs`, { recursive: true });
  await Deno.writeTextFile(`${ROOT}${REFERENCE_PATH}`, await referenceText());
  console.log(`wrote ${REFERENCE_PATH}`);
}
