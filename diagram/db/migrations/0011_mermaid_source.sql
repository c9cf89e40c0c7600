-- A diagram made on the gallery's New from Mermaid page is a door of its own, `mermaid`: a person
-- wrote or pasted a chart in the gallery, which the history should not credit to the editor.
-- SQLite cannot alter a CHECK, so `source` and `changed_via`, and the revisions' `source`, are
-- rebuilt under their own names, as 0009 did.

ALTER TABLE diagrams ADD COLUMN source_rebuilt TEXT NOT NULL DEFAULT 'web'
  CHECK (source_rebuilt IN ('mcp', 'web', 'import', 'collab', 'restore', 'app', 'mermaid'));
UPDATE diagrams SET source_rebuilt = source;
ALTER TABLE diagrams DROP COLUMN source;
ALTER TABLE diagrams RENAME COLUMN source_rebuilt TO source;

ALTER TABLE diagrams ADD COLUMN changed_via_rebuilt TEXT NOT NULL DEFAULT 'web'
  CHECK (changed_via_rebuilt IN ('mcp', 'web', 'import', 'collab', 'restore', 'app', 'mermaid'));
UPDATE diagrams SET changed_via_rebuilt = changed_via;
ALTER TABLE diagrams DROP COLUMN changed_via;
ALTER TABLE diagrams RENAME COLUMN changed_via_rebuilt TO changed_via;

ALTER TABLE diagram_revisions ADD COLUMN source_rebuilt TEXT NOT NULL DEFAULT 'web'
  CHECK (source_rebuilt IN ('mcp', 'web', 'import', 'collab', 'restore', 'app', 'mermaid'));
UPDATE diagram_revisions SET source_rebuilt = source;
ALTER TABLE diagram_revisions DROP COLUMN source;
ALTER TABLE diagram_revisions RENAME COLUMN source_rebuilt TO source;
