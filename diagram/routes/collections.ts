// /api/collections: nested folders. Deleting a non-empty one is a 409 that says what is inside.
import { Hono } from "hono";
import type { Database } from "../db/database.ts";
import type { DiagramHonoEnv } from "../http/authenticate.ts";
import { parseOrThrow, readJsonBody, SMALL_BODY_BYTES } from "../http/json_body.ts";
import {
  createCollectionSchema,
  idSchema,
  listCollectionsQuery,
  patchCollectionSchema,
} from "../http/schemas.ts";
import {
  createCollection,
  deleteCollection,
  getCollection,
  listCollections,
  updateCollection,
} from "../store/collections.ts";

export function collectionRoutes(db: Database): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const idParam = (value: string) => parseOrThrow(idSchema, value, "id");

  app.get("/api/collections", async (c) => {
    const query = parseOrThrow(listCollectionsQuery, c.req.query(), "query");
    const parentId = query.parentId === "none" ? null : query.parentId;
    return c.json({ collections: await listCollections(db, c.get("userId"), { parentId }) });
  });

  app.post("/api/collections", async (c) => {
    const { value } = await readJsonBody(c, createCollectionSchema, SMALL_BODY_BYTES);
    const created = await createCollection(db, c.get("userId"), value);
    return c.json(created, 201, { Location: `/api/collections/${created.id}` });
  });

  app.get("/api/collections/:id", async (c) => {
    return c.json(await getCollection(db, c.get("userId"), idParam(c.req.param("id"))));
  });

  app.patch("/api/collections/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const { value } = await readJsonBody(c, patchCollectionSchema, SMALL_BODY_BYTES);
    return c.json(await updateCollection(db, c.get("userId"), id, value));
  });

  app.delete("/api/collections/:id", async (c) => {
    await deleteCollection(db, c.get("userId"), idParam(c.req.param("id")));
    return c.body(null, 204);
  });

  return app;
}
