// docs/rest-api-reference.md is what `deno task openapi-docs` writes now, and it has a section for
// every operation of the description.
import assert from "node:assert/strict";
import { openApiDescription } from "../diagram/routes/openapi/document.ts";
import { REFERENCE_PATH, referenceText } from "./openapi_docs.ts";
import { referenceMarkdown } from "./openapi_markdown.ts";

const ROOT = new URL("../", import.meta.url).pathname;

Deno.test("the committed REST API reference is the one the description renders to now", async () => {
  const committed = await Deno.readTextFile(`${ROOT}${REFERENCE_PATH}`);
  assert.ok(
    committed === await referenceText(),
    `${REFERENCE_PATH} is stale: run \`deno task openapi-docs\` and commit the result`,
  );
});

Deno.test("the reference has a heading for every operation, and one schema section for each", () => {
  const { document } = openApiDescription(false);
  const markdown = referenceMarkdown(document);
  const paths = document.paths as Record<string, Record<string, unknown>>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `### \`${method.toUpperCase()} ${path}\``)
  );
  const missing = operations.filter((heading) => !markdown.split("\n").includes(heading));
  assert.deepEqual(missing, []);
  const { schemas } = document.components as { schemas: Record<string, unknown> };
  for (const name of Object.keys(schemas)) {
    assert.ok(markdown.includes(`<a id="schema-${name.toLowerCase()}"></a>`), `no ${name} section`);
  }
});
