// The MCP SDK's own clients over streamable HTTP, as agents and chat clients use them: the 2.x
// client, and the 1.x client most hosts still embed (it checks a tool's structuredContent against
// the tool's outputSchema, refusals included).
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as Client1 } from "@modelcontextprotocol/sdk/client";
// @ts-types="@modelcontextprotocol/sdk/client/streamableHttp"
import { StreamableHTTPClientTransport as StreamableHTTPClientTransport1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** Parsed JSON the tests walk into: its shape is exactly what their assertions check. */
// deno-lint-ignore no-explicit-any
export type Json = any;

export interface ToolAnswer {
  text: string;
  isError: boolean;
  structured?: Record<string, Json>;
  meta?: Record<string, Json>;
}

/** What a test does with either SDK's client: call tools, then close. */
export interface ToolCaller {
  call(name: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface McpTestClient extends ToolCaller {
  client: Client;
}

export async function connectClient(
  mcpUrl: URL,
  headers: Record<string, string> = {},
): Promise<McpTestClient> {
  const client = new Client({ name: "search-mcp-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } });
  await client.connect(transport);
  return { client, ...toolCaller(client, transport) };
}

/**
 * The 1.x client (1.32.2) as a host uses it: it lists the tools first, which is when it learns
 * their outputSchemas, so every call after that is checked against them (a mismatch throws).
 */
export async function connectClient1(
  mcpUrl: URL,
  headers: Record<string, string> = {},
): Promise<ToolCaller> {
  const client = new Client1({ name: "sdk-1-host", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport1(mcpUrl, { requestInit: { headers } });
  await client.connect(transport);
  await client.listTools();
  return toolCaller(client, transport);
}

/** What the tests use of either SDK line's connected client and its transport. */
function toolCaller(
  client: {
    callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
    close(): Promise<void>;
  },
  transport: { terminateSession(): Promise<void> },
): ToolCaller {
  return {
    async call(name, args) {
      return answerOf(await client.callTool({ name, arguments: args }) as Record<string, unknown>);
    },
    async [Symbol.asyncDispose]() {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

/** Both SDK lines, to run the same calls through each. */
export const SDK_CLIENTS = { "1.x": connectClient1, "2.x": connectClient } as const;

function answerOf(result: Record<string, unknown>): ToolAnswer {
  const content = result.content as { type: string; text?: string }[];
  return {
    text: content.filter((block) => block.type === "text").map((block) => block.text).join(""),
    isError: result.isError === true,
    structured: result.structuredContent as Record<string, Json> | undefined,
    meta: result._meta as Record<string, Json> | undefined,
  };
}
