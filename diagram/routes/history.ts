// /api/diagrams/:id/revisions: a diagram's kept revisions, each as a file, a thumbnail and what
// restoring it would change, and the restore itself (with If-Match, like any write).
import { Hono } from "hono";
import type { HistoryOperations } from "../service/history.ts";
import { idSchema, listRevisionsQuery, parseOrThrow, revisionSchema } from "../service/schemas.ts";
import { actorOf, type DiagramHonoEnv } from "../http/authenticate.ts";
import { parseIfMatch, THUMBNAIL_HEADERS } from "./diagrams.ts";
import { bodyOrNotModified } from "../../runtime/etag.ts";

/** /api/diagrams/:id/revisions: a diagram's revisions, their changes and thumbnails, and restore. */
export function historyRoutes(history: HistoryOperations): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const params = (c: { req: { param(name: string): string } }) => ({
    id: parseOrThrow(idSchema, c.req.param("id"), "id"),
    revision: parseOrThrow(revisionSchema, c.req.param("revision"), "revision"),
  });

  app.get("/api/diagrams/:id/revisions", async (c) => {
    const id = parseOrThrow(idSchema, c.req.param("id"), "id");
    const query = parseOrThrow(listRevisionsQuery, c.req.query(), "query");
    const page = await history.list(c.get("userId"), id, query);
    return c.json({
      id,
      revision: page.diagram.revision,
      changedVia: page.diagram.changedVia,
      changedWithToken: page.diagram.changedWithToken,
      savedAt: page.diagram.savedAt,
      revisions: page.revisions,
      nextBefore: page.nextBefore,
    });
  });

  app.get("/api/diagrams/:id/revisions/:revision", async (c) => {
    const { id, revision } = params(c);
    const kept = await history.file(c.get("userId"), id, revision);
    return c.body(kept.file, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "private, no-cache",
      ETag: `"${revision}"`,
    });
  });

  app.get("/api/diagrams/:id/revisions/:revision/changes", async (c) => {
    const { id, revision } = params(c);
    const { diff, revision: kept, current } = await history.compare(
      c.get("userId"),
      id,
      revision,
    );
    return c.json({ revision: kept, currentRevision: current.revision, ifRestored: diff });
  });

  app.get("/api/diagrams/:id/revisions/:revision/thumbnail.svg", async (c) => {
    const { id, revision } = params(c);
    const svg = await history.thumbnail(c.get("userId"), id, revision);
    // A revision's contents never change: its thumbnail may be kept as long as the browser likes.
    return bodyOrNotModified(c, svg, {
      ...THUMBNAIL_HEADERS,
      "Cache-Control": "private, max-age=31536000, immutable",
    });
  });

  app.post("/api/diagrams/:id/revisions/:revision/restore", async (c) => {
    const { id, revision } = params(c);
    const expectedRevision = parseIfMatch(c.req.header("if-match"));
    const restored = await history.restore(actorOf(c), id, { revision, expectedRevision });
    return c.json(restored, 200, { ETag: `"${restored.diagram.revision}"` });
  });

  return app;
}
