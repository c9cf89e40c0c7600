// docs/agents.md names the protocol revisions both MCP servers speak where a client's author looks
// for them: search_mcp's "Protocol." paragraph and the opening of the diagram MCP section.
import assert from "node:assert/strict";
import { PROTOCOL_VERSIONS } from "../runtime/mcp/server_options.ts";
import { ROOT } from "./helpers/process.ts";

const AGENTS = "docs/agents.md";

/** The paragraph of `text` that starts with `start`. */
function paragraph(text: string, start: string): string {
  const from = text.indexOf(start);
  assert.notEqual(from, -1, `no paragraph starting ${start}`);
  return text.slice(from, text.indexOf("\n\n", from));
}

Deno.test("docs/agents.md names exactly the protocol revisions both MCP servers speak", async () => {
  const text = await Deno.readTextFile(`${ROOT}${AGENTS}`);
  for (
    const start of ["**Protocol.**", "`POST {BASE_URL}/mcp` is a stateless streamable-HTTP MCP"]
  ) {
    const named = new Set(paragraph(text, start).match(/\b\d{4}-\d{2}-\d{2}\b/g));
    assert.deepEqual([...named].sort(), [...PROTOCOL_VERSIONS].sort(), start);
  }
});
