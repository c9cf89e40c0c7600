-- Links that show one diagram, or the diagrams of one collection, to anyone who has them: no
-- account, nothing else. The secret is in the link only; this row keeps its SHA-256, so a database
-- leak yields no usable link. Revoking deletes the row: a revoked, expired or unknown link all
-- answer the same 404. A link ends with what it shows (ON DELETE CASCADE), and a diagram in the
-- trash is not shown (the lookup checks). Editing is for a diagram's links only.

CREATE TABLE share_links (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  diagram_id TEXT REFERENCES diagrams (id) ON DELETE CASCADE,
  collection_id TEXT REFERENCES collections (id) ON DELETE CASCADE,
  secret_hash TEXT NOT NULL UNIQUE,
  access TEXT NOT NULL CHECK (access IN ('view', 'edit')),
  label TEXT NOT NULL,
  downloads INTEGER NOT NULL CHECK (downloads IN (0, 1)),
  created_at TEXT NOT NULL,
  expires_at TEXT,
  last_used_at TEXT,
  CHECK ((diagram_id IS NULL) <> (collection_id IS NULL)),
  CHECK (collection_id IS NULL OR access = 'view')
);

CREATE INDEX share_links_by_user ON share_links (user_id, created_at);
CREATE INDEX share_links_by_diagram ON share_links (diagram_id) WHERE diagram_id IS NOT NULL;
