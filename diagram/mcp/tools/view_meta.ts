// The MCP App view (extension io.modelcontextprotocol/ui) that hosts speaking MCP Apps show a
// diagram tool's result in. The endpoint is stateless and never sees the client's capabilities,
// so every diagram tool names the view; hosts without MCP Apps ignore `_meta`.

/** The view's resource: served by resources/read as text/html;profile=mcp-app. */
export const DIAGRAM_VIEW_URI = "ui://diagram/view.html";

/** The `_meta` of create_diagram, update_diagram and get_diagram. */
export const viewToolMeta = { ui: { resourceUri: DIAGRAM_VIEW_URI } };

/**
 * The tools only the view calls (visibility ["app"]: hosts keep them from the model, so it never
 * pays for a scene): what the view draws and edits, and the save of a person's edit.
 */
export const APP_TOOLS = { read: "app_read_diagram", save: "app_save_diagram" } as const;

/** The key of an app-only tool's refusal in its result's `_meta`: `{reason, …}` (app_refusals.ts). */
export const APP_REFUSAL_META = "diagram/refusal";

/** The `_meta` of the app-only tools. */
export const appToolMeta = { ui: { resourceUri: DIAGRAM_VIEW_URI, visibility: ["app"] } };
