// /api/shares and the share routes of a diagram or a collection: the owner's side of share links.
// The link's address is in the answer that makes it, and nowhere afterwards.
import { Hono } from "hono";
import type { ShareLinkOperations } from "../service/share_links.ts";
import { createShareSchema, idSchema, parseOrThrow, patchShareSchema } from "../service/schemas.ts";
import type { DiagramHonoEnv } from "../http/authenticate.ts";
import { readJsonBody, SMALL_BODY_BYTES } from "../http/json_body.ts";

/** /api/shares and a diagram's shares: the owner's side of share links. */
export function shareLinkRoutes(shares: ShareLinkOperations): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const idParam = (value: string) => parseOrThrow(idSchema, value, "id");

  app.get("/api/shares", async (c) => c.json({ links: await shares.list(c.get("userId")) }));

  app.get("/api/diagrams/:id/shares", async (c) => {
    const id = idParam(c.req.param("id"));
    return c.json({ links: await shares.list(c.get("userId"), id) });
  });

  for (const kind of ["diagrams", "collections"] as const) {
    app.post(`/api/${kind}/:id/shares`, async (c) => {
      const id = idParam(c.req.param("id"));
      const { value } = await readJsonBody(c, createShareSchema, SMALL_BODY_BYTES);
      const target = kind === "diagrams" ? { diagramId: id } : { collectionId: id };
      const made = await shares.create(c.get("userId"), target, value);
      return c.json({ ...made.link, url: made.url }, 201, {
        Location: `/api/shares/${made.link.id}`,
        // The answer holds the link's secret: no cache keeps it, no proxy compresses it.
        "Cache-Control": "no-store, no-transform",
      });
    });
  }

  app.patch("/api/shares/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const { value } = await readJsonBody(c, patchShareSchema, SMALL_BODY_BYTES);
    const userId = c.get("userId");
    let link = value.access === undefined ? null : await shares.setAccess(userId, id, value.access);
    if (value.history !== undefined) link = await shares.setHistory(userId, id, value.history);
    return c.json(link);
  });

  app.delete("/api/shares/:id", async (c) => {
    await shares.revoke(c.get("userId"), idParam(c.req.param("id")));
    return c.body(null, 204);
  });

  return app;
}
