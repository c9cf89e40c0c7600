-- History and trash: nothing a person, an agent or the collaboration server does can lose a
-- diagram.
--
-- The doors a change comes through gain the collaboration server and restores from history.
-- SQLite cannot alter a CHECK, so `source` and `changed_via` are rebuilt under their own names.
-- `changed_via` now says who made the current contents (a rename or a move leaves it), and
-- `saved_at` when they were written (`updated_at` also moves on a rename or a move).

ALTER TABLE diagrams ADD COLUMN source_rebuilt TEXT NOT NULL DEFAULT 'web'
  CHECK (source_rebuilt IN ('mcp', 'web', 'import', 'collab', 'restore'));
UPDATE diagrams SET source_rebuilt = source;
ALTER TABLE diagrams DROP COLUMN source;
ALTER TABLE diagrams RENAME COLUMN source_rebuilt TO source;

ALTER TABLE diagrams ADD COLUMN changed_via_rebuilt TEXT NOT NULL DEFAULT 'web'
  CHECK (changed_via_rebuilt IN ('mcp', 'web', 'import', 'collab', 'restore'));
UPDATE diagrams SET changed_via_rebuilt = changed_via;
ALTER TABLE diagrams DROP COLUMN changed_via;
ALTER TABLE diagrams RENAME COLUMN changed_via_rebuilt TO changed_via;

ALTER TABLE diagrams ADD COLUMN saved_at TEXT NOT NULL DEFAULT '';
UPDATE diagrams SET saved_at = updated_at;

-- How many live elements the current contents have, counted when they are written, so that keeping
-- them as a revision copies a number instead of walking the file's JSON.
ALTER TABLE diagrams ADD COLUMN element_count INTEGER NOT NULL DEFAULT 0;
UPDATE diagrams SET element_count = (SELECT count(*) FROM json_each(file, '$.elements')
  WHERE coalesce(json_extract(value, '$.isDeleted'), 0) = 0);

-- A deleted diagram waits in the trash: out of every list, search and room, with the collection it
-- was in remembered (no foreign key: that collection may go meanwhile, and the diagram then comes
-- back to "No collection").
ALTER TABLE diagrams ADD COLUMN trashed_at TEXT;
ALTER TABLE diagrams ADD COLUMN trashed_from TEXT;
CREATE INDEX diagrams_in_trash ON diagrams (user_id, trashed_at) WHERE trashed_at IS NOT NULL;

-- The contents a write replaced, kept in the same transaction as the write: the revision number
-- they had, who made them and when (`saved_at`), when this row was kept (`kept_at`: autosaves
-- within a few minutes after it keep nothing more), and their size. Rows are written as text and
-- compressed in the background (`encoding`), so a save costs at most one copy inside SQLite. A
-- revision number names the same contents for ever.
CREATE TABLE diagram_revisions (
  diagram_id TEXT NOT NULL REFERENCES diagrams (id) ON DELETE CASCADE,
  revision INTEGER NOT NULL CHECK (revision >= 1),
  source TEXT NOT NULL CHECK (source IN ('mcp', 'web', 'import', 'collab', 'restore')),
  saved_at TEXT NOT NULL,
  kept_at TEXT NOT NULL,
  element_count INTEGER NOT NULL CHECK (element_count >= 0),
  byte_size INTEGER NOT NULL CHECK (byte_size >= 0),
  encoding TEXT NOT NULL CHECK (encoding IN ('text', 'br')),
  contents BLOB NOT NULL,
  PRIMARY KEY (diagram_id, revision)
);

CREATE INDEX diagram_revisions_uncompressed ON diagram_revisions (diagram_id)
  WHERE encoding = 'text';
CREATE INDEX diagram_revisions_by_age ON diagram_revisions (saved_at);
