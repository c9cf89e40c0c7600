// POST /import: one or many .excalidraw files, or Mermaid flowcharts (.mmd, .mermaid), from the
// gallery's form (into the collection shown, if any). Each file is validated whole and stored as one
// diagram (a chart drawn by the service, as the New from Mermaid page draws it), or listed with its
// problems; a refused file leaves nothing behind.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { readMultipartRequest } from "../../runtime/request_body.ts";
import type { DiagramOperations } from "../service/diagram_operations.ts";
import type { Actor } from "../service/diagrams.ts";
import { InvalidInputError, NotFoundError } from "../service/errors.ts";
import { idSchema, nameSchema } from "../service/schemas.ts";
import { DrawingBusyError, DrawingTimeoutError } from "../drawing_pool/drawing_pool.ts";
import type { PageEnv } from "../http/page_session.ts";
import { galleryImportPage, type ImportOutcome, importPage } from "../pages/import_page.ts";
import type { DiagramService } from "../service/diagram_service.ts";
import {
  GALLERY_TOO_LARGE,
  GALLERY_UPLOAD_TIMEOUT_MS,
  MAX_GALLERY_ARCHIVE_BYTES,
} from "./gallery.ts";

/** What the import forms need. */
export interface ImportPageDeps {
  diagrams: DiagramOperations;
  gallery: DiagramService["gallery"];
}

/** One import: a few files of the biggest size a diagram may have. */
const IMPORT_BYTES = 32 * 1024 * 1024;
const MAX_IMPORT_FILES = 50;
/** A Mermaid chart by its name; anything else is read as an Excalidraw file. */
const MERMAID_FILE = /\.(mmd|mermaid)$/i;

/** Mounted behind the signed-in check. */
export function importPages(deps: ImportPageDeps): Hono<PageEnv> {
  const app = new Hono<PageEnv>();

  app.post("/import", async (c) => {
    const form = await readMultipartRequest(c.req.raw, IMPORT_BYTES, {
      tooLarge: `an import is at most ${IMPORT_BYTES / 1024 / 1024} MiB`,
    });
    const files = form.getAll("files").filter((entry) => entry instanceof File);
    if (files.length === 0 || files.length > MAX_IMPORT_FILES) {
      throw new HTTPException(400, {
        message: `choose between 1 and ${MAX_IMPORT_FILES} .excalidraw or Mermaid (.mmd) files`,
      });
    }
    const into = idSchema.safeParse(form.get("collectionId"));
    const actor: Actor = { userId: c.get("userId"), via: "import" };
    const collectionId = into.success ? into.data : null;
    const outcomes: ImportOutcome[] = [];
    for (const file of files) outcomes.push(await importOne(actor, collectionId, file));
    return c.html(importPage(c.get("email"), outcomes));
  });

  app.get("/import/gallery", (c) => c.html(galleryImportPage(c.get("email"))));

  // A whole-gallery archive (GET /api/export's), read back all or nothing.
  app.post("/import/gallery", async (c) => {
    const form = await readMultipartRequest(c.req.raw, MAX_GALLERY_ARCHIVE_BYTES, {
      tooLarge: GALLERY_TOO_LARGE,
      timeoutMs: GALLERY_UPLOAD_TIMEOUT_MS,
    });
    const archive = form.get("archive");
    if (!(archive instanceof File) || archive.size === 0) {
      throw new HTTPException(400, { message: "choose the .zip a gallery export made" });
    }
    const actor: Actor = { userId: c.get("userId"), via: "import" };
    try {
      const imported = await deps.gallery.import(actor, await archive.bytes());
      return c.html(galleryImportPage(c.get("email"), { imported }));
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      return c.html(galleryImportPage(c.get("email"), { problems: error.problems }), 400);
    }
  });

  /** One file: an Excalidraw file's JSON validated whole, or a chart drawn; or its problems. */
  const importOne = async (
    actor: Actor,
    collectionId: string | null,
    file: File,
  ): Promise<ImportOutcome> => {
    const isChart = MERMAID_FILE.test(file.name);
    const name = file.name.replace(/\.(excalidraw|json|mmd|mermaid)$/i, "").trim().slice(0, 200) ||
      "Imported diagram";
    const text = await file.text();
    const target = { name: nameSchema.catch("Imported diagram").parse(name), collectionId };
    try {
      if (isChart) {
        const drawn = await deps.diagrams.createFromMermaid(actor, { ...target, mermaid: text });
        const { id, name } = drawn.diagram;
        return { file: file.name, imported: { id, name }, notes: drawn.notes };
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return {
          file: file.name,
          problems: ["the file is not JSON (is it an .excalidraw file?)"],
        };
      }
      const imported = await deps.diagrams.create(actor, {
        ...target,
        file: json,
        sourceText: text,
      });
      return { file: file.name, imported: { id: imported.id, name: imported.name } };
    } catch (error) {
      if (error instanceof NotFoundError) {
        return { file: file.name, problems: ["the collection to import into no longer exists"] };
      }
      if (error instanceof DrawingBusyError || error instanceof DrawingTimeoutError) {
        return { file: file.name, problems: [error.message] };
      }
      if (!(error instanceof InvalidInputError)) throw error;
      return { file: file.name, problems: error.problems };
    }
  };

  return app;
}
