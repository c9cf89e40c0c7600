-- Collections (nested through parent_id) and diagrams. A diagram's metadata, Excalidraw file and
-- SVG thumbnail live in one row, so one statement writes all three or none.
-- Lists order by updated_at, then rowid (insertion order) for rows changed in the same millisecond.
-- Deleting a collection that still holds anything is refused (RESTRICT): nothing is lost by a
-- stray click, and the API says what is in the way.

CREATE TABLE collections (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  parent_id TEXT REFERENCES collections (id) ON DELETE RESTRICT,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX collections_by_parent ON collections (user_id, parent_id);

CREATE TABLE diagrams (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  collection_id TEXT REFERENCES collections (id) ON DELETE RESTRICT,
  name TEXT NOT NULL,
  file TEXT NOT NULL,
  thumbnail_svg TEXT NOT NULL,
  revision INTEGER NOT NULL CHECK (revision >= 1),
  source TEXT NOT NULL CHECK (source IN ('mcp', 'web', 'import')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE INDEX diagrams_recent ON diagrams (user_id, updated_at DESC);
CREATE INDEX diagrams_by_collection ON diagrams (user_id, collection_id, updated_at DESC);
