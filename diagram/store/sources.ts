// Who made a diagram's contents: kept with the diagram's current contents and with every revision.

/** The doors a change comes through: the pages and REST, an agent, an import, the collaboration
 * server, a restore from history, a person in a chat client's MCP App view. The database's CHECK
 * constraints name the same list (diagram/db/migrations/0009_app_source.sql). */
export const DIAGRAM_SOURCES = ["mcp", "web", "import", "collab", "restore", "app"] as const;
export type DiagramSource = typeof DIAGRAM_SOURCES[number];
