// /api/diagrams/:id/files/:fileId: the images of a diagram, one request each. The editor uploads
// an image's bytes once and keeps only its metadata in the file and the room; any browser on the
// diagram fetches the bytes here.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import { IMAGE_TYPES, imageFileName, isImageType, MAX_IMAGE_BYTES } from "../service/images.ts";
import { idSchema, parseOrThrow } from "../service/schemas.ts";
import { actorOf, type DiagramHonoEnv } from "../http/authenticate.ts";
import { attachment } from "../http/content_disposition.ts";
import { readRequestBytes } from "../../runtime/request_body.ts";
import { parseMediaType } from "../../shared/media_type.ts";

/** How an uploaded image is served, to its owner or to a share link's visitor. */
export const UPLOADED_IMAGE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  // Should a browser still show an image opened directly, as a document of our origin, an SVG
  // one must run nothing; the same policy costs a raster image nothing.
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const IMAGE_HEADERS = {
  // A file id is a hash of the content: what this address answers never changes.
  "Cache-Control": "private, max-age=31536000, immutable",
  ...UPLOADED_IMAGE_HEADERS,
};

/** GET and PUT /api/diagrams/:id/files/:fileId: a diagram's images. */
export function diagramFileRoutes(diagrams: DiagramOperations): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();
  const idParam = (value: string) => parseOrThrow(idSchema, value, "id");

  app.put("/api/diagrams/:id/files/:fileId", async (c) => {
    const id = idParam(c.req.param("id"));
    const fileId = c.req.param("fileId");
    // The type is checked before the body is read: a wrong one needs no bytes to refuse.
    const mimeType = parseMediaType(c.req.header("content-type") ?? null).essence;
    if (!isImageType(mimeType)) {
      throw new HTTPException(415, {
        message: `send the image's own type as Content-Type, one of ${IMAGE_TYPES.join(", ")}`,
      });
    }
    const bytes = await readRequestBytes(c.req.raw, MAX_IMAGE_BYTES, {
      tooLarge: `the image is larger than ${
        MAX_IMAGE_BYTES / 1024 / 1024
      } MiB, the most one image may be`,
    });
    const { created } = await diagrams.putImage(actorOf(c), id, fileId, { mimeType, bytes });
    const answer = { id: fileId, mimeType, byteSize: bytes.byteLength };
    return created
      ? c.json(answer, 201, { Location: `/api/diagrams/${id}/files/${fileId}` })
      : c.json(answer, 200);
  });

  app.get("/api/diagrams/:id/files/:fileId", async (c) => {
    const id = idParam(c.req.param("id"));
    const fileId = c.req.param("fileId");
    const { mimeType, bytes } = await diagrams.image(c.get("userId"), id, fileId);
    // The editor fetches the bytes; a browser that opens the address saves the file instead of
    // showing it as a page of this site.
    return c.body(bytes, 200, {
      "Content-Type": mimeType,
      "Content-Disposition": attachment(imageFileName(fileId, mimeType)),
      ...IMAGE_HEADERS,
    });
  });

  return app;
}
