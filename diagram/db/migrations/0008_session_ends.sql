-- Sessions get an id that may leave the database (a collaboration token names the session that
-- granted it; the token hash never leaves), and ending a session marks the row instead of deleting
-- it: the collab server asks which of its connections' sessions have ended, and when, so that it
-- closes them and undoes what they wrote after the end. Ended rows go with the expired ones.

ALTER TABLE sessions ADD COLUMN id TEXT;
ALTER TABLE sessions ADD COLUMN ended_at TEXT;
UPDATE sessions SET id = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX sessions_by_id ON sessions (id);
