// /api/trash: deleted diagrams, restored or deleted for good.
import { Hono } from "hono";
import type { TrashOperations } from "../service/trash.ts";
import { idSchema, listTrashQuery, parseOrThrow } from "../service/schemas.ts";
import { actorOf, type DiagramHonoEnv } from "../http/authenticate.ts";
import { THUMBNAIL_HEADERS } from "./diagrams.ts";
import { bodyOrNotModified } from "../../runtime/etag.ts";

/** /api/trash: list, restore and delete for good. */
export function trashRoutes(trash: TrashOperations): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const idParam = (value: string) => parseOrThrow(idSchema, value, "id");

  app.get("/api/trash", async (c) => {
    const query = parseOrThrow(listTrashQuery, c.req.query(), "query");
    // One extra row says whether another page exists without a COUNT.
    const rows = await trash.list(c.get("userId"), { ...query, limit: query.limit + 1 });
    const nextOffset = rows.length > query.limit ? query.offset + query.limit : null;
    return c.json({ diagrams: rows.slice(0, query.limit), nextOffset });
  });

  app.get("/api/trash/:id/thumbnail.svg", async (c) => {
    const svg = await trash.thumbnail(c.get("userId"), idParam(c.req.param("id")));
    return bodyOrNotModified(c, svg, THUMBNAIL_HEADERS);
  });

  app.post("/api/trash/:id/restore", async (c) => {
    return c.json(await trash.restore(actorOf(c), idParam(c.req.param("id"))));
  });

  app.delete("/api/trash/:id", async (c) => {
    await trash.deleteForGood(actorOf(c), idParam(c.req.param("id")));
    return c.body(null, 204);
  });

  return app;
}
