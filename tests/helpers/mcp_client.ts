// The MCP SDK's own client over streamable HTTP, as agents use it.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

/** Parsed JSON the tests walk into: its shape is exactly what their assertions check. */
// deno-lint-ignore no-explicit-any
export type Json = any;

export interface ToolAnswer {
  text: string;
  isError: boolean;
  structured?: Record<string, Json>;
}

export interface McpTestClient {
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<ToolAnswer>;
  [Symbol.asyncDispose](): Promise<void>;
}

export async function connectClient(
  mcpUrl: URL,
  headers: Record<string, string> = {},
): Promise<McpTestClient> {
  const client = new Client({ name: "search-mcp-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } });
  await client.connect(transport);
  return {
    client,
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as { type: string; text?: string }[];
      return {
        text: content.filter((block) => block.type === "text").map((block) => block.text).join(""),
        isError: result.isError === true,
        structured: result.structuredContent as Record<string, Json> | undefined,
      };
    },
    async [Symbol.asyncDispose]() {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}
