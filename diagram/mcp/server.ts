// The diagram MCP server: one per request (stateless), bound to the account whose access token
// the request carried.
import { McpServer } from "@modelcontextprotocol/server";
import { mcpServerOptions } from "../../runtime/mcp/server_options.ts";
import { VERSION } from "../../runtime/version.ts";
import type { ToolContext } from "./tool_context.ts";
import { registerAppReadDiagram } from "./tools/app_read_diagram.ts";
import { registerAppSaveDiagram } from "./tools/app_save_diagram.ts";
import { registerCreateDiagram } from "./tools/create_diagram.ts";
import { registerGetDiagram } from "./tools/get_diagram.ts";
import { registerListCollections } from "./tools/list_collections.ts";
import { registerListDiagrams } from "./tools/list_diagrams.ts";
import { registerListRevisions } from "./tools/list_revisions.ts";
import { registerRestoreRevision } from "./tools/restore_revision.ts";
import { registerShareDiagram } from "./tools/share_diagram.ts";
import { registerUnshareDiagram } from "./tools/unshare_diagram.ts";
import { registerUpdateDiagram } from "./tools/update_diagram.ts";
import { registerViewResource, type ViewResource } from "./view_resource.ts";

const INSTRUCTIONS =
  "Draw diagrams in the user's self-hosted Excalidraw gallery. Describe structure only (nodes, " +
  "edges, labels, shapes, colours, groups, direction) with create_diagram, as a spec or as a " +
  "Mermaid flowchart; the server does all layout and returns a URL to share. To change a " +
  "diagram, read it with get_diagram (it returns the exact spec, and the same as Mermaid) and " +
  "send update_diagram the edited spec, a patch by node and edge id, or the edited chart. " +
  "list_diagrams and list_collections find existing ones. Every change is kept: update_diagram " +
  "names the revision it replaced, list_revisions shows a diagram's history, and " +
  "restore_revision brings any revision back (itself undoable). To show a diagram to a person " +
  "without an account, share_diagram returns a live link (view-only unless asked) and " +
  "unshare_diagram revokes it.";

/** `view`: the MCP App view the diagram tools name, made once at startup (view_resource.ts). */
export function createDiagramMcpServer(context: ToolContext, view: ViewResource): McpServer {
  const options = mcpServerOptions(INSTRUCTIONS);
  const server = new McpServer(
    { name: "diagram", title: "Diagram gallery", version: VERSION },
    // The one resource never changes while a server runs (and a stateless one could not say so).
    { ...options, capabilities: { ...options.capabilities, resources: { listChanged: false } } },
  );
  registerCreateDiagram(server, context);
  registerUpdateDiagram(server, context);
  registerListDiagrams(server, context);
  registerGetDiagram(server, context);
  registerListCollections(server, context);
  registerListRevisions(server, context);
  registerRestoreRevision(server, context);
  registerShareDiagram(server, context);
  registerUnshareDiagram(server, context);
  // The MCP App view (hosts that show one) and the tools only it calls.
  registerViewResource(server, view);
  registerAppReadDiagram(server, context);
  registerAppSaveDiagram(server, context);
  return server;
}
