-- Who made a diagram's contents, as far as the service knows it: besides the door (`changed_via`,
-- a revision's `source`), the name of the personal access token the write was made with, when it
-- was made with one (an agent or a chat client's diagram view over MCP, a script over the REST
-- API): whoever holds a token is all the service can know of who wrote. The name is copied, so
-- revoking the token leaves the history as it was. NULL for a signed-in browser, the collaboration
-- server, and writes made before this.

ALTER TABLE diagrams ADD COLUMN changed_with_token TEXT;
ALTER TABLE diagram_revisions ADD COLUMN with_token TEXT;
