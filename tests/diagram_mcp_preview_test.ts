// The PNG preview of create_diagram, update_diagram and get_diagram, through the real MCP SDK
// client against a real diagram service: the image item after the text, what it holds, and the
// `preview` argument that leaves it out.
import assert from "node:assert/strict";
import type { Client } from "@modelcontextprotocol/client";
import { startDiagram } from "./helpers/diagram_instance.ts";
import { connectClient, type Json } from "./helpers/mcp_client.ts";
import { decodePng, hasPngSignature, nonWhitePixels, pngSize } from "./helpers/png.ts";

const EMAIL = "preview-owner@example.com";
const PASSWORD = "a long enough password";
const MAX_BYTES = 300_000;

const SPEC = {
  layout: "LR",
  groups: [{ id: "backend", label: "Backend" }],
  nodes: [
    { id: "web", label: "Web app" },
    { id: "api", label: "API", group: "backend" },
    { id: "db", label: "Database", shape: "ellipse", color: "blue", group: "backend" },
  ],
  edges: [{ from: "web", to: "api", label: "calls" }, { from: "api", to: "db" }],
};

async function setUp() {
  const instance = await startDiagram();
  const reset = await instance.admin("reset-password", EMAIL, PASSWORD);
  assert.equal(reset.code, 0, reset.stderr);
  const created = await instance.admin("create-token", EMAIL, "agent");
  assert.equal(created.code, 0, created.stderr);
  const token = created.stdout.trim().split("\n").at(-1)!;
  const mcp = await connectClient(new URL("/mcp", instance.url), {
    authorization: `Bearer ${token}`,
  });
  return { instance, mcp };
}

interface Answer {
  isError: boolean;
  content: { type: string; text?: string; data?: string; mimeType?: string }[];
  structured: Record<string, Json>;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return {
    isError: result.isError === true,
    content: result.content,
    structured: result.structuredContent,
  } as Answer;
}

/** The answer's one image, checked to be a PNG within the limits and not blank. */
async function checkedImage(answer: Answer, tool: string) {
  assert.equal(answer.isError, false, JSON.stringify(answer.content));
  assert.deepEqual(answer.content.map((item) => item.type), ["text", "image"], tool);
  const image = answer.content[1];
  assert.equal(image.mimeType, "image/png", tool);
  const png = Uint8Array.fromBase64(image.data!);
  assert.ok(hasPngSignature(png), `${tool}: PNG signature`);
  assert.ok(png.length <= MAX_BYTES, `${tool}: ${png.length} bytes`);
  const { width, height } = pngSize(png);
  const longSide = Math.max(width, height);
  assert.ok(longSide >= 600 && longSide <= 1600, `${tool}: ${width} × ${height}`);
  const decoded = await decodePng(png);
  const inked = nonWhitePixels(decoded);
  assert.ok(inked > 2000, `${tool}: only ${inked} pixels drawn`);
  return { width, height, inked };
}

Deno.test("create_diagram, update_diagram and get_diagram answer a PNG of the drawing after their text", async () => {
  const { instance, mcp } = await setUp();
  await using _ = instance;
  await using __ = mcp;
  const created = await call(mcp.client, "create_diagram", { name: "Preview", spec: SPEC });
  await checkedImage(created, "create_diagram");
  assert.match(created.content[0].text!, /^Created "Preview" \(3 nodes, 2 edges/);
  const id = created.structured.id;

  const updated = await call(mcp.client, "update_diagram", {
    id,
    patch: { addNodes: [{ id: "cache", label: "Cache", group: "backend" }] },
  });
  const afterUpdate = await checkedImage(updated, "update_diagram");
  assert.match(updated.content[0].text!, /^Updated "Preview" to revision 2/);

  const read = await call(mcp.client, "get_diagram", { id });
  const afterRead = await checkedImage(read, "get_diagram");
  assert.equal(read.structured.revision, 2);
  // get_diagram shows the diagram as saved: the same drawing update_diagram showed.
  assert.deepEqual(afterRead, afterUpdate);

  const chart = await call(mcp.client, "create_diagram", {
    name: "From a chart",
    mermaid: "flowchart LR\n  a[Start] --> b{Choice}\n  b --> c[End]",
  });
  await checkedImage(chart, "create_diagram with mermaid");
});

Deno.test("preview: false leaves the image out of all three answers and keeps the text", async () => {
  const { instance, mcp } = await setUp();
  await using _ = instance;
  await using __ = mcp;
  const created = await call(mcp.client, "create_diagram", {
    name: "No preview",
    spec: SPEC,
    preview: false,
  });
  assert.equal(created.isError, false);
  assert.deepEqual(created.content.map((item) => item.type), ["text"]);
  const id = created.structured.id;
  const updated = await call(mcp.client, "update_diagram", {
    id,
    patch: { removeNodes: ["db"] },
    preview: false,
  });
  assert.equal(updated.isError, false);
  assert.deepEqual(updated.content.map((item) => item.type), ["text"]);
  const read = await call(mcp.client, "get_diagram", { id, preview: false });
  assert.equal(read.isError, false);
  assert.deepEqual(read.content.map((item) => item.type), ["text"]);
  assert.match(read.content[0].text!, /spec:\n/);
});

Deno.test("the three drawing tools publish preview, a boolean, in their input schema", async () => {
  const { instance, mcp } = await setUp();
  await using _ = instance;
  await using __ = mcp;
  const { tools } = await mcp.client.listTools();
  for (const name of ["create_diagram", "update_diagram", "get_diagram"]) {
    const tool = tools.find((candidate) => candidate.name === name);
    assert.ok(tool, name);
    const preview = (tool.inputSchema.properties as Record<string, Json>)?.preview;
    assert.equal(preview?.type, "boolean", name);
    assert.match(preview.description, /PNG/, name);
    assert.ok(!(tool.inputSchema.required ?? []).includes("preview"), name);
  }
});
