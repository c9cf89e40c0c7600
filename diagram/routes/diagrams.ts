// /api/diagrams: create, list, read, replace (with If-Match), rename or move, delete, thumbnail.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { Database } from "../db/database.ts";
import type { DiagramHonoEnv } from "../http/authenticate.ts";
import { parseOrThrow, readJsonBody, SMALL_BODY_BYTES } from "../http/json_body.ts";
import {
  createDiagramSchema,
  idSchema,
  listDiagramsQuery,
  patchDiagramSchema,
  replaceDiagramSchema,
} from "../http/schemas.ts";
import type { DiagramService } from "../core/diagram_service.ts";
import { contentFromFile } from "../core/content.ts";
import {
  deleteDiagram,
  getDiagram,
  getThumbnail,
  listDiagrams,
  replaceDiagramContent,
  updateDiagramMeta,
} from "../store/diagrams.ts";
import { sha256Hex } from "../../shared/digest.ts";
import { MAX_THUMBNAIL_BYTES } from "../thumbnail/sanitize_svg.ts";
import { SCENE_LIMITS } from "../../shared/scene/validate.ts";

export interface DiagramRouteDeps {
  db: Database;
  diagrams: DiagramService;
}

/** A whole file plus a browser thumbnail plus the JSON around them. */
export const MAX_DIAGRAM_BODY_BYTES = SCENE_LIMITS.maxFileBytes + MAX_THUMBNAIL_BYTES + 64 * 1024;

const THUMBNAIL_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  // An SVG opened directly is a document: without this it could run script in our origin.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "private, no-cache",
};

/** `If-Match: "7"` (also W/"7" or 7) → 7; absent → undefined; anything else → 400. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(header);
  if (!match) {
    throw new HTTPException(400, {
      message: 'If-Match must be the quoted revision the client last read, e.g. If-Match: "3"',
    });
  }
  return Number(match[1]);
}

export function diagramRoutes(deps: DiagramRouteDeps): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const { db, diagrams } = deps;
  const idParam = (value: string) => parseOrThrow(idSchema, value, "id");

  app.post("/api/diagrams", async (c) => {
    const { value } = await readJsonBody(c, createDiagramSchema, MAX_DIAGRAM_BODY_BYTES);
    const created = await diagrams.createFromFile(c.get("userId"), {
      name: value.name,
      collectionId: value.collectionId ?? null,
      file: value.file,
      thumbnail: value.thumbnail,
      source: value.file ? "import" : "web",
    });
    return c.json(created, 201, { Location: `/api/diagrams/${created.id}` });
  });

  app.get("/api/diagrams", async (c) => {
    const query = parseOrThrow(listDiagramsQuery, c.req.query(), "query");
    const collectionId = query.collectionId === "none" ? null : query.collectionId;
    // One extra row says whether another page exists without a COUNT.
    const rows = await listDiagrams(db, c.get("userId"), {
      collectionId,
      query: query.q,
      limit: query.limit + 1,
      offset: query.offset,
    });
    const page = rows.slice(0, query.limit).map(diagrams.view);
    const nextOffset = rows.length > query.limit ? query.offset + query.limit : null;
    return c.json({ diagrams: page, nextOffset });
  });

  app.get("/api/diagrams/:id", async (c) => {
    const diagram = await getDiagram(db, c.get("userId"), idParam(c.req.param("id")));
    const { file, ...meta } = diagram;
    // The stored text is already JSON: splice it in rather than parse and re-serialise 10 MB.
    const head = JSON.stringify(diagrams.view(meta)).slice(0, -1);
    return c.body(`${head},"file":${file}}`, 200, {
      "Content-Type": "application/json; charset=utf-8",
      ETag: `"${meta.revision}"`,
    });
  });

  app.put("/api/diagrams/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const expectedRevision = parseIfMatch(c.req.header("if-match"));
    const { value } = await readJsonBody(c, replaceDiagramSchema, MAX_DIAGRAM_BODY_BYTES);
    const content = contentFromFile(value.file, value.thumbnail);
    const saved = await replaceDiagramContent(db, c.get("userId"), id, {
      ...content,
      expectedRevision,
    });
    return c.json({ id: saved.id, revision: saved.revision, updatedAt: saved.updatedAt }, 200, {
      ETag: `"${saved.revision}"`,
    });
  });

  app.patch("/api/diagrams/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const { value } = await readJsonBody(c, patchDiagramSchema, SMALL_BODY_BYTES);
    return c.json(diagrams.view(await updateDiagramMeta(db, c.get("userId"), id, value)));
  });

  app.delete("/api/diagrams/:id", async (c) => {
    await deleteDiagram(db, c.get("userId"), idParam(c.req.param("id")));
    return c.body(null, 204);
  });

  app.get("/api/diagrams/:id/thumbnail.svg", async (c) => {
    const svg = await getThumbnail(db, c.get("userId"), idParam(c.req.param("id")));
    const etag = `"${sha256Hex(svg).slice(0, 32)}"`;
    if (c.req.header("if-none-match") === etag) {
      return c.body(null, 304, { ETag: etag, ...THUMBNAIL_HEADERS });
    }
    return c.body(svg, 200, { ETag: etag, ...THUMBNAIL_HEADERS });
  });

  return app;
}
