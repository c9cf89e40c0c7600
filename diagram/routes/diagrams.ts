// /api/diagrams: create (empty, or from a file, a spec or a Mermaid chart), list, read, export
// (.excalidraw, .svg, .mmd), replace (with If-Match), rename or move, duplicate, delete, thumbnail.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import {
  createDiagramSchema,
  duplicateDiagramSchema,
  idSchema,
  listDiagramsQuery,
  parseOrThrow,
  patchDiagramSchema,
  replaceDiagramSchema,
} from "../service/schemas.ts";
import { actorOf, type DiagramHonoEnv } from "../http/authenticate.ts";
import { readJsonBody, SMALL_BODY_BYTES } from "../http/json_body.ts";
import { bodyOrNotModified } from "../../runtime/etag.ts";
import { MAX_THUMBNAIL_BYTES } from "../drawing/svg/sanitize_svg.ts";
import { SCENE_LIMITS } from "../drawing/excalidraw/validate.ts";
import { attachment } from "../http/content_disposition.ts";

/** A whole file plus a browser thumbnail plus the JSON around them. */
export const MAX_DIAGRAM_BODY_BYTES = SCENE_LIMITS.maxFileBytes + MAX_THUMBNAIL_BYTES + 64 * 1024;

/** For every SVG we serve, the thumbnail and the export alike. */
export const THUMBNAIL_HEADERS = {
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

/** /api/diagrams: the REST API of diagrams (see the top of this file). */
export function diagramRoutes(diagrams: DiagramOperations): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const idParam = (value: string) => parseOrThrow(idSchema, value, "id");

  app.post("/api/diagrams", async (c) => {
    const { value } = await readJsonBody(c, createDiagramSchema, MAX_DIAGRAM_BODY_BYTES);
    // A body with contents (a file, a spec, a chart) is an import; without, a new empty drawing.
    const brought = value.file ?? value.spec ?? value.mermaid;
    const actor = {
      ...actorOf(c),
      via: brought === undefined ? "web" as const : "import" as const,
    };
    const target = { name: value.name, collectionId: value.collectionId ?? null };
    const created = value.mermaid !== undefined
      ? await diagrams.createFromMermaid(actor, { ...target, mermaid: value.mermaid })
      : value.spec !== undefined
      ? { ...(await diagrams.createFromSpec(actor, { ...target, spec: value.spec })), notes: null }
      : {
        diagram: await diagrams.create(actor, {
          ...target,
          file: value.file,
          thumbnail: value.thumbnail,
        }),
        notes: null,
      };
    const { diagram } = created;
    // A chart's notes say what of it is not drawn.
    const body = created.notes === null ? diagram : { ...diagram, notes: created.notes };
    return c.json(body, 201, { Location: `/api/diagrams/${diagram.id}` });
  });

  app.get("/api/diagrams", async (c) => {
    const query = parseOrThrow(listDiagramsQuery, c.req.query(), "query");
    const collectionId = query.collectionId === "none" ? null : query.collectionId;
    // One extra row says whether another page exists without a COUNT.
    const rows = await diagrams.list(c.get("userId"), {
      collectionId,
      query: query.q,
      limit: query.limit + 1,
      offset: query.offset,
    });
    const nextOffset = rows.length > query.limit ? query.offset + query.limit : null;
    // Where a search matched is for the pages; the API's rows stay plain diagrams.
    const page = rows.slice(0, query.limit).map(({ match: _, position: __, ...view }) => view);
    return c.json({ diagrams: page, nextOffset });
  });

  app.get("/api/diagrams/:id", async (c) => {
    const { file, ...view } = await diagrams.get(c.get("userId"), idParam(c.req.param("id")));
    // The stored text is already JSON: splice it in rather than parse and re-serialise 10 MB.
    const head = JSON.stringify(view).slice(0, -1);
    return c.body(`${head},"file":${file}}`, 200, {
      "Content-Type": "application/json; charset=utf-8",
      ETag: `"${view.revision}"`,
    });
  });

  app.get("/api/diagrams/:id/export", async (c) => {
    const { fileName, file } = await diagrams.export(c.get("userId"), idParam(c.req.param("id")));
    return bodyOrNotModified(c, file, {
      "Content-Type": "application/vnd.excalidraw+json",
      "Content-Disposition": attachment(fileName),
      "Cache-Control": "private, no-cache",
    });
  });

  app.get("/api/diagrams/:id/export.svg", async (c) => {
    const { fileName, svg } = await diagrams.exportSvg(
      c.get("userId"),
      idParam(c.req.param("id")),
    );
    return bodyOrNotModified(c, svg, {
      ...THUMBNAIL_HEADERS,
      "Content-Disposition": attachment(fileName),
    });
  });

  app.get("/api/diagrams/:id/export.mmd", async (c) => {
    const { fileName, mermaid } = await diagrams.exportMermaid(
      c.get("userId"),
      idParam(c.req.param("id")),
    );
    return bodyOrNotModified(c, mermaid, {
      "Content-Type": "text/vnd.mermaid; charset=utf-8",
      "Content-Disposition": attachment(fileName),
      "Cache-Control": "private, no-cache",
    });
  });

  app.put("/api/diagrams/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const expectedRevision = parseIfMatch(c.req.header("if-match"));
    const { value } = await readJsonBody(c, replaceDiagramSchema, MAX_DIAGRAM_BODY_BYTES);
    const saved = await diagrams.replaceFile(actorOf(c), id, { ...value, expectedRevision });
    return c.json({ id: saved.id, revision: saved.revision, updatedAt: saved.updatedAt }, 200, {
      ETag: `"${saved.revision}"`,
    });
  });

  app.patch("/api/diagrams/:id", async (c) => {
    const id = idParam(c.req.param("id"));
    const { value } = await readJsonBody(c, patchDiagramSchema, SMALL_BODY_BYTES);
    return c.json(await diagrams.updateDetails(actorOf(c), id, value));
  });

  app.post("/api/diagrams/:id/duplicate", async (c) => {
    const id = idParam(c.req.param("id"));
    // The body is optional: a bare POST copies with " (copy)" appended, into the same collection.
    const value = c.req.header("content-type") === undefined
      ? {}
      : (await readJsonBody(c, duplicateDiagramSchema, SMALL_BODY_BYTES)).value;
    const copy = await diagrams.duplicate(actorOf(c), id, value);
    return c.json(copy, 201, { Location: `/api/diagrams/${copy.id}` });
  });

  app.delete("/api/diagrams/:id", async (c) => {
    await diagrams.delete(actorOf(c), idParam(c.req.param("id")));
    return c.body(null, 204);
  });

  app.get("/api/diagrams/:id/thumbnail.svg", async (c) => {
    const svg = await diagrams.thumbnail(c.get("userId"), idParam(c.req.param("id")));
    return bodyOrNotModified(c, svg, THUMBNAIL_HEADERS);
  });

  return app;
}
