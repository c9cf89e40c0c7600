-- The images of a diagram, stored once and apart from its Excalidraw file: the editor uploads each
-- image it adds and keeps only its metadata (id, mimeType, created) in the file and the room, so a
-- save every few seconds does not carry megabytes of base64. Excalidraw's file ids are content
-- hashes: an id names the same bytes for ever, and a second upload of it changes nothing.
-- Deleting a diagram deletes its images (foreign keys are on for every connection).
-- The small columns come before the bytes: reading a size or a type never walks a large blob's
-- overflow pages.

CREATE TABLE diagram_files (
  diagram_id TEXT NOT NULL REFERENCES diagrams (id) ON DELETE CASCADE,
  file_id TEXT NOT NULL,
  mime_type TEXT NOT NULL,
  byte_size INTEGER NOT NULL CHECK (byte_size >= 0),
  created_at TEXT NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (diagram_id, file_id)
);
