-- Full-text search over each diagram's name and the text inside it (free text and the labels of
-- shapes and arrows, generated ones included), with diacritics folded ("cafe" finds "Café").
-- Triggers keep the index in step with the diagrams table inside the same transaction as every
-- write, whichever door it came through. Rows share the diagram's rowid.

CREATE VIRTUAL TABLE diagram_search USING fts5 (
  name,
  body,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- What is indexed for each diagram, written once for the triggers and the backfill.
CREATE VIEW diagram_search_source AS
  SELECT d.rowid AS rowid, d.name AS name,
    (SELECT group_concat(coalesce(json_extract(value, '$.originalText'),
        json_extract(value, '$.text')), ' ')
      FROM json_each(d.file, '$.elements')
      WHERE json_extract(value, '$.type') = 'text'
        AND coalesce(json_extract(value, '$.isDeleted'), 0) = 0) AS body
  FROM diagrams d;

CREATE TRIGGER diagram_search_insert AFTER INSERT ON diagrams BEGIN
  INSERT INTO diagram_search (rowid, name, body)
    SELECT rowid, name, body FROM diagram_search_source WHERE rowid = NEW.rowid;
END;

CREATE TRIGGER diagram_search_update AFTER UPDATE OF name, file ON diagrams BEGIN
  DELETE FROM diagram_search WHERE rowid = OLD.rowid;
  INSERT INTO diagram_search (rowid, name, body)
    SELECT rowid, name, body FROM diagram_search_source WHERE rowid = NEW.rowid;
END;

CREATE TRIGGER diagram_search_delete AFTER DELETE ON diagrams BEGIN
  DELETE FROM diagram_search WHERE rowid = OLD.rowid;
END;

-- The diagrams stored before this migration.
INSERT INTO diagram_search (rowid, name, body)
  SELECT rowid, name, body FROM diagram_search_source;
