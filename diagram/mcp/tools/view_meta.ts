// The MCP App view (extension io.modelcontextprotocol/ui) that hosts speaking MCP Apps show a
// diagram tool's result in. The endpoint is stateless and never sees the client's capabilities,
// so every diagram tool names the view; hosts without MCP Apps ignore `_meta`.

/** The view's resource: served by resources/read as text/html;profile=mcp-app. */
export const DIAGRAM_VIEW_URI = "ui://diagram/view.html";

/** The `_meta` of create_diagram, update_diagram and get_diagram. */
export const viewToolMeta = { ui: { resourceUri: DIAGRAM_VIEW_URI } };
