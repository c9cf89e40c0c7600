-- Live share links. A guest editing through an edit link is a door of its own, `guest`: its
-- saves are credited to "a guest via link <label>", the label kept in `changed_with_token` and a
-- revision's `with_token` (the name of the credential the write was made with, as for an access
-- token). SQLite cannot alter a CHECK, so `source` and `changed_via`, and the revisions'
-- `source`, are rebuilt under their own names, as 0011 did.
--
-- `access_changed_at` says when a link's access last changed (NULL: as it was made): a guest's
-- room connection ends when its edit link is turned view-only, and what it wrote after that is
-- taken back.

ALTER TABLE share_links ADD COLUMN access_changed_at TEXT;

ALTER TABLE diagrams ADD COLUMN source_rebuilt TEXT NOT NULL DEFAULT 'web'
  CHECK (source_rebuilt IN ('mcp', 'web', 'import', 'collab', 'restore', 'app', 'mermaid',
    'guest'));
UPDATE diagrams SET source_rebuilt = source;
ALTER TABLE diagrams DROP COLUMN source;
ALTER TABLE diagrams RENAME COLUMN source_rebuilt TO source;

ALTER TABLE diagrams ADD COLUMN changed_via_rebuilt TEXT NOT NULL DEFAULT 'web'
  CHECK (changed_via_rebuilt IN ('mcp', 'web', 'import', 'collab', 'restore', 'app', 'mermaid',
    'guest'));
UPDATE diagrams SET changed_via_rebuilt = changed_via;
ALTER TABLE diagrams DROP COLUMN changed_via;
ALTER TABLE diagrams RENAME COLUMN changed_via_rebuilt TO changed_via;

ALTER TABLE diagram_revisions ADD COLUMN source_rebuilt TEXT NOT NULL DEFAULT 'web'
  CHECK (source_rebuilt IN ('mcp', 'web', 'import', 'collab', 'restore', 'app', 'mermaid',
    'guest'));
UPDATE diagram_revisions SET source_rebuilt = source;
ALTER TABLE diagram_revisions DROP COLUMN source;
ALTER TABLE diagram_revisions RENAME COLUMN source_rebuilt TO source;
