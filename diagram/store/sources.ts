// Who made a diagram's contents: kept with the diagram's current contents and with every revision.

/** The doors a change comes through: the pages and REST, an agent, an import, the collaboration
 * server, a restore from history. */
export const DIAGRAM_SOURCES = ["mcp", "web", "import", "collab", "restore"] as const;
export type DiagramSource = typeof DIAGRAM_SOURCES[number];
