// The README names the protocol revisions both MCP servers speak where a client's author looks for
// them: search_mcp's "Protocol." paragraph and the opening of the diagram MCP section.
import assert from "node:assert/strict";
import { PROTOCOL_VERSIONS } from "../runtime/mcp/server_options.ts";
import { ROOT } from "./helpers/process.ts";

/** The paragraph of `readme` that starts with `start`. */
function paragraph(readme: string, start: string): string {
  const from = readme.indexOf(start);
  assert.notEqual(from, -1, `no paragraph starting ${start}`);
  return readme.slice(from, readme.indexOf("\n\n", from));
}

Deno.test("the README names exactly the protocol revisions both MCP servers speak", async () => {
  const readme = await Deno.readTextFile(`${ROOT}README.md`);
  for (
    const start of ["**Protocol.**", "`POST {BASE_URL}/mcp` is a stateless streamable-HTTP MCP"]
  ) {
    const named = new Set(paragraph(readme, start).match(/\b\d{4}-\d{2}-\d{2}\b/g));
    assert.deepEqual([...named].sort(), [...PROTOCOL_VERSIONS].sort(), start);
  }
});
