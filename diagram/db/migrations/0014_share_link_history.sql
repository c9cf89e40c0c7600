-- A share link may show its diagram's history: the kept revisions, each as a picture, and who made
-- them. Off unless the owner chose it when making the link or turned it on since; turning it off
-- makes those pages the same 404 as any other address the link does not reach.

ALTER TABLE share_links ADD COLUMN history INTEGER NOT NULL DEFAULT 0 CHECK (history IN (0, 1));
