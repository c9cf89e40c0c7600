// The whole gallery as one archive: GET /api/export downloads it (a zip: gallery_archive.ts says
// its layout), POST /api/import/gallery reads one back (the zip as the body, application/zip),
// all of it or, when anything in it is refused, none of it. Token or cookie, like the REST API.
import { Hono } from "hono";
import { readRequestBytes, RequestBodyError } from "../../runtime/request_body.ts";
import { parseMediaType } from "../../shared/media_type.ts";
import { actorOf, type DiagramHonoEnv } from "../http/authenticate.ts";
import { attachment } from "../http/content_disposition.ts";
import type { DiagramService } from "../service/diagram_service.ts";

/** The largest archive an import takes: a big gallery with its history and images. */
export const MAX_GALLERY_ARCHIVE_BYTES = 512 * 1024 * 1024;
/** A large archive takes a while to arrive on a slow line. */
export const GALLERY_UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;
/** The refusal of a gallery archive over the size limit. */
export const GALLERY_TOO_LARGE = `a gallery archive is at most ${
  MAX_GALLERY_ARCHIVE_BYTES / 1024 / 1024
} MiB`;

/** GET /api/export and POST /api/import/gallery: the whole gallery as one archive. */
export function galleryRoutes(gallery: DiagramService["gallery"]): Hono<DiagramHonoEnv> {
  const app = new Hono<DiagramHonoEnv>();

  app.get("/api/export", async (c) => {
    const { fileName, zip } = await gallery.export(c.var.userId);
    return c.body(zip, 200, {
      "Content-Type": "application/zip",
      "Content-Disposition": attachment(fileName),
      "Cache-Control": "private, no-store",
    });
  });

  app.post("/api/import/gallery", async (c) => {
    const type = parseMediaType(c.req.header("content-type") ?? null).essence;
    if (type !== "application/zip" && type !== "application/octet-stream") {
      throw new RequestBodyError(415, "send the archive as application/zip");
    }
    const archive = await readRequestBytes(c.req.raw, MAX_GALLERY_ARCHIVE_BYTES, {
      tooLarge: GALLERY_TOO_LARGE,
      timeoutMs: GALLERY_UPLOAD_TIMEOUT_MS,
    });
    return c.json(await gallery.import({ ...actorOf(c), via: "import" }, archive), 201);
  });

  return app;
}
