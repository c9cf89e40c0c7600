// What both MCP servers say about themselves besides their tools: the protocol revisions they
// speak (docs/agents.md lists the same, and a test holds the two together) and their capabilities.
import type { ServerOptions } from "@modelcontextprotocol/server";

/**
 * Newest first. 2026-07-28 is spoken through its per-request `_meta` envelope only, since it has
 * no `initialize`; `initialize` naming any revision not below (the 2024-10-07 draft the SDK also
 * accepts, say) is answered with 2025-11-25, the first of the others.
 */
export const PROTOCOL_VERSIONS = [
  "2026-07-28",
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
] as const;

export function mcpServerOptions(instructions: string): ServerOptions {
  return {
    // The tools never change while a server runs, and a stateless one has no channel to say
    // so anyway. The SDK advertises listChanged: true unless told false.
    capabilities: { tools: { listChanged: false } },
    instructions,
    supportedProtocolVersions: [...PROTOCOL_VERSIONS],
  };
}
