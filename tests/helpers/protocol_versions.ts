// The protocol revisions an MCP server speaks, checked over HTTP both ways: each one it documents
// (PROTOCOL_VERSIONS, which docs/agents.md lists) is accepted and echoed, and one it does not is
// answered as the spec asks.
import assert from "node:assert/strict";
import { PROTOCOL_VERSIONS } from "../../runtime/mcp/server_options.ts";
import type { Json } from "./mcp_client.ts";

/** POSTs JSON-RPC to the server's /mcp, with its credentials; `headers` add to them. */
export type McpPost = (body: unknown, headers?: Record<string, string>) => Promise<Response>;

function initialize(protocolVersion: string) {
  return {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion, capabilities: {}, clientInfo: { name: "versions", version: "1" } },
  };
}

async function initialized(post: McpPost, version: string) {
  const response = await post(initialize(version));
  assert.equal(response.status, 200, version);
  const body: Json = await response.json();
  return { result: body.result, sessionId: response.headers.get("mcp-session-id") };
}

/** `capabilities`: what the server says it offers, the same in every revision. */
export async function checkProtocolVersions(
  post: McpPost,
  capabilities: Record<string, unknown> = { tools: { listChanged: false } },
): Promise<void> {
  const [modern, ...withInitialize] = PROTOCOL_VERSIONS;
  for (const version of withInitialize) {
    const { result } = await initialized(post, version);
    assert.equal(result.protocolVersion, version);
    assert.deepEqual(result.capabilities, capabilities);
  }

  const discover = await post({
    jsonrpc: "2.0",
    id: 1,
    method: "server/discover",
    params: {
      _meta: {
        "io.modelcontextprotocol/protocolVersion": modern,
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  }, { "MCP-Protocol-Version": modern, "Mcp-Method": "server/discover" });
  assert.equal(discover.status, 200);
  const discovered: Json = (await discover.json()).result;
  assert.deepEqual(discovered.supportedVersions, [modern]);
  assert.deepEqual(discovered.capabilities, capabilities);

  // The SDK's own list has a 2024-10-07 draft that no client should be told it speaks: asked for
  // it (or for 2026-07-28, which has no initialize), the server answers with its latest.
  for (const version of ["2024-10-07", modern]) {
    const { result, sessionId } = await initialized(post, version);
    assert.equal(result.protocolVersion, "2025-11-25", version);
    if (version !== "2024-10-07") continue;
    const ping = await post(
      { jsonrpc: "2.0", id: 2, method: "ping" },
      { "MCP-Protocol-Version": version, ...(sessionId ? { "Mcp-Session-Id": sessionId } : {}) },
    );
    assert.equal(ping.status, 400);
    const { message } = (await ping.json()).error;
    const listed = /\(supported versions: ([^)]*)\)$/.exec(message)?.[1].split(", ");
    assert.deepEqual(listed, [...PROTOCOL_VERSIONS], message);
  }
}
