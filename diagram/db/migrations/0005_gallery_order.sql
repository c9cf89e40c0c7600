-- The gallery pages through an account's diagrams by name or by creation as fast as by the latest
-- change (diagrams_recent): each order has its index, so a page is a range scan wherever it starts.

CREATE INDEX diagrams_by_name ON diagrams (user_id, name COLLATE NOCASE);
CREATE INDEX diagrams_by_created ON diagrams (user_id, created_at DESC);
