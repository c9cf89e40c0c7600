// The MCP Inspector's CLI against the real diagram service with a personal access token.
import assert from "node:assert/strict";
import { startDiagram } from "./helpers/diagram_instance.ts";
import { inspector, inspectorCall } from "./helpers/inspector.ts";

Deno.test("the Inspector CLI lists the diagram tools, creates a diagram and reads it back", async () => {
  await using instance = await startDiagram();
  await instance.admin("reset-password", "me@example.com", "a long password here");
  const token = (await instance.admin("create-token", "me@example.com", "inspector")).stdout.trim()
    .split("\n").at(-1)!;
  const mcpUrl = new URL("/mcp", instance.url);

  const listed = await inspector(mcpUrl, ["--method", "tools/list", "--strict"], token);
  assert.equal(listed.code, 0, JSON.stringify(listed.output));
  assert.deepEqual(
    listed.output.result.tools.map((tool: { name: string }) => tool.name).sort(),
    [
      "app_read_diagram",
      "app_save_diagram",
      "create_diagram",
      "get_diagram",
      "list_collections",
      "list_diagrams",
      "list_revisions",
      "restore_revision",
      "share_diagram",
      "unshare_diagram",
      "update_diagram",
    ],
  );
  // The CLI's own schema portability check (--strict) finds nothing to warn about.
  assert.doesNotMatch(listed.stderr, /Warning|[1-9]\d* (errors|warnings)/, listed.stderr);
  assert.match(listed.stderr, /0 errors, 0 warnings|^$/);

  const created = await inspectorCall(mcpUrl, token, "create_diagram", {
    name: "Inspected",
    spec: {
      layout: "LR",
      nodes: [{ id: "a", label: "Client" }, { id: "b", label: "Server", shape: "rounded" }],
      edges: [{ from: "a", to: "b", label: "HTTP" }],
    },
  });
  assert.equal(created.code, 0, JSON.stringify(created.output));
  const { id } = created.output.result.structuredContent;
  const read = await inspectorCall(mcpUrl, token, "get_diagram", { id });
  assert.match(
    read.output.result.content[0].text,
    /"edges":\[\{"id":"a->b","from":"a","to":"b","label":"HTTP"\}\]/,
  );

  const refused = await inspector(mcpUrl, ["--method", "tools/list"]);
  assert.equal(refused.code, 3);
  assert.equal(refused.output.error.code, "auth_required");
});
