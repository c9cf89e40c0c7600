// /api/collections: nested folders. Deleting a non-empty one is a 409 that says what is inside,
// unless ?contents=parent (up one level) or ?contents=none (out of every collection) says where
// it goes.
import { Hono } from "hono";
import type { CollectionOperations } from "../service/collections.ts";
import {
  createCollectionSchema,
  deleteCollectionQuery,
  idSchema,
  listCollectionsQuery,
  parseOrThrow,
  patchCollectionSchema,
} from "../service/schemas.ts";
import { actorOf, type DiagramHonoEnv } from "../http/authenticate.ts";
import { readJsonBody, SMALL_BODY_BYTES } from "../http/json_body.ts";

/** /api/collections: list, read, create, rename or move, and delete collections. */
export function collectionRoutes(collections: CollectionOperations): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const idParam = (value: string) => parseOrThrow(idSchema, value, "id");

  app.get("/api/collections", async (c) => {
    const query = parseOrThrow(listCollectionsQuery, c.req.query(), "query");
    const parentId = query.parentId === "none" ? null : query.parentId;
    return c.json({ collections: await collections.list(c.get("userId"), { parentId }) });
  });

  app.post("/api/collections", async (c) => {
    const { value } = await readJsonBody(c, createCollectionSchema, SMALL_BODY_BYTES);
    const created = await collections.create(actorOf(c), value);
    return c.json(created, 201, { Location: `/api/collections/${created.id}` });
  });

  app.get("/api/collections/:id", async (c) => {
    return c.json(await collections.get(c.get("userId"), idParam(c.req.param("id"))));
  });

  app.patch("/api/collections/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const { value } = await readJsonBody(c, patchCollectionSchema, SMALL_BODY_BYTES);
    return c.json(await collections.update(actorOf(c), id, value));
  });

  app.delete("/api/collections/:id", async (c) => {
    const { contents } = parseOrThrow(deleteCollectionQuery, c.req.query(), "query");
    await collections.delete(actorOf(c), idParam(c.req.param("id")), contents);
    return c.body(null, 204);
  });

  return app;
}
