// Who made a diagram's contents: kept with the diagram's current contents and with every revision.

/**
 * The doors a change comes through: the pages and REST, an agent, an import, the collaboration
 * server, a restore from history, a chat client's MCP App view, the gallery's New from Mermaid,
 * and a guest editing live through a share link. The database's CHECK constraints name the same
 * list (db/migrations/0013_share_link_guests.sql).
 */
export const DIAGRAM_SOURCES = [
  "mcp",
  "web",
  "import",
  "collab",
  "restore",
  "app",
  "mermaid",
  "guest",
] as const;
export type DiagramSource = typeof DIAGRAM_SOURCES[number];
