-- Who or what made a diagram's latest change (contents, name or place): the web pages and REST
-- API, an agent through MCP, or an import. `source` keeps who created it.

ALTER TABLE diagrams ADD COLUMN changed_via TEXT NOT NULL DEFAULT 'web'
  CHECK (changed_via IN ('mcp', 'web', 'import'));

UPDATE diagrams SET changed_via = source;
